import { describe, expect, it } from 'vitest';
import { MAX_COST_CENTS } from './constants';
import { checkLines, formatReimbursementCode, isBlankLine, lineProblemCode, lineProblemField, missingLineFields, normalizeInvoiceNo, reimbursementCode, storedKindsOf, summarizeByKind } from './reimbursement';

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
    // Typed in full width (全角 mode of a Chinese input method), with an ideographic space.
    expect(normalizeInvoiceNo('\u3000０４４１　０５７７２ａｂ')).toBe('044105772AB');
    expect(reimbursementCode('2026-11-05', 7)).toBe('2026110007');
    expect(formatReimbursementCode('2026110007')).toBe('202611-0007');
  });

  it('the summary groups amounts by kind; a line without a kind has its own row, so the rows add up to the total of the amount column', () => {
    expect(summarizeByKind([{ expenseKindId: 2, amount: 100 }, { expenseKindId: 1, amount: 50 }, { expenseKindId: 2, amount: -30 }, { expenseKindId: null, amount: 9 }, { expenseKindId: 1, amount: 0 }, { expenseKindId: 1, amount: null }])).toEqual({
      rows: [{ expenseKindId: 2, amount: 70, count: 2 }, { expenseKindId: 1, amount: 50, count: 1 }, { expenseKindId: null, amount: 9, count: 1 }],
      total: 129,
    });
  });

  it('a disabled kind is refused on a new or changed line, kept on a line that carried it (known by its invoice number)', () => {
    const stored = storedKindsOf([{ no: 'a 1', expenseKindId: 7 }, { no: 'B2', expenseKindId: 1 }]);
    const kinds = { disabledKindIds: new Set([7]), storedKinds: stored };
    // The same invoice keeps kind 7 (its remark, date or amount changed, its place moved); a new number, or B2 changed to 7, is refused.
    const r = checkLines([line({ no: 'C3' }), line({ no: 'A1', remark: 'new remark', amount: 5 }), line({ no: 'D4', expenseKindId: 7 }), line({ no: 'B2', expenseKindId: 7 })], new Set(), kinds);
    expect(r.problems).toEqual([
      { index: 2, kind: 'kindDisabled', expenseKindId: 7 },
      { index: 3, kind: 'kindDisabled', expenseKindId: 7 },
    ]);
    expect(r.complete).toEqual([0, 1, 2, 3]);
    expect(lineProblemCode(r.problems[0])).toBe('EXPENSE_KIND_DISABLED');
    expect(lineProblemField(r.problems[0])).toBe('expenseKindId');
    // A new document keeps nothing; without the rule nothing is checked.
    expect(checkLines([line({ no: 'A1', expenseKindId: 7 })], new Set(), { disabledKindIds: new Set([7]) }).problems).toEqual([{ index: 0, kind: 'kindDisabled', expenseKindId: 7 }]);
    expect(checkLines([line({ no: 'A1', expenseKindId: 7 })]).problems).toEqual([]);
  });

  it('an invoice issued after the mark date is flagged on its date (the same day is fine); without a mark date nothing is checked', () => {
    const r = checkLines([line({ issueAt: '2026-11-05' }), line({ no: 'B2', issueAt: '2026-11-06' }), line({ no: 'C3', issueAt: null })], new Set(), undefined, '2026-11-05');
    expect(r.problems).toEqual([
      { index: 1, kind: 'issueAfterMark', issueAt: '2026-11-06', markAt: '2026-11-05' },
      { index: 2, kind: 'incomplete', fields: ['issueAt'] },
    ]);
    // Still complete: saved once the date is put right, refused until then.
    expect(r.complete).toEqual([0, 1]);
    expect(lineProblemField(r.problems[0])).toBe('issueAt');
    expect(lineProblemCode(r.problems[0])).toBe('REIMBURSE_ISSUE_AFTER_MARK');
    expect(checkLines([line({ issueAt: '2026-11-06' })], new Set(), undefined, '').problems).toEqual([]);
    expect(checkLines([line({ issueAt: '2026-11-06' })]).problems).toEqual([]);
  });
});
