import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { RIGHTS } from '../src/domain/rights';
import {
  nextVoucherState,
  voucherActions,
  voucherLifecycleStates,
  voucherStateTags,
  voucherStatusOf,
  voucherTransitions,
  type VoucherActionContext,
  type VoucherLifecycleState,
} from '../src/domain/voucher-lifecycle';
import {
  decideVoucherAction,
  enabledVoucherActions,
  explainVoucherAction,
  lifecycleStateOf,
  promptsSave,
  voucherEventOf,
  voucherMachine,
  voucherSnapshot,
  type VoucherEvent,
} from './voucher.machine';

const MAKER = 1;
const AUDITOR = 2;
const ALL = [RIGHTS.VOUCHER_EDIT, RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP, RIGHTS.VOUCHER_CASHIER, RIGHTS.VOUCHER_INVALIDATE];

const ctx = (over: Partial<VoucherActionContext> = {}): VoucherActionContext => ({
  user: { id: AUDITOR, kind: 'OTHER', rightIds: ALL },
  makerId: MAKER,
  periodSettled: false,
  cashierSignRequired: false,
  ...over,
});

const events: VoucherEvent[] = voucherActions.map(voucherEventOf);
const types = (p: { steps: Array<{ event: { type: string } }> }) => p.steps.map((s) => s.event.type).filter((t) => t !== 'xstate.init');

describe('voucher machine (xstate/graph)', () => {
  const input = ctx();

  it('reaches every state by a shortest path, each state with its tags', () => {
    // Paths are per (state, dirty flag); keep the shortest to each state.
    const paths = getShortestPaths(voucherMachine, { events, input }).sort((a, b) => b.steps.length - a.steps.length);
    const reached = new Map(paths.map((p) => [p.state.value as string, p]));
    expect([...reached.keys()].sort()).toEqual([...voucherLifecycleStates].sort());
    for (const [s, p] of reached) expect([...p.state.tags].sort()).toEqual([...voucherStateTags[s as VoucherLifecycleState]].sort());
    expect([...types(reached.get('bookkeptCashiered')!)].sort()).toEqual(['voucher.audit', 'voucher.bookkeep', 'voucher.cashier', 'voucher.save']);
    expect(types(reached.get('bookkept')!)).toEqual(['voucher.save', 'voucher.audit', 'voucher.bookkeep']);
    expect(reached.get('deleted')!.state.status).toBe('done');
  });

  it('from every reachable state, every event does what the table says (and nothing else)', () => {
    const contexts = [
      ctx(),
      ctx({ periodSettled: true }),
      ctx({ makerId: AUDITOR }),
      ctx({ cashierSignRequired: true }),
      ctx({ user: { id: AUDITOR, kind: 'ADMIN', rightIds: [] } }),
      ...ALL.map((r) => ctx({ user: { id: AUDITOR, kind: 'OTHER', rightIds: [r] } })),
      ctx({ user: { id: AUDITOR, kind: 'OTHER', rightIds: [] } }),
    ];
    const reached = new Set(getShortestPaths(voucherMachine, { events, input }).map((p) => p.state.value as VoucherLifecycleState));
    let checked = 0;
    for (const state of reached) {
      for (const c of contexts) {
        const snapshot = voucherSnapshot(state, c);
        for (const action of voucherActions) {
          const table = nextVoucherState(state, action, c);
          expect(snapshot.can(voucherEventOf(action)), `${state} × ${action}`).toBe(table.ok);
          expect(decideVoucherAction(state, action, c)).toEqual(table);
          checked++;
        }
      }
    }
    expect(checked).toBe(voucherLifecycleStates.length * contexts.length * voucherActions.length);
  });

  it('has exactly the table’s rows as transitions', () => {
    for (const s of voucherLifecycleStates) {
      const node = voucherMachine.states[s];
      const got = Object.entries(node.on).map(([event, ts]) => `${event}→${ts[0].target?.[0].key}`).sort();
      const want = voucherTransitions.filter((r) => r.from === s).map((r) => `voucher.${r.action}→${r.to}`).sort();
      expect(got, s).toEqual(want);
    }
  });

  it('every simple path keeps the voucher consistent: bookkept only when audited, invalid only when untouched', () => {
    const paths = getSimplePaths(voucherMachine, { events, input, toState: (s) => s.value === 'bookkeptCashiered' || s.value === 'deleted' });
    expect(paths.length).toBeGreaterThan(5);
    for (const p of paths) {
      for (const step of p.steps) {
        const st = voucherStatusOf(lifecycleStateOf(step.state));
        if (st.bookkept) expect(st.auditPass).toBe(true);
        if (st.state === 'INVALID') expect([st.audited, st.cashier, st.bookkept]).toEqual([false, false, false]);
      }
    }
  });
});

