import { describe, expect, it } from 'vitest';
import { MAX_COST_CENTS } from './constants';
import { checkLines, formatReimbursementCode, isBlankLine, missingLineFields, normalizeInvoiceNo, reimbursementCode, summarizeByKind } from './reimbursement';

const line = (o: Record<string, unknown> = {}) => ({ expenseKindId: 1, issueAt: '2026-11-03', no: 'A1', amount: 100, remark: null, ...o });

describe('reimbursement lines (spec 02 §5)', () => {
  it('a line is complete with kind, date, number and a non-zero amount; blank lines are ignored', () => {
    expect(missingLineFields(line())).toEqual([]);
    expect(missingLineFields(line({ no: '  ', amount: 0 }))).toEqual(['no', 'amount']);
    expect(missingLineFields({})).toEqual(['expenseKindId', 'issueAt', 'no', 'amount']);
    expect(isBlankLine({ remark: '' })).toBe(true);
    expect(isBlankLine({ remark: 'lunch' })).toBe(false);
    expect(missingLineFields(line({ amount: -500 }))).toEqual([]);
  });

  it('flags partly filled lines, repeated numbers (within the sheet and taken ones) and amounts above the maximum', () => {
    const r = checkLines([line(), {}, line({ no: ' a1 ' }), line({ no: 'B2', issueAt: null }), line({ no: 'C3', amount: MAX_COST_CENTS + 1 }), line({ no: 'T9' })], new Set(['T9']));
    expect(r.problems).toEqual([
      { index: 2, kind: 'duplicate', no: 'a1' },
      { index: 3, kind: 'incomplete', fields: ['issueAt'] },
      { index: 4, kind: 'amountTooLarge' },
      { index: 5, kind: 'duplicate', no: 'T9' },
    ]);
    expect(r.complete).toEqual([0, 2, 4, 5]);
    expect(checkLines([{}, { remark: '' }]).complete).toEqual([]);
  });

  it('numbers compare without spaces and letter case; codes are year-month plus 4 digits', () => {
    expect(normalizeInvoiceNo(' ab 12 ')).toBe('AB12');
    expect(reimbursementCode('2026-11-05', 7)).toBe('2026110007');
    expect(formatReimbursementCode('2026110007')).toBe('202611-0007');
  });

  it('the summary groups amounts by kind with the total', () => {
    expect(summarizeByKind([{ expenseKindId: 2, amount: 100 }, { expenseKindId: 1, amount: 50 }, { expenseKindId: 2, amount: -30 }, { expenseKindId: null, amount: 9 }])).toEqual({
      rows: [{ expenseKindId: 2, amount: 70, count: 2 }, { expenseKindId: 1, amount: 50, count: 1 }],
      total: 120,
    });
  });
});
