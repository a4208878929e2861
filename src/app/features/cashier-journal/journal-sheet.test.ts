import { describe, expect, it } from 'vitest';
import type { CashLineDto } from '../../../contract/cashier-journal';
import type { CashJournalRow } from '../../../../grids/cash-journal.columns';
import { resolveJournalDate, resolveFullDate } from '../../../../grids/cash-journal.columns';
import { changesKindOnly, dayClosings, isDirty, keepAmountsOnKindChange, rowsOfLines, savePayload, voucherLabelIn, withComputed, withDates } from './journal-sheet';

const line = (id: number, date: string, code: number, receipt: number, payment: number, voucherId: number | null = null): CashLineDto => ({
  id, companyId: 1, bankAccountId: 1, bankAccount: { id: 1, code: 'C', name: 'c', kind: 'CASH' }, date, code, summary: `s${id}`, kindId: null, kind: null, counterparty: null,
  receiptCents: String(receipt), paymentCents: String(payment), balanceCents: '0', voucherId, voucherCode: voucherId === null ? null : `记-${String(voucherId + 6).padStart(4, '0')}`,
  fromVoucher: false,
  createdBy: null, createdByName: null, version: 0,
});
const blank = (id: string): CashJournalRow => ({ id, date: null, code: null, summary: '', kindId: null, counterparty: '', receipt: null, payment: null, balance: null, voucher: null });

