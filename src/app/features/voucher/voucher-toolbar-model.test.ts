import { describe, expect, it } from 'vitest';
import { RIGHTS } from '../../../domain/rights';
import { matchVoucherKey } from './voucher-keys';
import { readOnlyReason, reversalRefusal, reversalTarget, toolbarSnapshot, toolbarViewOf, type ToolbarInput } from './voucher-toolbar-model';

const clerk = { id: 1, kind: 'OTHER' as const, rightIds: [RIGHTS.VOUCHER_EDIT] };
const auditor = { id: 2, kind: 'OTHER' as const, rightIds: [RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP] };
const stored = (p: Partial<NonNullable<ToolbarInput['voucher']>> = {}): NonNullable<ToolbarInput['voucher']> => ({
  state: 'NORMAL', auditAt: null, auditPass: null, bookKeepAt: null, cashierAt: null, createdBy: 1, ...p,
});
const view = (input: Partial<ToolbarInput>) => toolbarViewOf(toolbarSnapshot({ voucher: null, user: clerk, periodSettled: false, dirty: false, ...input }));

describe('why the editor is read only (the grid\'s message, the toolbar\'s rule)', () => {
  const reason = (input: Partial<ToolbarInput>) => readOnlyReason(toolbarSnapshot({ voucher: null, user: clerk, periodSettled: false, dirty: false, ...input }));
  it('says the real reason, never the state\'s label', () => {
    // An auditor (no 2010101) on a draft: no right, not "locked: saved".
    expect(reason({ voucher: stored(), user: auditor })).toBe('NO_PERMISSION');
    expect(reason({ voucher: null, user: auditor })).toBe('NO_PERMISSION');
    expect(reason({ voucher: stored(), periodSettled: true })).toBe('PERIOD_SETTLED');
    expect(reason({ voucher: stored({ auditAt: '2026-01-05', auditPass: true }) })).toBe('VOUCHER_LOCKED');
    expect(reason({ voucher: stored({ cashierAt: '2026-01-05' }) })).toBe('VOUCHER_LOCKED');
    expect(reason({ voucher: stored({ state: 'INVALID' }) })).toBe('VOUCHER_INVALIDATED');
    expect(reason({ voucher: stored({ voucherRelationInfos: [{ kind: 'REVERSAL' }] }) })).toBe('VOUCHER_REVERSED');
    expect(reason({ voucher: stored({ source: 'REVERSAL', voucherRelationInfos: [{ kind: 'REVERSAL' }] }) })).toBe('VOUCHER_REVERSAL_FIXED');
  });
  it('is null when the editor takes edits, and agrees with `editable` everywhere', () => {
    expect(reason({ voucher: stored() })).toBeNull();
    expect(reason({ voucher: null })).toBeNull();
    for (const user of [clerk, auditor]) for (const periodSettled of [false, true]) for (const voucher of [null, stored(), stored({ auditAt: '2026-01-05', auditPass: false })]) {
      const snapshot = toolbarSnapshot({ voucher, user, periodSettled: voucher ? periodSettled : false, dirty: false });
      const v = toolbarViewOf(snapshot);
      const editable = v.lifecycle === 'new' ? v.enabled.save : v.editable;
      expect(readOnlyReason(snapshot) === null).toBe(editable);
    }
  });
});

