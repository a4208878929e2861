import { describe, expect, it } from 'vitest';
import { bankAccountSubjectProblem, cashierKindSubjectProblem, normalizeAccountNo } from './cashier-settings';

const s = (code: string, leaf = true, disabled = false) => ({ code, leaf, disabled });

describe('cashier settings subject rules', () => {
  it('a CASH account takes 1001 or below, a BANK account 1002 or below, others any leaf', () => {
    expect(bankAccountSubjectProblem('CASH', s('1001'))).toBeNull();
    expect(bankAccountSubjectProblem('CASH', s('100101'))).toBeNull();
    expect(bankAccountSubjectProblem('CASH', s('1002'))).toBe('notCash');
    expect(bankAccountSubjectProblem('BANK', s('100201'))).toBeNull();
    expect(bankAccountSubjectProblem('BANK', s('1001'))).toBe('notBank');
    expect(bankAccountSubjectProblem('WX_PAY', s('1012'))).toBeNull();
    expect(bankAccountSubjectProblem('BANK', s('1002', false))).toBe('notLeaf');
    expect(bankAccountSubjectProblem('OTHER', s('1012', true, true))).toBe('disabled');
  });
  it('an income/outcome kind never takes a cash or bank subject', () => {
    expect(cashierKindSubjectProblem(s('5001'))).toBeNull();
    expect(cashierKindSubjectProblem(s('1001'))).toBe('cashOrBank');
    expect(cashierKindSubjectProblem(s('100201'))).toBe('cashOrBank');
    expect(cashierKindSubjectProblem(s('5602', false))).toBe('notLeaf');
  });
  it('drops spaces of account numbers', () => expect(normalizeAccountNo(' 6222 0202 0001 ')).toBe('622202020001'));
});
