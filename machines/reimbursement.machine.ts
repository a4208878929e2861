/**
 * The reimbursement lifecycle machine, built from the transition table in
 * src/domain/reimbursement-lifecycle.ts (one state per lifecycle state, one `reimburse.<action>`
 * transition per table row, guarded by the action's right and the table's named guards). Used twice:
 * - the editor's toolbar asks `enabledReimbursementActions(snapshot)` which buttons are enabled and
 *   `explainReimbursementAction` why one is not (the save prompt while edits are unsaved);
 * - the server asks `decideReimbursementAction(state, action, ctx)` when it saves, deletes, locks or
 *   unlocks: xstate's pure `transition` from a snapshot resolved at the stored state.
 */
import { and, assign, setup, transition, type SnapshotFrom } from 'xstate';
import { hasRight } from '../src/domain/rights';
import {
  nextReimbursementState,
  reimbursementActions,
  reimbursementActionSpecs,
  reimbursementGuards,
  reimbursementStates,
  reimbursementTransitions,
  type ReimbursementAction,
  type ReimbursementActionContext,
  type ReimbursementState,
  type ReimbursementTransitionResult,
} from '../src/domain/reimbursement-lifecycle';

export type ReimbursementEvent = { type: `reimburse.${ReimbursementAction}` };

export const reimbursementEventOf = (action: ReimbursementAction): ReimbursementEvent => ({ type: `reimburse.${action}` });

const machineSetup = setup({
  types: {
    context: {} as ReimbursementActionContext,
    input: {} as ReimbursementActionContext,
    events: {} as ReimbursementEvent,
  },
  guards: {
    hasRight: ({ context }, params: { right: number }) => hasRight(context.user, params.right),
    noUnsavedEdits: ({ context }) => reimbursementGuards.noUnsavedEdits.test(context),
    makerIsNotAuditor: ({ context }) => reimbursementGuards.makerIsNotAuditor.test(context),
  },
  actions: {
    markDirty: assign({ dirty: true }),
    markClean: assign({ dirty: false }),
  },
});

type StateConfig = { on: Record<string, { target: ReimbursementState; guard: unknown; actions?: 'markDirty' | 'markClean' }> };

function stateConfig(state: ReimbursementState): StateConfig {
  const on: StateConfig['on'] = {};
  for (const row of reimbursementTransitions.filter((r) => r.from === state)) {
    const spec = reimbursementActionSpecs[row.action];
    on[reimbursementEventOf(row.action).type] = {
      target: row.to,
      guard: and([{ type: 'hasRight', params: { right: spec.right } }, ...spec.guards]) as unknown,
      ...(row.action === 'edit' ? { actions: 'markDirty' as const } : row.action === 'save' ? { actions: 'markClean' as const } : {}),
    };
  }
  return { on };
}

export const reimbursementMachine = machineSetup.createMachine({
  id: 'reimbursement',
  initial: 'new',
  context: ({ input }) => ({ ...input }),
  // Computed from the table; the agreement with the table is checked by decideReimbursementAction and the tests.
  states: Object.fromEntries(reimbursementStates.map((s) => [s, stateConfig(s)])) as never,
});

export type ReimbursementSnapshot = SnapshotFrom<typeof reimbursementMachine>;

export function reimbursementSnapshot(state: ReimbursementState, ctx: ReimbursementActionContext): ReimbursementSnapshot {
  return reimbursementMachine.resolveState({ value: state, context: ctx });
}

export function enabledReimbursementActions(snapshot: ReimbursementSnapshot): Record<ReimbursementAction, boolean> {
  return Object.fromEntries(reimbursementActions.map((a) => [a, snapshot.can(reimbursementEventOf(a))])) as Record<ReimbursementAction, boolean>;
}

/** Why an action is refused (or where it leads), for a button's tooltip or the save prompt. */
export function explainReimbursementAction(snapshot: ReimbursementSnapshot, action: ReimbursementAction): ReimbursementTransitionResult {
  return nextReimbursementState(snapshot.value as ReimbursementState, action, snapshot.context);
}

/** The server's decision: the machine's pure transition from the stored state; the table says why it refuses. */
export function decideReimbursementAction(state: ReimbursementState, action: ReimbursementAction, ctx: ReimbursementActionContext): ReimbursementTransitionResult {
  const snapshot = reimbursementSnapshot(state, ctx);
  const event = reimbursementEventOf(action);
  const table = nextReimbursementState(state, action, ctx);
  if (!snapshot.can(event)) {
    if (table.ok) throw new Error(`reimbursement machine and table disagree on ${state} × ${action}`);
    return table;
  }
  const [next] = transition(reimbursementMachine, snapshot, event);
  const to = next.value as ReimbursementState;
  if (!table.ok || table.next !== to) throw new Error(`reimbursement machine and table disagree on ${state} × ${action}`);
  return { ok: true, next: to };
}
