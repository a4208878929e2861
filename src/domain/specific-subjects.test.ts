import { describe, expect, it } from 'vitest';
import { coveredBy, specificSubjectProblem } from './specific-subjects';

const s = (code: string, disabled = false) => ({ code, disabled });

describe('specificSubjectProblem', () => {
  it('takes 1001 and its children as cash, nothing else', () => {
    expect(specificSubjectProblem('CASH', s('1001'))).toBeNull();
    expect(specificSubjectProblem('CASH', s('100101'))).toBeNull();
    expect(specificSubjectProblem('CASH', s('1002'))).toBe('notCash');
    expect(specificSubjectProblem('CASH', s('2001'))).toBe('notCash');
  });
  it('takes 1002 and its children as bank', () => {
    expect(specificSubjectProblem('BANK', s('1002'))).toBeNull();
    expect(specificSubjectProblem('BANK', s('100201'))).toBeNull();
    expect(specificSubjectProblem('BANK', s('1001'))).toBe('notBank');
  });
  it('refuses cash and bank subjects as counter-subjects', () => {
    expect(specificSubjectProblem('CASH_OPP', s('1001'))).toBe('cashOrBank');
    expect(specificSubjectProblem('CASH_OPP', s('100201'))).toBe('cashOrBank');
    expect(specificSubjectProblem('CASH_OPP', s('1122'))).toBeNull();
    expect(specificSubjectProblem('BUSINESS', s('5001'))).toBeNull();
  });
  it('refuses disabled subjects for every role', () => {
    expect(specificSubjectProblem('BUSINESS', s('5001', true))).toBe('disabled');
    expect(specificSubjectProblem('BANK', s('1002', true))).toBe('disabled');
  });
});

describe('coveredBy', () => {
  it('covers a subject by itself or an ancestor', () => {
    expect(coveredBy('100201', ['1002'])).toBe(true);
    expect(coveredBy('1002', ['1002'])).toBe(true);
    expect(coveredBy('1012', ['1001', '1002'])).toBe(false);
  });
});