describe('journal sheet', () => {
  const stored = [line(10, '2026-01-05', 1, 1000, 0), line(11, '2026-01-03', 2, 0, 300, 7)];
  const map = new Map(stored.map((l) => [l.id, l]));

  it('runs the balance in journal order (date, stored id, new lines in sheet order) and numbers new lines after the stored ones', () => {
    const rows = [...rowsOfLines(stored), { ...blank('n1'), date: '2026-01-04', summary: 'new', payment: 50 }, { ...blank('n2'), date: '2026-01-03', receipt: 5 }, blank('b')];
    const out = withComputed(rows, map, 100);
    expect(out.map((r) => [r.id, r.balance, r.code, r.voucher])).toEqual([
      ['line-10', 100 - 300 + 5 - 50 + 1000, '1', null],
      // The voucher as the server names it ("记-0013"), not its database id; the screen labels it.
      ['line-11', -200, '2', '记-0013'],
      ['n1', -245, '3', null],
      ['n2', -195, '4', null],
      ['b', null, null, null],
    ]);
    expect(withComputed(out, map, 100)).toBe(out);
  });

  it('carries the date down to rows typed without one; the save holds new, changed and deleted lines and names bad rows', () => {
    const rows = withDates([...rowsOfLines(stored), { ...blank('n1'), summary: 'x', payment: 5 }, { ...blank('n2'), receipt: 1, payment: 2 }], '2026-01-01');
    expect(rows[2].date).toBe('2026-01-03');
    const p = savePayload(rows, map);
    expect(p.problems).toEqual([{ rowIndex: 3, problem: 'bothAmounts' }]);
    const changed = savePayload([{ ...rowsOfLines(stored)[0], summary: 'changed' }, { ...blank('n'), date: '2026-01-09', receipt: 8 }], map);
    // line 11 (with a voucher) is not in the sheet any more: it is asked to go, and the server refuses that.
    expect(changed).toEqual({ lines: [{ id: 10, version: 0, date: '2026-01-05', summary: 'changed', kindId: null, counterparty: null, receiptCents: 1000, paymentCents: 0 }, { date: '2026-01-09', summary: '', kindId: null, counterparty: null, receiptCents: 8, paymentCents: 0 }], deleteIds: [11], problems: [] });
    expect(isDirty(rowsOfLines(stored), map)).toBe(false);
    expect(isDirty([...rowsOfLines(stored).slice(0, 1), blank('x')], map)).toBe(true);
  });

  it('keeps the voucher cell of a stored line whatever the edit, and the id only when the server named no code', () => {
    const rows = rowsOfLines([{ ...line(12, '2026-01-06', 3, 0, 5, 9), voucherCode: undefined }]);
    expect(rows[0].voucher).toBe('#9');
    expect(rowsOfLines(stored).map((r) => r.voucher)).toEqual([null, '记-0013']);
  });

  it('labels a voucher as the voucher list does: the kind’s name in the reader’s language and the padded number', () => {
    const kinds = [{ name: '记', nameEn: 'General' }, { name: '收', nameEn: '' }, { name: 'A-B', nameEn: 'Dash' }];
    expect(voucherLabelIn('记-0013', kinds, 'zh_CN')).toBe('记-0013');
    expect(voucherLabelIn('记-0013', kinds, 'en_US')).toBe('General-0013');
    // A blank English name falls back to the Chinese one; a kind the set no longer has keeps the server's word.
    expect(voucherLabelIn('收-0002', kinds, 'en_US')).toBe('收-0002');
    expect(voucherLabelIn('付-0001', kinds, 'en_US')).toBe('付-0001');
    expect(voucherLabelIn('A-B-0004', kinds, 'en_US')).toBe('Dash-0004');
    expect(voucherLabelIn('#9', kinds, 'en_US')).toBe('#9');
  });

  it('a kind of the other side takes the line’s amount with it instead of losing it', () => {
    const direction = (id: string | null) => (id === 'in' ? 'INCOME' : id === 'out' ? 'OUTCOME' : null);
    const before = [{ ...blank('a'), date: '2026-11-02', kindId: 'in', receipt: 10_000 }, { ...blank('b'), date: '2026-11-02', payment: 500 }, { ...blank('c'), receipt: 7 }];
    // What the sheet made of the kinds: the side the kind does not take emptied.
    const after = [{ ...before[0], kindId: 'out', receipt: null }, { ...before[1], kindId: 'in', payment: null }, { ...before[2], kindId: 'in' }];
    const kept = keepAmountsOnKindChange(before, after, direction);
    expect(kept.rows.map((r) => [r.kindId, r.receipt, r.payment])).toEqual([['out', null, 10_000], ['in', 500, null], ['in', 7, null]]);
    expect(kept.moved).toEqual([{ rowIndex: 0, kindId: 'out', cents: 10_000, to: 'payment' }, { rowIndex: 1, kindId: 'in', cents: 500, to: 'receipt' }]);
    expect(kept.rows[2]).toBe(after[2]);
    // Nothing to move: the same rows back.
    const none = keepAmountsOnKindChange(before, before, direction);
    expect(none.rows).toBe(before);
    expect(none.moved).toEqual([]);
    // A kind cleared or without a side moves nothing.
    expect(keepAmountsOnKindChange(before, [{ ...before[0], kindId: null }, before[1], before[2]], direction).moved).toEqual([]);
    // Typed, picked, copied down or pasted alone; a pasted row that writes the amounts too says what it wants.
    expect(changesKindOnly({ type: 'sheet.setCell', rowId: 'a', field: 'kindId', value: 'out' })).toBe(true);
    expect(changesKindOnly({ type: 'sheet.copyFromRow', rowId: 'a', field: 'kindId', from: 'previous' })).toBe(true);
    expect(changesKindOnly({ type: 'sheet.setCell', rowId: 'a', field: 'summary', value: 'x' })).toBe(false);
    expect(changesKindOnly({ type: 'sheet.paste', anchorRowId: 'a', fields: ['summary', 'kindId'], values: [['x', 'out']] })).toBe(true);
    expect(changesKindOnly({ type: 'sheet.paste', anchorRowId: 'a', fields: ['kindId', 'receipt'], values: [['out', 5]] })).toBe(false);
  });

  it('closes each day, and reads typed dates of the month', () => {
    expect(dayClosings(rowsOfLines(stored), 100)).toEqual([
      { date: '2026-01-03', receiptCents: 0, paymentCents: 300, closingCents: -200 },
      { date: '2026-01-05', receiptCents: 1000, paymentCents: 0, closingCents: 800 },
    ]);
    expect(resolveJournalDate('5', '2026-02')).toEqual({ ok: true, value: '2026-02-05' });
    expect(resolveJournalDate('2/28', '2026-02')).toEqual({ ok: true, value: '2026-02-28' });
    expect(resolveJournalDate('29', '2026-02').ok).toBe(false);
    expect(resolveJournalDate('2026-03-01', '2026-02').ok).toBe(false);
    expect(resolveJournalDate('20260210', '2026-02')).toEqual({ ok: true, value: '2026-02-10' });
    expect(resolveFullDate('2024/2/29')).toEqual({ ok: true, value: '2024-02-29' });
    expect(resolveFullDate('2025-02-29').ok).toBe(false);
  });
});
