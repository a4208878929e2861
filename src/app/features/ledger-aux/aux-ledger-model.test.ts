import { describe, expect, it } from 'vitest';
import type { PeriodDto } from '../../../contract/account';
import { drillHref, emptyAuxFilter, emptyBudgetFilter, parseDrill, readSavedAuxFilter, readSavedBudgetFilter, toAuxBalanceFilter, toAuxTotalFilter, toAuxDetailFilter, toBudgetDetailFilter, toBudgetSummaryFilter } from './aux-ledger-model';

const periods = [1, 2, 3].map((m) => ({ id: 10 + m, name: `2026-0${m}`, startAt: `2026-0${m}-01`, endAt: `2026-0${m}-28` })) as unknown as PeriodDto[];

describe('auxiliary ledger filters', () => {
  it('defaults: the balance the current period, the ledgers the year through it; values and code range passed on', () => {
    expect(toAuxBalanceFilter(emptyAuxFilter(), 1, 2, periods, '2026-02-10')).toEqual({
      accountId: 1, accountYearId: 2, startPeriodId: 12, endPeriodId: 12, auxTypeId: 3, auxIds: undefined,
      subjectCodeFrom: undefined, subjectCodeTo: undefined, includeUnbooked: true, showZero: false, level: undefined, leafOnly: false,
    });
    const s = { ...emptyAuxFilter(1), values: [{ id: 7, code: 'D', name: 'd' }], codeFrom: '5602', codeTo: 'x' };
    expect(toAuxBalanceFilter(s, 1, 2, periods, '2026-03-10', true)).toMatchObject({ startPeriodId: 11, endPeriodId: 13, auxTypeId: 1, auxIds: [7], subjectCodeFrom: '5602', subjectCodeTo: undefined });
  });

  it('level and leaf-only go out for a tree type (departments, budget items) only; the general ledger takes neither', () => {
    const dept = { ...emptyAuxFilter(1), level: 2, leafOnly: true };
    expect(toAuxBalanceFilter(dept, 1, 2, periods, '2026-02-10')).toMatchObject({ auxTypeId: 1, level: 2, leafOnly: true });
    expect(toAuxBalanceFilter({ ...dept, auxTypeId: 6 }, 1, 2, periods, '2026-02-10')).toMatchObject({ level: 2, leafOnly: true });
    expect(toAuxBalanceFilter({ ...dept, auxTypeId: 3 }, 1, 2, periods, '2026-02-10')).toMatchObject({ level: undefined, leafOnly: false });
    const total = toAuxTotalFilter(dept, 1, 2, periods, '2026-02-10')!;
    expect(total).toMatchObject({ auxTypeId: 1, startPeriodId: 11, endPeriodId: 12 });
    expect('level' in total || 'leafOnly' in total).toBe(false);
  });

  it('a period range ending before it starts asks for nothing (the bar says it under the end period)', () => {
    const reversed = { ...emptyAuxFilter(1), startPeriodId: 13, endPeriodId: 11, values: [{ id: 7, code: 'D', name: 'd' }] };
    expect(toAuxBalanceFilter(reversed, 1, 2, periods, '2026-02-10')).toBeNull();
    expect(toAuxTotalFilter(reversed, 1, 2, periods, '2026-02-10')).toBeNull();
    expect(toAuxDetailFilter(reversed, 1, 2, periods, '2026-02-10')).toBeNull();
    const budget = { ...emptyBudgetFilter(), startPeriodId: 13, endPeriodId: 12, budget: { id: 4, code: '2001', name: '人员成本' } };
    expect(toBudgetSummaryFilter(budget, 1, 2, periods, '2026-02-10')).toBeNull();
    expect(toBudgetDetailFilter(budget, 1, 2, periods, '2026-02-10')).toBeNull();
    // One period, or the range mended: asked.
    expect(toAuxBalanceFilter({ ...reversed, endPeriodId: 13 }, 1, 2, periods, '2026-02-10')).toMatchObject({ startPeriodId: 13, endPeriodId: 13 });
    expect(toBudgetDetailFilter({ ...budget, startPeriodId: 11 }, 1, 2, periods, '2026-02-10')).toMatchObject({ startPeriodId: 11, endPeriodId: 12 });
  });

  it('a saved filter is read back field by field; junk falls back to the empty filter', () => {
    const saved = { ...emptyAuxFilter(1), startPeriodId: 11, endPeriodId: 12, values: [{ id: 7, code: '01', name: '业务部' }], codeFrom: '56', level: 1, leafOnly: false, includeUnbooked: false };
    expect(readSavedAuxFilter(JSON.parse(JSON.stringify(saved)))).toEqual(saved);
    expect(readSavedAuxFilter(null, 1)).toEqual(emptyAuxFilter(1));
    expect(readSavedAuxFilter({ auxTypeId: 9, values: [{ id: 'x' }, { id: 3 }], codeFrom: '5a6', level: 99, subject: { id: -1 } }, 2)).toEqual({
      ...emptyAuxFilter(2), values: [{ id: 3, code: '', name: '' }], codeFrom: '56',
    });
    const budget = { ...emptyBudgetFilter(), startPeriodId: 11, endPeriodId: 13, budget: { id: 4, code: '2001', name: '人员成本' }, showZero: false };
    expect(readSavedBudgetFilter(JSON.parse(JSON.stringify(budget)))).toEqual(budget);
    expect(readSavedBudgetFilter('x')).toEqual(emptyBudgetFilter());
  });

  it('the sub-ledger needs a value; the budget detail an item', () => {
    expect(toAuxDetailFilter(emptyAuxFilter(), 1, 2, periods, '2026-02-10')).toBeNull();
    const s = { ...emptyAuxFilter(), values: [{ id: 7, code: 'C', name: 'c' }], subject: { id: 9, code: '1122', name: 'ar' }, includeUnbooked: false };
    expect(toAuxDetailFilter(s, 1, 2, periods, '2026-02-10')).toEqual({ accountId: 1, accountYearId: 2, startPeriodId: 11, endPeriodId: 12, auxTypeId: 3, auxId: 7, subjectId: 9, includeUnbooked: false });
    expect(toBudgetDetailFilter(emptyBudgetFilter(), 1, 2, periods, '2026-02-10')).toBeNull();
    expect(toBudgetSummaryFilter({ ...emptyBudgetFilter(), budget: { id: 4, code: '0001', name: 'b' } }, 1, 2, periods, '2026-02-10')).toMatchObject({ budgetIds: [4], startPeriodId: 11, endPeriodId: 12, showZero: true });
  });

  it('a drill-down link round-trips; anything else is no drill', () => {
    const d = { startPeriodId: 11, endPeriodId: 12, includeUnbooked: false, auxTypeId: 3, value: { id: 7, code: 'C', name: '客户 & Co' } };
    const href = drillHref('/voucher/business/subLedgerByAuxiliary', d);
    expect(parseDrill(decodeURIComponent(href.split('?drill=')[1]))).toEqual({ ...d, subject: undefined });
    expect(parseDrill(d)).toEqual({ ...d, subject: undefined });
    expect(parseDrill('{bad')).toBeNull();
    expect(parseDrill({ startPeriodId: 'x' })).toBeNull();
    expect(parseDrill(undefined)).toBeNull();
  });
});
