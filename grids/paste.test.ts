import { describe, expect, it } from 'vitest';
import { MAX_COST_CENTS } from '../src/domain/constants';
import { parseTsv, planPaste } from './paste';
import { createSheetState, reduceSheet } from './sheet';
import { testSchema } from './voucher-kit.fixtures';

const schema = testSchema({ initialRows: 4 });
const id = (n: number) => `voucher-kit-${n}`;

describe('parseTsv', () => {
  it.each<[string, string[][]]>([
    ['a', [['a']]],
    ['a\tb', [['a', 'b']]],
    ['a\tb\r\nc\td\r\n', [['a', 'b'], ['c', 'd']]],
    ['a\tb\nc\td', [['a', 'b'], ['c', 'd']]],
    ['a\t\tc\n', [['a', '', 'c']]],
    ['\t\n', [['', '']]],
    ['"x\ty"\tz', [['x\ty', 'z']]],
    ['"line 1\nline 2"\tz\n', [['line 1\nline 2', 'z']]],
    ['"say ""hi"""\t1', [['say "hi"', '1']]],
    ['5" pipe\t2', [['5" pipe', '2']]],
    ['a\n\nb', [['a'], [''], ['b']]],
    ['', []],
  ])('%j', (text, rows) => {
    expect(parseTsv(text)).toEqual(rows);
  });
});

describe('planPaste', () => {
  const state = createSheetState(schema);

  it('reads a 3-row block from Excel into consecutive rows and columns', () => {
    const text = 'Rent\t6602\tSales\t1,200.00\t\r\nRent\t6602\tD01\t300\t\r\nPay rent\t1002\t\t\t1500\r\n';
    const plan = planPaste(schema, state.rows, { rowId: id(2), colId: 'summary' }, text);
    expect(plan.errors).toEqual([]);
    expect(plan.accepted).toBe(11);
    const next = reduceSheet(schema, state, plan.event!);
    expect(next.rows.slice(1).map((r) => [r.summary, r.subjectId, r.auxId, r.debit, r.credit])).toEqual([
      ['Rent', 's6602', 'd2', 120000, null],
      ['Rent', 's6602', 'd1', 30000, null],
      ['Pay rent', 's1002', null, null, 150000],
    ]);
    expect(next.history.past).toHaveLength(1);
  });

  it('reports every cell it cannot read and keeps the rest', () => {
    const text = ['A\t9999\tx\t12.345\t', 'B\t1001\tSales\tabc\t', `C\t6\t\t1\t2`, `${'x'.repeat(51)}\t\t\t${MAX_COST_CENTS}\t\textra`].join('\n');
    const plan = planPaste(schema, state.rows, { rowId: id(1), colId: 'summary' }, text);
    expect(plan.errors).toEqual([
      { rowIndex: 0, field: 'subjectId', text: '9999', code: 'LOOKUP_NOT_FOUND' },
      { rowIndex: 0, field: 'auxId', text: 'x', code: 'NOT_APPLICABLE' },
      { rowIndex: 0, field: 'debit', text: '12.345', code: 'AMOUNT_TOO_MANY_DECIMALS' },
      { rowIndex: 1, field: 'auxId', text: 'Sales', code: 'NOT_APPLICABLE' },
      { rowIndex: 1, field: 'debit', text: 'abc', code: 'AMOUNT_NOT_RECOGNISED' },
      { rowIndex: 2, field: 'subjectId', text: '6', code: 'LOOKUP_AMBIGUOUS' },
      { rowIndex: 2, field: 'credit', text: '2', code: 'BOTH_SIDES' },
      { rowIndex: 3, field: 'summary', text: 'x'.repeat(51), code: 'TEXT_TOO_LONG' },
      { rowIndex: 3, field: 'debit', text: String(MAX_COST_CENTS), code: 'AMOUNT_ABOVE_MAXIMUM' },
      { rowIndex: 3, field: null, text: 'extra', code: 'NO_COLUMN' },
    ]);
    const next = reduceSheet(schema, state, plan.event!);
    expect(next.rows.slice(0, 4).map((r) => [r.summary, r.subjectId, r.debit, r.credit])).toEqual([
      ['A', null, null, null],
      ['B', 's1001', null, null],
      ['C', null, 100, null],
      ['', null, null, null],
    ]);
  });

  it('reads amounts as Excel and Chinese banks export them; refuses anything else, never as zero', () => {
    const text = ['¥1,000.00', '￥1,000.00', '1,000.00', '(1,000.00)', '（1,000.00）', '-1,000.00', '１２３．４５', '88元', '1,00', 'N/A'].join('\r\n');
    const plan = planPaste(schema, state.rows, { rowId: id(1), colId: 'debit' }, text);
    expect(plan.errors).toEqual([
      { rowIndex: 8, field: 'debit', text: '1,00', code: 'AMOUNT_NOT_RECOGNISED' },
      { rowIndex: 9, field: 'debit', text: 'N/A', code: 'AMOUNT_NOT_RECOGNISED' },
    ]);
    const next = reduceSheet(schema, state, plan.event!);
    expect(next.rows.map((r) => r.debit)).toEqual([100000, 100000, 100000, -100000, -100000, -100000, 12345, 8800, null, null]);
  });

  it('refuses a voucher amount the digit columns cannot draw, naming the limit', () => {
    const plan = planPaste(schema, state.rows, { rowId: id(1), colId: 'debit' }, '999,999,999.99\n1,000,000,000.00');
    expect(plan.errors).toEqual([{ rowIndex: 1, field: 'debit', text: '1,000,000,000.00', code: 'AMOUNT_ABOVE_MAXIMUM' }]);
  });

  it('starts at the focused column, and at the first data column from the index column', () => {
    const fromDebit = planPaste(schema, state.rows, { rowId: id(1), colId: 'debit' }, '5\t\n\t7');
    expect(fromDebit.event).toMatchObject({ fields: ['debit', 'credit'] });
    const next = reduceSheet(schema, state, fromDebit.event!);
    expect([next.rows[0].debit, next.rows[1].credit]).toEqual([500, 700]);
    const fromIndex = planPaste(schema, state.rows, { rowId: id(1), colId: 'index' }, 'hello');
    expect(fromIndex.event).toMatchObject({ fields: ['summary'] });
  });

  it('adds rows when the block runs past the end', () => {
    const plan = planPaste(schema, state.rows, { rowId: id(4), colId: 'summary' }, 'a\nb\nc');
    const next = reduceSheet(schema, state, plan.event!);
    expect(next.rows.map((r) => r.summary)).toEqual(['', '', '', 'a', 'b', 'c']);
  });

  it('does nothing for an empty clipboard or an unknown anchor', () => {
    expect(planPaste(schema, state.rows, { rowId: id(1), colId: 'summary' }, '')).toEqual({ event: null, errors: [], accepted: 0 });
    expect(planPaste(schema, state.rows, { rowId: 'nope', colId: 'summary' }, 'x').event).toBeNull();
  });
});