describe('voucher toolbar and server helpers', () => {
  it('enables the buttons the state and rights allow', () => {
    const draft = enabledVoucherActions(voucherSnapshot('draft', ctx()));
    expect(Object.entries(draft).filter(([, on]) => on).map(([a]) => a).sort()).toEqual(['audit', 'auditError', 'cashier', 'copy', 'delete', 'edit', 'invalid', 'save', 'syncCopy']);
    const bookkept = enabledVoucherActions(voucherSnapshot('bookkept', ctx()));
    expect(Object.entries(bookkept).filter(([, on]) => on).map(([a]) => a).sort()).toEqual(['copy', 'reverseBookkeep', 'syncCopy']);
    const cashierOnly = enabledVoucherActions(voucherSnapshot('draft', ctx({ user: { id: AUDITOR, kind: 'OTHER', rightIds: [RIGHTS.VOUCHER_CASHIER] } })));
    expect(Object.entries(cashierOnly).filter(([, on]) => on).map(([a]) => a)).toEqual(['cashier']);
    const settled = enabledVoucherActions(voucherSnapshot('audited', ctx({ periodSettled: true })));
    expect(Object.entries(settled).filter(([, on]) => on).map(([a]) => a).sort()).toEqual(['copy', 'syncCopy']);
  });

  it('explains a disabled button with the table’s code', () => {
    expect(explainVoucherAction(voucherSnapshot('draft', ctx({ makerId: AUDITOR })), 'audit')).toEqual({ ok: false, code: 'VOUCHER_SELF_AUDIT' });
    expect(explainVoucherAction(voucherSnapshot('audited', ctx()), 'save')).toEqual({ ok: false, code: 'VOUCHER_LOCKED' });
  });

  it('tracks unsaved changes: edits make the editor dirty, saving makes it clean', () => {
    const actor = createActor(voucherMachine, { input: ctx({ makerId: null }) }).start();
    expect(promptsSave(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'voucher.edit' });
    expect(actor.getSnapshot().value).toBe('new');
    expect(promptsSave(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'voucher.save' });
    expect(actor.getSnapshot().value).toBe('draft');
    expect(promptsSave(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'voucher.audit' });
    expect(actor.getSnapshot().value).toBe('audited');
    // Locked: an edit is refused and leaves the editor clean.
    actor.send({ type: 'voucher.edit' });
    expect(actor.getSnapshot().value).toBe('audited');
    expect(promptsSave(actor.getSnapshot())).toBe(false);
    actor.stop();
  });

  it('decides the server’s transition from a stored state', () => {
    expect(decideVoucherAction('audited', 'bookkeep', ctx())).toEqual({ ok: true, next: 'bookkept' });
    expect(decideVoucherAction('audited', 'bookkeep', ctx({ cashierSignRequired: true }))).toEqual({ ok: false, code: 'VOUCHER_CASHIER_SIGN_REQUIRED' });
    expect(decideVoucherAction('invalid', 'bookkeep', ctx())).toEqual({ ok: false, code: 'VOUCHER_INVALIDATED' });
    expect(decideVoucherAction('bookkept', 'reverseBookkeep', ctx({ periodSettled: true }))).toEqual({ ok: false, code: 'PERIOD_SETTLED' });
  });
});