describe('toolbar enablement from the voucher machine', () => {
  it('a new voucher: the clerk may save, nothing else of the lifecycle', () => {
    const v = view({});
    expect(v.lifecycle).toBe('new');
    expect(v.enabled.save).toBe(true);
    expect(v.enabled.audit || v.enabled.delete || v.enabled.copy).toBe(false);
  });
  it('a saved draft: the clerk edits, deletes, copies, invalidates only with the right; cannot audit', () => {
    const v = view({ voucher: stored() });
    expect(v).toMatchObject({ lifecycle: 'draft', editable: true, locked: false });
    expect(v.enabled).toMatchObject({ save: true, delete: true, copy: true, audit: false, invalid: false, bookkeep: false });
  });
  it('the auditor audits someone else’s draft, not their own', () => {
    expect(view({ voucher: stored(), user: auditor }).enabled.audit).toBe(true);
    expect(view({ voucher: stored({ createdBy: 2 }), user: auditor }).enabled.audit).toBe(false);
  });
  it('an audited voucher is locked: no save or delete; reverse audit and bookkeep for the auditor', () => {
    const audited = stored({ auditAt: '2026-01-05', auditPass: true });
    expect(view({ voucher: audited })).toMatchObject({ lifecycle: 'audited', editable: false, locked: true });
    expect(view({ voucher: audited }).enabled.save).toBe(false);
    expect(view({ voucher: audited, user: auditor }).enabled).toMatchObject({ reverseAudit: true, bookkeep: true, audit: false });
  });
  it('a settled period refuses every change but copy', () => {
    const v = view({ voucher: stored(), periodSettled: true });
    expect(v.enabled).toMatchObject({ save: false, delete: false, copy: true });
    expect(v.editable).toBe(false);
  });
  it('an admin holds every right', () => {
    const admin = { id: 9, kind: 'ADMIN' as const, rightIds: [] };
    expect(view({ voucher: stored({ state: 'INVALID' }), user: admin }).enabled).toMatchObject({ reverseInvalid: true, delete: true, save: false });
  });
});

describe('red reversal enablement (the domain\'s redReversalRefusal, also run by the server\'s POST /voucher originKind REVERSAL)', () => {
  const audited = { auditAt: '2026-01-05', auditPass: true, bookKeepAt: null, cashierAt: null };
  const original = (p: Partial<NonNullable<Parameters<typeof reversalRefusal>[0]['voucher']>> = {}) => ({ state: 'NORMAL' as const, ...audited, source: 'MANUAL', voucherRelationInfos: [], ...p });
  const refusal = (p: Partial<Parameters<typeof reversalRefusal>[0]> = {}) => reversalRefusal({ voucher: original(), user: clerk, targetPeriodSettled: false, ...p });
  it('a voucher audited as correct, bookkept or not, may be reversed by a user who may save vouchers', () => {
    expect(refusal()).toBeNull();
    expect(refusal({ voucher: original({ bookKeepAt: '2026-01-06' }) })).toBeNull();
    expect(refusal({ voucher: original({ cashierAt: '2026-01-06' }) })).toBeNull();
    expect(refusal({ user: { id: 9, kind: 'ADMIN', rightIds: [] } })).toBeNull();
    expect(refusal({ voucher: original({ voucherRelationInfos: [{ kind: 'SYNC' }, { kind: 'COPY' }] }) })).toBeNull();
  });
  it('refuses a draft or a voucher examined as error (they are corrected by editing)', () => {
    expect(refusal({ voucher: original({ auditAt: null, auditPass: null }) })).toBe('VOUCHER_REVERSAL_NOT_AUDITED');
    expect(refusal({ voucher: original({ auditPass: false }) })).toBe('VOUCHER_REVERSAL_NOT_AUDITED');
    expect(refusal({ voucher: original({ auditAt: null, auditPass: null, cashierAt: '2026-01-06' }) })).toBe('VOUCHER_REVERSAL_NOT_AUDITED');
  });
  it('refuses a new voucher, an invalid one, one reversed already and a reversal itself', () => {
    expect(refusal({ voucher: null })).toBe('VOUCHER_NOT_SAVED');
    expect(refusal({ voucher: original({ state: 'INVALID', auditAt: null, auditPass: null }) })).toBe('VOUCHER_INVALIDATED');
    expect(refusal({ voucher: original({ voucherRelationInfos: [{ kind: 'REVERSAL' }] }) })).toBe('VOUCHER_ALREADY_REVERSED');
    expect(refusal({ voucher: original({ source: 'REVERSAL' }) })).toBe('VOUCHER_ALREADY_REVERSED');
  });
  it('refuses without the voucher-edit right or when the reversal\'s period is settled', () => {
    expect(refusal({ user: auditor })).toBe('NO_PERMISSION');
    expect(refusal({ user: null })).toBe('NO_PERMISSION');
    expect(refusal({ targetPeriodSettled: true })).toBe('PERIOD_SETTLED');
  });
  it('a reversed original stays as it is: no reverse bookkeeping or audit, no edit, delete or invalid', () => {
    const reversed = { source: 'MANUAL', voucherRelationInfos: [{ kind: 'REVERSAL' }] };
    const bookkept = view({ voucher: stored({ ...audited, bookKeepAt: '2026-01-06', ...reversed }), user: auditor });
    expect(bookkept.enabled.reverseBookkeep).toBe(false);
    expect(view({ voucher: stored({ ...audited, bookKeepAt: '2026-01-06' }), user: auditor }).enabled.reverseBookkeep).toBe(true);
    expect(view({ voucher: stored({ ...audited, ...reversed }), user: auditor }).enabled.reverseAudit).toBe(false);
    const admin = { id: 9, kind: 'ADMIN' as const, rightIds: [] };
    expect(view({ voucher: stored(reversed), user: admin }).enabled).toMatchObject({ save: false, delete: false, invalid: false, copy: true });
    // The reversal itself holds the original's lines negated: not edited or invalidated, only deleted (the undo);
    // once its original is gone (unlinked) it is an ordinary voucher.
    expect(view({ voucher: stored({ source: 'REVERSAL', voucherRelationInfos: [{ kind: 'REVERSAL' }] }), user: admin })).toMatchObject({ editable: false, enabled: { save: false, invalid: false, delete: true, copy: true } });
    expect(view({ voucher: stored({ source: 'REVERSAL', voucherRelationInfos: [] }), user: admin }).enabled).toMatchObject({ save: true, delete: true });
  });
});

