import { describe, expect, it } from 'vitest';
import { extendRange, inBounds, rangeBounds, rangeToTsv, type CellRange } from './cell-range';
import { formatTsv, parseTsv, planPaste } from './paste';
import { createSheetState, reduceSheet, type SheetEvent } from './sheet';
import type { VoucherKitRow } from './voucher-kit.columns';
import { testSchema } from './voucher-kit.fixtures';

const schema = testSchema({ initialRows: 6 });
const id = (n: number) => `voucher-kit-${n}`;
const set = (row: number, field: keyof VoucherKitRow, value: string | number | null): SheetEvent<VoucherKitRow> => ({ type: 'sheet.setCell', rowId: id(row), field, value });
const state = [
  set(1, 'summary', 'Rent, "May"'),
  set(1, 'subjectId', 's6602'),
  set(1, 'auxId', 'd2'),
  set(1, 'debit', 123450),
  set(2, 'summary', 'Pay\tby bank'),
  set(2, 'subjectId', 's1002'),
  set(2, 'credit', 123450),
].reduce((s, e) => reduceSheet(schema, s, e), createSheetState(schema));
const rows = state.rows;

describe('Shift+arrows stretch a range from the caret', () => {
  it('grows and shrinks from the anchor, within the sheet and its data columns', () => {
    const caret = { rowId: id(1), colId: 'summary' };
    let range: CellRange | null = null;
    for (const step of ['end', 'down', 'down', 'up'] as const) range = extendRange(schema, rows, range, caret, step);
    expect(range).toEqual({ anchor: caret, end: { rowId: id(2), colId: 'credit' } });
    expect(rangeBounds(schema, rows, range!)).toEqual({ rowStart: 0, rowEnd: 1, colStart: 0, colEnd: 4 });
    expect(extendRange(schema, rows, range, caret, 'left')?.end).toEqual({ rowId: id(2), colId: 'debit' });
    expect(extendRange(schema, rows, null, { rowId: id(1), colId: 'index' }, 'up')).toEqual({ anchor: caret, end: caret });
    // A caret elsewhere starts afresh.
    expect(extendRange(schema, rows, range, { rowId: id(3), colId: 'debit' }, 'home')).toEqual({ anchor: { rowId: id(3), colId: 'debit' }, end: { rowId: id(3), colId: 'summary' } });
  });

  it('knows which cells it holds', () => {
    const bounds = { rowStart: 1, rowEnd: 2, colStart: 1, colEnd: 2 };
    expect(inBounds(schema, bounds, 1, 'subjectId')).toBe(true);
    expect(inBounds(schema, bounds, 2, 'auxId')).toBe(true);
    expect(inBounds(schema, bounds, 0, 'subjectId')).toBe(false);
    expect(inBounds(schema, bounds, 1, 'summary')).toBe(false);
    expect(inBounds(schema, bounds, 1, 'index')).toBe(false);
  });
});

describe('Ctrl+C copies the range as Excel does', () => {
  it('writes TSV with CRLF rows, quoting tabs and quotes, amounts as plain decimals, lookups as labels', () => {
    const tsv = rangeToTsv(schema, rows, { rowStart: 0, rowEnd: 1, colStart: 0, colEnd: 4 });
    expect(tsv).toBe('"Rent, ""May"""\t6602 Admin expenses\tSales\t1234.5\t\r\n"Pay\tby bank"\t1002 Bank\t\t\t1234.5\r\n');
    expect(parseTsv(tsv)).toEqual([
      ['Rent, "May"', '6602 Admin expenses', 'Sales', '1234.5', ''],
      ['Pay\tby bank', '1002 Bank', '', '', '1234.5'],
    ]);
    expect(formatTsv([['a', 'b\nc']])).toBe('a\t"b\nc"\r\n');
  });

  it('pastes back into the same values', () => {
    const tsv = rangeToTsv(schema, rows, { rowStart: 0, rowEnd: 1, colStart: 0, colEnd: 4 });
    const plan = planPaste(schema, rows, { rowId: id(4), colId: 'summary' }, tsv);
    expect(plan.errors).toEqual([]);
    const pasted = reduceSheet(schema, state, plan.event!).rows;
    const strip = ({ id: _id, ...rest }: VoucherKitRow) => rest;
    expect(pasted.slice(3, 5).map(strip)).toEqual(rows.slice(0, 2).map(strip));
  });
});
