import { describe, expect, it } from 'vitest';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { RIGHTS } from '../src/domain/rights';
import {
  nextReimbursementState,
  reimbursementActions,
  reimbursementStateOf,
  reimbursementStates,
  type ReimbursementActionContext,
} from '../src/domain/reimbursement-lifecycle';
import {
  decideReimbursementAction,
  enabledReimbursementActions,
  explainReimbursementAction,
  reimbursementEventOf,
  reimbursementMachine,
  reimbursementSnapshot,
} from './reimbursement.machine';

const ctx = (over: Partial<ReimbursementActionContext> = {}): ReimbursementActionContext => ({
  user: { id: 1, kind: 'OTHER', rightIds: [RIGHTS.REIMBURSE_EDIT] },
  dirty: false,
  makerId: null,
  ...over,
});
const events = reimbursementActions.map(reimbursementEventOf);
const types = (p: { steps: Array<{ event: { type: string } }> }) => p.steps.map((s) => s.event.type).filter((t) => t !== 'xstate.init');

describe('reimbursement machine (xstate/graph)', () => {
  it('reaches every state; audited only through a save first', () => {
    const paths = getShortestPaths(reimbursementMachine, { events, input: ctx() });
    const reached = new Map<string, (typeof paths)[number]>();
    for (const p of paths) {
      const k = p.state.value as string;
      if (!reached.has(k) || reached.get(k)!.steps.length > p.steps.length) reached.set(k, p);
    }
    expect([...reached.keys()].sort()).toEqual([...reimbursementStates].sort());
    expect(types(reached.get('audited')!)).toEqual(['reimburse.save', 'reimburse.audit']);
  });

  it('every simple path agrees with the table, step by step', () => {
    const paths = getSimplePaths(reimbursementMachine, { events, input: ctx() });
    expect(paths.length).toBeGreaterThan(3);
    for (const p of paths) {
      let state: string = 'new';
      let dirty = false;
      for (const step of p.steps.slice(1)) {
        const action = step.event.type.replace('reimburse.', '') as (typeof reimbursementActions)[number];
        const r = nextReimbursementState(state as never, action, ctx({ dirty }));
        expect(r.ok, `${state} × ${action}`).toBe(true);
        if (r.ok) state = r.next;
        dirty = action === 'edit' ? true : action === 'save' ? false : dirty;
        expect(step.state.value).toBe(state);
      }
    }
  });

  it('from every state, every event does what the table says, with and without the right and unsaved edits', () => {
    const contexts = [ctx(), ctx({ dirty: true }), ctx({ user: { id: 1, kind: 'OTHER', rightIds: [RIGHTS.REIMBURSE_MANAGE] } }), ctx({ user: { id: 1, kind: 'ADMIN', rightIds: [] } }),
      ctx({ makerId: 1 }), ctx({ makerId: 2 }), ctx({ makerId: 1, dirty: true }), ctx({ makerId: 1, user: { id: 1, kind: 'ADMIN', rightIds: [] } })];
    for (const c of contexts) {
      for (const s of reimbursementStates) {
        const snap = reimbursementSnapshot(s, c);
        for (const a of reimbursementActions) {
          const table = nextReimbursementState(s, a, c);
          expect(snap.can(reimbursementEventOf(a)), `${s} × ${a} ${JSON.stringify(c)}`).toBe(table.ok);
          expect(decideReimbursementAction(s, a, c)).toEqual(table);
        }
      }
    }
  });

  it('the toolbar: audit needs a saved, clean document and 30105; unsaved edits ask to save first', () => {
    expect(enabledReimbursementActions(reimbursementSnapshot('new', ctx()))).toMatchObject({ audit: false, cancelAudit: false, save: true, edit: true });
    expect(explainReimbursementAction(reimbursementSnapshot('new', ctx()), 'audit')).toEqual({ ok: false, code: 'REIMBURSE_NOT_SAVED' });
    expect(enabledReimbursementActions(reimbursementSnapshot('unaudited', ctx()))).toMatchObject({ audit: true, cancelAudit: false, save: true, delete: true });
    expect(explainReimbursementAction(reimbursementSnapshot('unaudited', ctx({ dirty: true })), 'audit')).toEqual({ ok: false, code: 'REIMBURSE_SAVE_FIRST' });
    expect(enabledReimbursementActions(reimbursementSnapshot('audited', ctx()))).toMatchObject({ audit: false, cancelAudit: true, save: false, edit: false, delete: false });
    expect(explainReimbursementAction(reimbursementSnapshot('audited', ctx()), 'edit')).toEqual({ ok: false, code: 'REIMBURSE_AUDITED' });
    const manager = ctx({ user: { id: 1, kind: 'OTHER', rightIds: [RIGHTS.REIMBURSE_MANAGE] } });
    expect(decideReimbursementAction('unaudited', 'audit', manager)).toEqual({ ok: false, code: 'NO_PERMISSION' });
  });

  it('the maker cannot audit their own document (as with vouchers); another user can, and the maker may still cancel an audit', () => {
    const maker = ctx({ makerId: 1 });
    expect(decideReimbursementAction('unaudited', 'audit', maker)).toEqual({ ok: false, code: 'REIMBURSE_SELF_AUDIT' });
    // Said before the save prompt: saving first would not let the maker audit either.
    expect(explainReimbursementAction(reimbursementSnapshot('unaudited', ctx({ makerId: 1, dirty: true })), 'audit')).toEqual({ ok: false, code: 'REIMBURSE_SELF_AUDIT' });
    expect(enabledReimbursementActions(reimbursementSnapshot('unaudited', maker))).toMatchObject({ audit: false, save: true, delete: true });
    // An administrator is no exception.
    expect(decideReimbursementAction('unaudited', 'audit', ctx({ makerId: 1, user: { id: 1, kind: 'ADMIN', rightIds: [] } }))).toEqual({ ok: false, code: 'REIMBURSE_SELF_AUDIT' });
    expect(decideReimbursementAction('unaudited', 'audit', ctx({ makerId: 2 }))).toEqual({ ok: true, next: 'audited' });
    // A document made by nobody (imported before its first save) is audited by anyone with the right.
    expect(decideReimbursementAction('unaudited', 'audit', ctx({ makerId: null }))).toEqual({ ok: true, next: 'audited' });
    expect(decideReimbursementAction('audited', 'cancelAudit', maker)).toEqual({ ok: true, next: 'unaudited' });
  });

  it('the stored state: audited while a lock time is set', () => {
    expect(reimbursementStateOf(null)).toBe('new');
    expect(reimbursementStateOf({ id: 3, lockAt: null })).toBe('unaudited');
    expect(reimbursementStateOf({ id: 3, lockAt: '2026-11-05T00:00:00Z' })).toBe('audited');
  });
});
