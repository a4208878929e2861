import { describe, expect, it } from 'vitest';
import { cashJournalSchema, resolveJournalDate, type CashJournalCatalog, type CashJournalRow } from './cash-journal.columns';
import { createSheetState, reduceSheet } from './sheet';
import { findDataColumn, isApplicable } from './sheet-schema';
import { readEditorText } from './editor-input';
import { planPaste } from './paste';

const notInMonth = (date: string, month: string) => `${date} is not in ${month}`;
const catalog: CashJournalCatalog = {
  month: '2026-11',
  kindLabel: (id) => ({ '1': 'I01 律师费收入', '8': 'O02 办公费' })[id] ?? '',
  kindDirection: (id) => (id === '1' ? 'INCOME' : id === '8' ? 'OUTCOME' : null),
  resolveKind: (text) => (text === '办公费' ? { ok: true, value: '8' } : { ok: false, reason: 'notFound' }),
  dateNotInMonth: notInMonth,
  voucherLabel: (code) => code.replace('记', 'General'),
};
const schema = cashJournalSchema(catalog);
const row = (over: Partial<CashJournalRow> = {}): CashJournalRow => ({ ...schema.blankRow('r'), ...over });

describe('cash journal columns', () => {
  it('reads a day of the sheet’s month; a real date of another month is refused with the screen’s words', () => {
    expect(resolveJournalDate('5', '2026-11')).toEqual({ ok: true, value: '2026-11-05' });
    expect(resolveJournalDate('11-30', '2026-11', notInMonth)).toEqual({ ok: true, value: '2026-11-30' });
    expect(resolveJournalDate('12-1', '2026-11', notInMonth)).toEqual({ ok: false, reason: 'notFound', message: '2026-12-01 is not in 2026-11' });
    expect(resolveJournalDate('2025-11-05', '2026-11', notInMonth)).toEqual({ ok: false, reason: 'notFound', message: '2025-11-05 is not in 2026-11' });
    expect(resolveJournalDate('20270101', '2026-11', notInMonth)).toEqual({ ok: false, reason: 'notFound', message: '2027-01-01 is not in 2026-11' });
    // Not a date at all: nothing matches (no month to name).
    expect(resolveJournalDate('31', '2026-11', notInMonth)).toEqual({ ok: false, reason: 'notFound' });
    expect(resolveJournalDate('13-1', '2026-11', notInMonth)).toEqual({ ok: false, reason: 'notFound' });
    expect(resolveJournalDate('2-30', '2026-11', notInMonth)).toEqual({ ok: false, reason: 'notFound' });
    expect(resolveJournalDate('12-1', '2026-11')).toEqual({ ok: false, reason: 'notFound' });
  });

  it('the date cell’s editor says the date is not in the month (not "no matches")', () => {
    const date = findDataColumn(schema, 'date');
    expect(readEditorText(date, '12-1', '', null, row())).toEqual({ ok: false, code: 'LOOKUP_NOT_FOUND', message: '2026-12-01 is not in 2026-11' });
    expect(readEditorText(date, 'x', '', null, row())).toEqual({ ok: false, code: 'LOOKUP_NOT_FOUND' });
  });

  it('a pasted date of another month is refused with the same words as typing it (not "no matches"); the rest of the line goes in', () => {
    // The sheet's layout: date, number (computed, passed over), summary.
    const state = createSheetState(schema);
    const first = state.rows[0].id;
    const plan = planPaste(schema, state.rows, { rowId: first, colId: 'date' }, '12-1\t\tOffice rent\r\n5\t\tFee\r\nx\t\tNot a date\r\n');
    const typed = readEditorText(findDataColumn(schema, 'date'), '12-1', '', null, row());
    expect(typed.ok).toBe(false);
    expect(plan.errors).toEqual([
      { rowIndex: 0, field: 'date', text: '12-1', code: 'LOOKUP_NOT_FOUND', message: !typed.ok ? typed.message : undefined },
      // Not a date at all: nothing matches, as when typed.
      { rowIndex: 2, field: 'date', text: 'x', code: 'LOOKUP_NOT_FOUND' },
    ]);
    expect(plan.errors[0].message).toBe('2026-12-01 is not in 2026-11');
    const next = reduceSheet(schema, state, plan.event!);
    expect(next.rows.slice(0, 3).map((r) => [r.date, r.summary])).toEqual([[null, 'Office rent'], ['2026-11-05', 'Fee'], [null, 'Not a date']]);
  });

  it('shows the voucher by the screen’s label and never takes typing or paste there', () => {
    const voucher = findDataColumn(schema, 'voucher')!;
    expect(voucher.computed).toBe(true);
    expect(voucher.lookup!.format('记-0013', row())).toBe('General-0013');
    expect(voucher.lookup!.format(null, row())).toBe('');
    const state = createSheetState(schema, [row({ id: 'a', date: '2026-11-02', receipt: 100, voucher: '记-0013' })]);
    expect(reduceSheet(schema, state, { type: 'sheet.setCell', rowId: 'a', field: 'voucher', value: 'x' })).toBe(state);
  });

  it('a kind decides the side: the kit empties the other (the screen moves the amount across, journal-sheet.ts)', () => {
    const receipt = findDataColumn(schema, 'receipt')!;
    const payment = findDataColumn(schema, 'payment')!;
    expect(isApplicable(receipt, row({ kindId: '8' }))).toBe(false);
    expect(isApplicable(payment, row({ kindId: '1' }))).toBe(false);
    const state = createSheetState(schema, [row({ id: 'a', date: '2026-11-02', receipt: 10_000 })]);
    const next = reduceSheet(schema, state, { type: 'sheet.setCell', rowId: 'a', field: 'kindId', value: '8' });
    expect(next.rows[0]).toMatchObject({ kindId: '8', receipt: null, payment: null });
  });
});
