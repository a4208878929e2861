import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RIGHTS } from './rights';
import {
  applyVoucherAction,
  findVoucherTransition,
  isVoucherLocked,
  nextVoucherState,
  refusalOf,
  voucherActions,
  voucherActionSpecs,
  voucherLifecycleStateOf,
  voucherListFilters,
  voucherLifecycleStates,
  voucherStatusOf,
  voucherTransitions,
  type VoucherAction,
  type VoucherActionContext,
  type VoucherLifecycleState,
  type VoucherStatusRecord,
} from './voucher-lifecycle';

const MAKER = 1;
const CLERK = 2;
const ALL_VOUCHER_RIGHTS = [RIGHTS.VOUCHER_EDIT, RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP, RIGHTS.VOUCHER_CASHIER, RIGHTS.VOUCHER_INVALIDATE];

const ctx = (over: Partial<VoucherActionContext> = {}): VoucherActionContext => ({
  user: { id: CLERK, kind: 'OTHER', rightIds: ALL_VOUCHER_RIGHTS },
  makerId: MAKER,
  periodSettled: false,
  cashierSignRequired: false,
  ...over,
});

/** Follows a chain of actions, failing the test on the first refusal. */
function walk(from: VoucherLifecycleState, actions: VoucherAction[], c = ctx()): VoucherLifecycleState {
  let s = from;
  for (const a of actions) {
    const r = nextVoucherState(s, a, c);
    if (!r.ok) throw new Error(`${s} × ${a} refused: ${r.code}`);
    s = r.next;
  }
  return s;
}

