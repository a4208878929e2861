/**
 * The voucher lifecycle machine, built from the transition table in src/domain/voucher-lifecycle.ts
 * (one state per lifecycle state, one `voucher.<action>` transition per table row, guarded by the
 * action's right and the row's named guards). Used twice:
 * - the app's editor toolbar asks `enabledVoucherActions(snapshot)` which buttons are enabled, and
 *   `promptsSave(snapshot)` whether unsaved changes need the save dialog first (spec 01 §4);
 * - the server asks `decideVoucherAction(state, action, ctx)` inside the action's transaction,
 *   which runs the pure `transition` of xstate from a snapshot resolved at the stored state.
 * The machine never talks to anyone; it only decides.
 */
import { and, assign, setup, transition, type SnapshotFrom } from 'xstate';
import { hasRight } from '../src/domain/rights';
import {
  guardsOf,
  nextVoucherState,
  voucherActions,
  voucherActionSpecs,
  voucherGuards,
  voucherLifecycleStates,
  voucherStateTags,
  voucherTransitions,
  type VoucherAction,
  type VoucherActionContext,
  type VoucherLifecycleState,
  type VoucherTag,
  type VoucherTransitionResult,
} from '../src/domain/voucher-lifecycle';

export type VoucherEventType = `voucher.${VoucherAction}`;
export type VoucherEvent = { type: VoucherEventType };

export interface VoucherMachineContext extends VoucherActionContext {
  /** The editor holds changes not saved yet. */
  dirty: boolean;
}

export type VoucherMachineInput = VoucherActionContext & { dirty?: boolean };

export const voucherEventOf = (action: VoucherAction): VoucherEvent => ({ type: `voucher.${action}` });

const machineSetup = setup({
  types: {
    context: {} as VoucherMachineContext,
    input: {} as VoucherMachineInput,
    events: {} as VoucherEvent,
    tags: {} as VoucherTag,
  },
  guards: {
    hasRight: ({ context }, params: { right: number }) => hasRight(context.user, params.right),
    periodOpen: ({ context }) => voucherGuards.periodOpen.test(context),
    makerIsNotAuditor: ({ context }) => voucherGuards.makerIsNotAuditor.test(context),
    cashierSignNotRequired: ({ context }) => voucherGuards.cashierSignNotRequired.test(context),
    notReversed: ({ context }) => voucherGuards.notReversed.test(context),
    notReversal: ({ context }) => voucherGuards.notReversal.test(context),
  },
  actions: {
    markDirty: assign({ dirty: true }),
    markClean: assign({ dirty: false }),
  },
});

type StateConfig = {
  tags: VoucherTag[];
  type?: 'final';
  on: Record<string, { target: VoucherLifecycleState; guard: unknown; actions?: 'markDirty' | 'markClean' }>;
};

function stateConfig(state: VoucherLifecycleState): StateConfig {
  const on: StateConfig['on'] = {};
  for (const row of voucherTransitions.filter((r) => r.from === state)) {
    const right = voucherActionSpecs[row.action].right;
    on[voucherEventOf(row.action).type] = {
      target: row.to,
      guard: and([{ type: 'hasRight', params: { right } }, ...guardsOf(row)]) as unknown,
      ...(row.action === 'edit' ? { actions: 'markDirty' as const } : row.action === 'save' ? { actions: 'markClean' as const } : {}),
    };
  }
  return { tags: [...voucherStateTags[state]], ...(state === 'deleted' ? { type: 'final' as const } : {}), on };
}

export const voucherMachine = machineSetup.createMachine({
  id: 'voucher',
  initial: 'new',
  context: ({ input }) => ({ ...input, dirty: input.dirty ?? false }),
  // The states come from the table; the cast only tells the config typing what it cannot infer
  // from a computed object (the transition guards are checked by the agreement test instead).
  states: Object.fromEntries(voucherLifecycleStates.map((s) => [s, stateConfig(s)])) as never,
});

export type VoucherSnapshot = SnapshotFrom<typeof voucherMachine>;

/** A snapshot of the machine at a stored voucher's state, for the toolbar or the server. */
export function voucherSnapshot(state: VoucherLifecycleState, ctx: VoucherActionContext, dirty = false): VoucherSnapshot {
  return voucherMachine.resolveState({ value: state, context: { ...ctx, dirty } });
}

export function lifecycleStateOf(snapshot: VoucherSnapshot): VoucherLifecycleState {
  return snapshot.value as VoucherLifecycleState;
}

/** Which toolbar actions are enabled now (the right, the state and the guards all allow them). */
export function enabledVoucherActions(snapshot: VoucherSnapshot): Record<VoucherAction, boolean> {
  return Object.fromEntries(voucherActions.map((a) => [a, snapshot.can(voucherEventOf(a))])) as Record<VoucherAction, boolean>;
}

/** Unsaved changes prompt the save dialog before new, copy, navigation or leaving (spec 01 §4). */
export function promptsSave(snapshot: VoucherSnapshot): boolean {
  return snapshot.context.dirty;
}

/**
 * The server's decision: the machine's pure `transition` from the stored state. A refusal carries
 * the table's result code (the machine knows that it refuses, the table says why).
 */
export function decideVoucherAction(state: VoucherLifecycleState, action: VoucherAction, ctx: VoucherActionContext): VoucherTransitionResult {
  const snapshot = voucherSnapshot(state, ctx);
  const event = voucherEventOf(action);
  const table = nextVoucherState(state, action, ctx);
  if (!snapshot.can(event)) {
    if (table.ok) throw new Error(`voucher machine and table disagree on ${state} × ${action}`);
    return table;
  }
  const [next] = transition(voucherMachine, snapshot, event);
  const to = lifecycleStateOf(next);
  if (!table.ok || table.next !== to) throw new Error(`voucher machine and table disagree on ${state} × ${action}`);
  return { ok: true, next: to };
}

/** Why a toolbar action is disabled (or where it leads), for the button's tooltip. */
export function explainVoucherAction(snapshot: VoucherSnapshot, action: VoucherAction): VoucherTransitionResult {
  return nextVoucherState(lifecycleStateOf(snapshot), action, snapshot.context);
}
