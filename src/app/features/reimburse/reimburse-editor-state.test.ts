import { describe, expect, it } from 'vitest';
import { createSheetState, reduceSheet } from '../../../../grids/sheet';
import { sheetTotals } from '../../../../grids/totals';
import { reimburseSchema, type ReimburseRow } from '../../../../grids/reimburse.columns';
import { reimburseTotals } from './reimburse-editor-state';

const schema = reimburseSchema({ kinds: [{ value: '7', code: '1', name: '差旅费' }, { value: '8', code: '2', name: '交通费' }], year: 2026 });

function sheetOf(lines: Partial<ReimburseRow>[]) {
  let s = createSheetState(schema);
  lines.forEach((l, i) => {
    for (const [field, value] of Object.entries(l)) s = reduceSheet(schema, s, { type: 'sheet.setCell', rowId: s.rows[i].id, field, value: value as never });
  });
  return s.rows;
}

describe('the reimbursement total', () => {
  it('is the sum of the amount column the totals row shows, an amount on a line not yet complete included', () => {
    // A complete line of 88.80 and a line holding only an amount of 10.
    const rows = sheetOf([{ expenseKindId: '7', issueAt: '2026-11-03', no: 'A1', amount: 8880 }, { amount: 1000 }]);
    const t = reimburseTotals(schema, rows);
    expect(t.totalCents).toBe(9880);
    expect(t.totalCents).toBe(sheetTotals(schema, rows).totalCents);
    // The Summary tab's rows add up to the same total.
    expect(t.byKind).toEqual([{ expenseKindId: 7, amount: 8880, count: 1 }, { expenseKindId: null, amount: 1000, count: 1 }]);
    expect(t.byKind.reduce((n, r) => n + r.amount, 0)).toBe(t.totalCents);
    expect(t.count).toBe(2);
  });
});
