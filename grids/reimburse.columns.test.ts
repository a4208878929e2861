import { describe, expect, it } from 'vitest';
import { createSheetState, reduceSheet } from './sheet';
import { readIssueDate, reimburseSchema } from './reimburse.columns';
import { findDataColumn } from './sheet-schema';

const schema = reimburseSchema({ kinds: [{ value: '7', code: '1', name: '差旅费' }, { value: '8', code: '2', name: '交通费' }], year: 2026 });

describe('reimbursement sheet columns', () => {
  it('reads typed invoice dates; refuses what is not a date', () => {
    expect(readIssueDate('2026-11-03', 2026)).toBe('2026-11-03');
    expect(readIssueDate('20261103', 2026)).toBe('2026-11-03');
    expect(readIssueDate('2026/1/3', 2026)).toBe('2026-01-03');
    expect(readIssueDate('11-3', 2026)).toBe('2026-11-03');
    expect(readIssueDate('2026年11月3日', 2026)).toBe('2026-11-03');
    expect(readIssueDate('2026-02-30', 2026)).toBeNull();
    expect(readIssueDate('abc', 2026)).toBeNull();
  });

  it('kinds are typed by their number in the list or their name', () => {
    const kind = findDataColumn(schema, 'expenseKindId')!;
    const row = schema.blankRow('r');
    expect(kind.lookup!.resolve('1', row)).toEqual({ ok: true, value: '7' });
    expect(kind.lookup!.resolve('交通', row)).toEqual({ ok: true, value: '8' });
    expect(kind.lookup!.format('8', row)).toBe('交通费');
  });

  it('a disabled kind is offered no more (typed or listed) but a line carrying it shows it by name', () => {
    const withNames = reimburseSchema({ kinds: [{ value: '7', code: '1', name: '差旅费' }], names: new Map([['7', '差旅费'], ['9', '招待费']]), year: 2026 });
    const kind = findDataColumn(withNames, 'expenseKindId')!;
    const row = withNames.blankRow('r');
    expect(kind.lookup!.format('9', row)).toBe('招待费');
    expect(kind.lookup!.format(null, row)).toBe('');
    expect(kind.lookup!.resolve('招待费', row)).toEqual({ ok: false, reason: 'notFound' });
  });

  it('starts with 20 rows and grows by 5 once the last row is filled', () => {
    let s = createSheetState(schema);
    expect(s.rows).toHaveLength(20);
    s = reduceSheet(schema, s, { type: 'sheet.setCell', rowId: s.rows[19].id, field: 'no', value: 'X1' });
    expect(s.rows).toHaveLength(25);
  });
});