describe('voucher transition table', () => {
  it('has at most one row per state and action, and none out of the final state', () => {
    const keys = voucherTransitions.map((r) => `${r.from}×${r.action}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(voucherTransitions.filter((r) => r.from === 'deleted')).toEqual([]);
  });

  it('explains every refusal with a specific code, and never refuses a pair that has a row', () => {
    for (const s of voucherLifecycleStates) {
      for (const a of voucherActions) {
        const row = findVoucherTransition(s, a);
        const refusing = voucherActionSpecs[a].refusals.filter((r) => r.when.includes(s));
        if (row) expect(refusing, `${s} × ${a}`).toEqual([]);
        else expect(refusalOf(s, a), `${s} × ${a}`).not.toBe('OPERATION_FAILED');
      }
    }
  });

  it('reaches every state from a new voucher', () => {
    const seen = new Set<VoucherLifecycleState>(['new']);
    let grew = true;
    while (grew) {
      grew = false;
      for (const r of voucherTransitions) {
        if (seen.has(r.from) && !seen.has(r.to)) {
          seen.add(r.to);
          grew = true;
        }
      }
    }
    expect([...seen].sort()).toEqual([...voucherLifecycleStates].sort());
  });

  it('walks the usual life: save, cashier, audit, bookkeep, and back again', () => {
    const booked = walk('new', ['edit', 'save', 'cashier', 'audit', 'bookkeep']);
    expect(booked).toBe('bookkeptCashiered');
    expect(walk(booked, ['reverseBookkeep', 'reverseAudit', 'reverseCashier', 'edit', 'save'])).toBe('draft');
    expect(walk('draft', ['auditError', 'reverseAuditError', 'invalid', 'reverseInvalid', 'invalid', 'delete'])).toBe('deleted');
  });

  it('refuses with the reason a clerk needs', () => {
    const c = ctx();
    expect(nextVoucherState('audited', 'save', c)).toEqual({ ok: false, code: 'VOUCHER_LOCKED' });
    expect(nextVoucherState('cashiered', 'delete', c)).toEqual({ ok: false, code: 'VOUCHER_LOCKED' });
    expect(nextVoucherState('draft', 'bookkeep', c)).toEqual({ ok: false, code: 'VOUCHER_NOT_AUDITED' });
    expect(nextVoucherState('auditError', 'bookkeep', c)).toEqual({ ok: false, code: 'VOUCHER_AUDIT_ERROR' });
    expect(nextVoucherState('bookkept', 'reverseAudit', c)).toEqual({ ok: false, code: 'VOUCHER_BOOKKEPT' });
    expect(nextVoucherState('bookkept', 'reverseCashier', c)).toEqual({ ok: false, code: 'VOUCHER_BOOKKEPT' });
    expect(nextVoucherState('invalid', 'audit', c)).toEqual({ ok: false, code: 'VOUCHER_INVALIDATED' });
    expect(nextVoucherState('invalid', 'bookkeep', c)).toEqual({ ok: false, code: 'VOUCHER_INVALIDATED' });
    expect(nextVoucherState('draft', 'reverseInvalid', c)).toEqual({ ok: false, code: 'VOUCHER_NOT_INVALID' });
    expect(nextVoucherState('audited', 'audit', c)).toEqual({ ok: false, code: 'VOUCHER_ALREADY_AUDITED' });
    // A voucher examined as an error is not "already audited": it says it was examined as an error (batch and single alike).
    for (const state of ['auditError', 'auditErrorCashiered'] as const) {
      expect(nextVoucherState(state, 'audit', c)).toEqual({ ok: false, code: 'VOUCHER_AUDIT_ERROR' });
      expect(nextVoucherState(state, 'auditError', c)).toEqual({ ok: false, code: 'VOUCHER_AUDIT_ERROR' });
    }
    expect(nextVoucherState('auditedCashiered', 'auditError', c)).toEqual({ ok: false, code: 'VOUCHER_ALREADY_AUDITED' });
    expect(nextVoucherState('audited', 'reverseAuditError', c)).toEqual({ ok: false, code: 'VOUCHER_NOT_AUDIT_ERROR' });
    expect(nextVoucherState('new', 'audit', c)).toEqual({ ok: false, code: 'VOUCHER_NOT_SAVED' });
    expect(nextVoucherState('deleted', 'reverseInvalid', c)).toEqual({ ok: false, code: 'NOT_FOUND' });
    expect(nextVoucherState('cashiered', 'cashier', c)).toEqual({ ok: false, code: 'VOUCHER_ALREADY_CASHIERED' });
    expect(nextVoucherState('audited', 'reverseCashier', c)).toEqual({ ok: false, code: 'VOUCHER_NOT_CASHIERED' });
    expect(nextVoucherState('invalid', 'syncCopy', c)).toEqual({ ok: false, code: 'VOUCHER_INVALIDATED' });
  });

  it('asks for the matching right of spec 01 §6 before anything else', () => {
    const only = (right: number) => ctx({ user: { id: CLERK, kind: 'OTHER', rightIds: [right] } });
    expect(nextVoucherState('draft', 'audit', only(RIGHTS.VOUCHER_EDIT))).toEqual({ ok: false, code: 'NO_PERMISSION' });
    expect(nextVoucherState('draft', 'audit', only(RIGHTS.VOUCHER_AUDIT))).toEqual({ ok: true, next: 'audited' });
    expect(nextVoucherState('audited', 'bookkeep', only(RIGHTS.VOUCHER_BOOKKEEP))).toEqual({ ok: true, next: 'bookkept' });
    expect(nextVoucherState('draft', 'cashier', only(RIGHTS.VOUCHER_CASHIER))).toEqual({ ok: true, next: 'cashiered' });
    expect(nextVoucherState('draft', 'invalid', only(RIGHTS.VOUCHER_INVALIDATE))).toEqual({ ok: true, next: 'invalid' });
    expect(nextVoucherState('draft', 'save', only(RIGHTS.VOUCHER_INVALIDATE))).toEqual({ ok: false, code: 'NO_PERMISSION' });
    // No permission wins over the state: a user without the right learns nothing about the voucher.
    expect(nextVoucherState('deleted', 'bookkeep', only(RIGHTS.VOUCHER_EDIT))).toEqual({ ok: false, code: 'NO_PERMISSION' });
    // Admins hold every right.
    expect(nextVoucherState('draft', 'audit', ctx({ user: { id: CLERK, kind: 'ADMIN', rightIds: [] } }))).toEqual({ ok: true, next: 'audited' });
  });

  it('refuses every action but copying in a settled period', () => {
    const settled = ctx({ periodSettled: true });
    for (const r of voucherTransitions) {
      const got = nextVoucherState(r.from, r.action, settled);
      if (r.action === 'copy' || r.action === 'syncCopy') expect(got).toEqual({ ok: true, next: r.to });
      else expect(got, `${r.from} × ${r.action}`).toEqual({ ok: false, code: 'PERIOD_SETTLED' });
    }
  });

  it('does not let the maker audit their own voucher, admins included, but lets them reverse an audit', () => {
    expect(nextVoucherState('draft', 'audit', ctx({ makerId: CLERK }))).toEqual({ ok: false, code: 'VOUCHER_SELF_AUDIT' });
    expect(nextVoucherState('draft', 'auditError', ctx({ makerId: CLERK }))).toEqual({ ok: false, code: 'VOUCHER_SELF_AUDIT' });
    expect(nextVoucherState('draft', 'audit', ctx({ makerId: CLERK, user: { id: CLERK, kind: 'ADMIN', rightIds: [] } }))).toEqual({ ok: false, code: 'VOUCHER_SELF_AUDIT' });
    expect(nextVoucherState('audited', 'reverseAudit', ctx({ makerId: CLERK }))).toEqual({ ok: true, next: 'draft' });
  });

  it('bookkeeps a cash voucher only after the cashier signed, when the ledger asks for it', () => {
    const c = ctx({ cashierSignRequired: true });
    expect(nextVoucherState('audited', 'bookkeep', c)).toEqual({ ok: false, code: 'VOUCHER_CASHIER_SIGN_REQUIRED' });
    expect(nextVoucherState('auditedCashiered', 'bookkeep', c)).toEqual({ ok: true, next: 'bookkeptCashiered' });
    expect(nextVoucherState('audited', 'bookkeep', ctx())).toEqual({ ok: true, next: 'bookkept' });
  });

  it('list filters show exactly the states where the next step is possible', () => {
    const where = (a: VoucherAction) => voucherLifecycleStates.filter((s) => findVoucherTransition(s, a)).sort();
    expect([...voucherListFilters.toAudit].sort()).toEqual(where('audit'));
    expect([...voucherListFilters.toCashier].sort()).toEqual(where('cashier'));
    expect([...voucherListFilters.toBookkeep].sort()).toEqual(where('bookkeep'));
    expect(voucherListFilters.all).not.toContain('deleted');
  });

  it('maps stored status fields to a state and back', () => {
    for (const s of voucherLifecycleStates) {
      if (s === 'new' || s === 'deleted') continue;
      const st = voucherStatusOf(s);
      const fields = { state: st.state, auditAt: st.audited ? '2026-01-02' : null, auditPass: st.auditPass, bookKeepAt: st.bookkept ? '2026-01-03' : null, cashierAt: st.cashier ? '2026-01-02' : null };
      expect(voucherLifecycleStateOf(fields)).toBe(s);
    }
    expect(() => voucherLifecycleStateOf({ state: 'NORMAL', auditAt: null, auditPass: null, bookKeepAt: '2026-01-03', cashierAt: null })).toThrow(/bookkept without/);
    expect(() => voucherLifecycleStateOf({ state: 'INVALID', auditAt: '2026-01-02', auditPass: true, bookKeepAt: null, cashierAt: null })).toThrow(/invalid/);
  });
});

describe('voucher lifecycle properties (fast-check)', () => {
  const arbCtx = fc.record({
    user: fc.record({
      id: fc.constantFrom(MAKER, CLERK),
      kind: fc.constantFrom('ADMIN' as const, 'OTHER' as const),
      rightIds: fc.subarray(ALL_VOUCHER_RIGHTS),
    }),
    makerId: fc.constant(MAKER),
    // Mostly open periods, so sequences get far enough to visit every state.
    periodSettled: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    cashierSignRequired: fc.boolean(),
  });
  const arbStep = fc.tuple(fc.constantFrom(...voucherActions), arbCtx);

  type Ctx = typeof arbCtx extends fc.Arbitrary<infer C> ? C : never;
  const admin: Ctx = { user: { id: CLERK, kind: 'ADMIN', rightIds: [...ALL_VOUCHER_RIGHTS] }, makerId: MAKER, periodSettled: false, cashierSignRequired: false };
  const everyStateWalk: Array<[VoucherAction, Ctx]> = ([
    'edit', 'save', 'cashier', 'audit', 'reverseCashier', 'bookkeep', 'reverseBookkeep', 'cashier', 'bookkeep', 'reverseBookkeep',
    'reverseAudit', 'auditError', 'reverseCashier', 'reverseAuditError', 'invalid', 'delete',
  ] as const).map((a) => [a, admin]);

  it('random action sequences by random users never reach an inconsistent voucher', () => {
    const reached = new Set<VoucherLifecycleState>();
    fc.assert(
      fc.property(fc.array(arbStep, { minLength: 10, maxLength: 80 }), (steps) => {
        let s: VoucherLifecycleState = 'new';
        for (const [action, c] of steps) {
          const before = s;
          const r = nextVoucherState(s, action, c);
          if (!r.ok) continue;
          s = r.next;
          reached.add(s);
          const st = voucherStatusOf(s);
          // Bookkept implies audited as correct; an invalid voucher carries no audit, signature or bookkeeping.
          if (st.bookkept) expect(st.auditPass).toBe(true);
          if (st.state === 'INVALID') expect(st.audited || st.cashier || st.bookkept).toBe(false);
          // A locked voucher is never edited, saved, invalidated or deleted.
          if (isVoucherLocked(before)) expect(['edit', 'save', 'invalid', 'delete']).not.toContain(action);
          // Nothing but copying happens in a settled period; nobody acts without the action's right.
          if (c.periodSettled) expect(['copy', 'syncCopy']).toContain(action);
          if (c.user.kind !== 'ADMIN') expect(c.user.rightIds).toContain(voucherActionSpecs[action].right);
          // Nobody audits a voucher they made.
          if (action === 'audit' || action === 'auditError') expect(c.user.id).not.toBe(MAKER);
          // Bookkeeping a voucher that needs the cashier's signature only after the signature.
          if (action === 'bookkeep' && c.cashierSignRequired) expect(st.cashier).toBe(true);
          // The stored fields read back as the same state.
          if (s !== 'deleted' && s !== 'new') {
            const fields = { state: st.state, auditAt: st.audited ? 'x' : null, auditPass: st.auditPass, bookKeepAt: st.bookkept ? 'x' : null, cashierAt: st.cashier ? 'x' : null };
            expect(voucherLifecycleStateOf(fields)).toBe(s);
          }
        }
        if (s === 'deleted') expect(voucherActions.every((a) => !nextVoucherState(s, a, { ...steps[0][1], user: { id: CLERK, kind: 'ADMIN', rightIds: [] } }).ok)).toBe(true);
      }),
      // One walk through every state runs first, so the coverage below never depends on the random draw.
      { numRuns: 500, examples: [[everyStateWalk]] },
    );
    // The sequences got everywhere, so the properties were checked in every state.
    expect([...reached].sort()).toEqual([...voucherLifecycleStates].sort());
  });
});

describe('applyVoucherAction (what the server writes)', () => {
  const fresh: VoucherStatusRecord = { state: 'NORMAL', auditAt: null, auditPass: null, auditBy: null, auditByName: null, bookKeepAt: null, bookKeepBy: null, bookKeepByName: null, cashierAt: null, cashierBy: null, cashierByName: null };
  const auditor = { id: CLERK, name: '李四' };

  it('stamps the actor and time on a new mark, keeps old stamps and clears reversed ones', () => {
    const signed = applyVoucherAction(fresh, 'cashier', ctx(), { id: 3, name: '出纳' }, '2026-04-01 09:00:00');
    expect(signed).toMatchObject({ ok: true, next: 'cashiered', fields: { cashierAt: '2026-04-01 09:00:00', cashierBy: 3, cashierByName: '出纳', auditAt: null } });
    if (!signed.ok) return;
    const audited = applyVoucherAction(signed.fields, 'audit', ctx(), auditor, '2026-04-02 10:00:00');
    expect(audited).toMatchObject({ ok: true, next: 'auditedCashiered', fields: { auditAt: '2026-04-02 10:00:00', auditBy: CLERK, auditPass: true, cashierAt: '2026-04-01 09:00:00', cashierBy: 3 } });
    if (!audited.ok) return;
    const back = applyVoucherAction(audited.fields, 'reverseAudit', ctx(), auditor, '2026-04-03 10:00:00');
    expect(back).toMatchObject({ ok: true, next: 'cashiered', fields: { auditAt: null, auditBy: null, auditByName: null, auditPass: null, cashierBy: 3 } });
    expect(applyVoucherAction(fresh, 'auditError', ctx(), auditor, 'x')).toMatchObject({ ok: true, next: 'auditError', fields: { auditPass: false, auditAt: 'x' } });
    expect(applyVoucherAction(fresh, 'invalid', ctx(), auditor, 'x')).toMatchObject({ ok: true, next: 'invalid', fields: { state: 'INVALID' } });
  });

  it('refuses what the table refuses, writing nothing', () => {
    expect(applyVoucherAction(fresh, 'bookkeep', ctx(), auditor, 'x')).toEqual({ ok: false, code: 'VOUCHER_NOT_AUDITED' });
    expect(applyVoucherAction(fresh, 'audit', ctx({ makerId: CLERK }), auditor, 'x')).toEqual({ ok: false, code: 'VOUCHER_SELF_AUDIT' });
  });

  it('always writes fields that read back as the next state (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...voucherActions), { minLength: 5, maxLength: 60 }), (actions) => {
        let fields = fresh;
        let step = 0;
        for (const a of actions) {
          const r = applyVoucherAction(fields, a, ctx(), { id: CLERK, name: '李四' }, `t${step++}`);
          if (!r.ok || r.next === 'deleted') continue;
          expect(voucherLifecycleStateOf(r.fields)).toBe(r.next);
          // Every mark carries its actor, and only a present mark does.
          expect(r.fields.auditBy === null).toBe(r.fields.auditAt === null);
          expect(r.fields.bookKeepBy === null).toBe(r.fields.bookKeepAt === null);
          expect(r.fields.cashierBy === null).toBe(r.fields.cashierAt === null);
          fields = r.fields;
        }
      }),
      { numRuns: 300 },
    );
  });
});
