import { describe, expect, it } from 'vitest';
import type { ReimburseRow } from '../../../../grids/reimburse.columns';
import { serverLineRefusals, standingLineRefusals } from './reimburse-line-refusals';

const row = (id: string, o: Partial<ReimburseRow> = {}): ReimburseRow => ({ id, expenseKindId: '1', issueAt: '2026-11-03', no: `N-${id}`, amount: 100, remark: '', ...o });
const blank = (id: string): ReimburseRow => ({ id, expenseKindId: null, issueAt: null, no: '', amount: null, remark: '' });

describe("the server's refusal of lines", () => {
  const sent = [row('a'), row('b'), row('c', { expenseKindId: '7' }), blank('d'), row('e', { no: 'TAKEN' })];

  it('names the row sent at the index the server gives, and the cell of the problem, whatever the code', () => {
    const appendix = {
      lines: [
        { index: 4, row: 5, kind: 'duplicate', no: 'TAKEN' },
        { index: 2, row: 3, kind: 'kindDisabled', expenseKindId: 7 },
        { index: 1, row: 2, kind: 'incomplete', fields: ['issueAt', 'amount'] },
      ],
    };
    expect(serverLineRefusals(appendix, sent).map((r) => [r.rowId, r.field, r.value])).toEqual([
      ['b', 'issueAt', '2026-11-03'],
      ['c', 'expenseKindId', '7'],
      ['e', 'no', 'TAKEN'],
    ]);
  });

  it('an invoice issued after the mark date flags that line\'s date', () => {
    const r = serverLineRefusals({ lines: [{ index: 1, row: 2, kind: 'issueAfterMark', issueAt: '2026-11-03', markAt: '2026-11-01' }] }, sent);
    expect(r.map((x) => [x.rowId, x.field, x.value])).toEqual([['b', 'issueAt', '2026-11-03']]);
  });

  it('ignores answers that name no line, or lines that are not there', () => {
    expect(serverLineRefusals(undefined, sent)).toEqual([]);
    expect(serverLineRefusals({ lines: 'x' }, sent)).toEqual([]);
    expect(serverLineRefusals({ lines: [{ index: 9, kind: 'kindDisabled', expenseKindId: 7 }, { index: 0, kind: 'unknown' }, { index: 1, kind: 'incomplete', fields: [] }] }, sent)).toEqual([]);
  });

  it('a refusal stands while its cell keeps the refused value', () => {
    const refused = serverLineRefusals({ lines: [{ index: 2, kind: 'kindDisabled', expenseKindId: 7 }] }, sent);
    expect(standingLineRefusals(refused, sent)).toHaveLength(1);
    // The remark changed: still refused.
    expect(standingLineRefusals(refused, sent.map((r) => (r.id === 'c' ? { ...r, remark: 'x' } : r)))).toHaveLength(1);
    // Another kind chosen, or the row deleted: the flag goes.
    expect(standingLineRefusals(refused, sent.map((r) => (r.id === 'c' ? { ...r, expenseKindId: '2' } : r)))).toEqual([]);
    expect(standingLineRefusals(refused, sent.filter((r) => r.id !== 'c'))).toEqual([]);
  });
});