describe('editor keys', () => {
  it('maps the editor keys', () => {
    const k = (key: string, mods: Partial<{ ctrlKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) =>
      matchVoucherKey({ key, ctrlKey: false, altKey: false, shiftKey: false, metaKey: false, ...mods })?.command;
    expect(k('s', { ctrlKey: true })).toBe('save');
    expect(k('F12')).toBe('saveAndNew');
    expect(k('PageDown')).toBe('next');
    expect(k('ArrowUp', { altKey: true })).toBe('previous');
    expect(k('ArrowUp', { altKey: true, shiftKey: true })).toBe('first');
    expect(k('PageDown', { altKey: true })).toBeUndefined();
  });
});

describe('where a red reversal goes', () => {
  const y25 = { id: 1, startAt: '2025-01-01', endAt: '2025-12-31' };
  const y26 = { id: 2, startAt: '2026-01-01', endAt: '2026-12-31' };
  const months = (year: number, rolledThrough: number) => Array.from({ length: 12 }, (_, i) => {
    const m = String(i + 1).padStart(2, '0');
    return { startAt: `${year}-${m}-01`, endAt: `${year}-${m}-${i === 1 ? '28' : ['04', '06', '09', '11'].includes(m) ? '30' : '31'}`, rolled: i + 1 <= rolledThrough };
  });

  it('stays in the voucher\'s year while its period there is open: today, or the year\'s last day', () => {
    expect(reversalTarget({ today: '2026-03-05', year: y26, periods: months(2026, 0), years: [y25, y26] })).toMatchObject({ date: '2026-03-05', intoYear: null, period: { startAt: '2026-03-01' } });
    expect(reversalTarget({ today: '2026-03-05', year: y25, periods: months(2025, 11), years: [y25, y26] })).toMatchObject({ date: '2025-12-31', intoYear: null, period: { rolled: false } });
  });

  it('goes into the later year holding today, dated today, once the voucher\'s year is closed', () => {
    const t = reversalTarget({ today: '2026-03-05', year: y25, periods: months(2025, 12), years: [y25, y26] });
    expect(t).toMatchObject({ date: '2026-03-05', intoYear: y26, period: undefined });
    expect(reversalTarget({ today: '2026-03-05', year: y25, periods: months(2025, 12), years: [y25, y26], laterPeriods: months(2026, 2) }).period).toMatchObject({ startAt: '2026-03-01', rolled: false });
    expect(reversalTarget({ today: '2026-03-05', year: y25, periods: months(2025, 12), years: [y25, y26], laterPeriods: months(2026, 3) }).period).toMatchObject({ rolled: true });
  });

  it('has nowhere else to go when no later year holds today (the settled period refuses it)', () => {
    expect(reversalTarget({ today: '2027-02-01', year: y25, periods: months(2025, 12), years: [y25, y26] })).toMatchObject({ date: '2025-12-31', intoYear: null, period: { rolled: true } });
    expect(reversalTarget({ today: '2026-03-05', year: y26, periods: months(2026, 12), years: [y25, y26] })).toMatchObject({ intoYear: null, period: { rolled: true } });
  });
});
