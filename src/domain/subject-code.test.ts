import { describe, expect, it } from 'vitest';
import {
  codeRuleProblem, codesFitRule, cumulativeLengths, DEFAULT_SUBJECT_CODE_RULE as R, defaultDirectionOfKind, digitsOnly,
  isValidSubjectCode, kindOfCode, levelOfCode, nextSiblingCode, parentCodeOf,
} from './subject-code';
import { SMALL_ENTERPRISE_CHART } from './standard-chart';

describe('subject code rules', () => {
  it('limits a rule to 15 levels, 40 digits in all and 1–10 digits per level', () => {
    expect(codeRuleProblem(R)).toBeNull();
    expect(codeRuleProblem([])).toBe('empty');
    expect(codeRuleProblem(Array(16).fill(1))).toBe('tooManyLevels');
    expect(codeRuleProblem(Array(15).fill(2))).toBeNull();
    expect(codeRuleProblem([10, 10, 10, 10])).toBeNull();
    expect(codeRuleProblem([10, 10, 10, 10, 1])).toBe('tooLong');
    expect(codeRuleProblem([4, 11])).toBe('levelLength');
    expect(codeRuleProblem([4, 0])).toBe('levelLength');
    expect(codeRuleProblem([4, 1.5])).toBe('levelLength');
  });

  it('defines levels by cumulative lengths', () => {
    expect(cumulativeLengths(R)).toEqual([4, 6, 8, 10]);
    expect(levelOfCode(R, '1001')).toBe(1);
    expect(levelOfCode(R, '100101')).toBe(2);
    expect(levelOfCode(R, '1001010203')).toBe(4);
    expect(levelOfCode(R, '10010')).toBeNull();
    expect(levelOfCode(R, '100101020304')).toBeNull();
  });

  it('derives the parent code from the prefix one level up', () => {
    expect(parentCodeOf(R, '1001')).toBeNull();
    expect(parentCodeOf(R, '100101')).toBe('1001');
    expect(parentCodeOf(R, '10010102')).toBe('100101');
    expect(parentCodeOf([3, 3], '101202')).toBe('101');
    expect(parentCodeOf(R, '10010')).toBeNull();
  });

  it('takes the kind from the first digit (1–5) and refuses other digits (tip2)', () => {
    expect(['1001', '2001', '3001', '4001', '5001'].map(kindOfCode)).toEqual(['ASSET', 'DEBT', 'INTEREST', 'COST', 'PROFIT']);
    expect(kindOfCode('6001')).toBeNull();
    expect(kindOfCode('0001')).toBeNull();
    expect(isValidSubjectCode(R, '6001')).toBe(false);
    expect(isValidSubjectCode(R, '100')).toBe(false);
    expect(isValidSubjectCode(R, '10a1')).toBe(false);
    expect(isValidSubjectCode(R, '100101')).toBe(true);
  });

  it('keeps digits only in the code input', () => {
    expect(digitsOnly(' 10a0-1.01 ')).toBe('100101');
    expect(digitsOnly('５６０２０１')).toBe('560201');
  });

  it('puts assets and costs on the debit side by default', () => {
    expect(defaultDirectionOfKind('ASSET')).toBe(true);
    expect(defaultDirectionOfKind('COST')).toBe(true);
    expect(defaultDirectionOfKind('DEBT')).toBe(false);
    expect(defaultDirectionOfKind('INTEREST')).toBe(false);
  });

  it('increments the code for "save and new" within its level', () => {
    expect(nextSiblingCode(R, '100101')).toBe('100102');
    expect(nextSiblingCode(R, '1001')).toBe('1002');
    expect(nextSiblingCode(R, '100109')).toBe('100110');
    expect(nextSiblingCode(R, '100199')).toBeNull();
    expect(nextSiblingCode(R, '5999')).toBeNull();
    expect(nextSiblingCode(R, '123')).toBeNull();
  });

  it('lists the codes a new rule would move to another level', () => {
    const subjects = [{ code: '1001', level: 1 }, { code: '100101', level: 2 }, { code: '10010101', level: 3 }];
    expect(codesFitRule([4, 2, 2], subjects)).toEqual([]);
    expect(codesFitRule([4, 3, 2], subjects)).toEqual(['100101', '10010101']);
    expect(codesFitRule([4], subjects)).toEqual(['100101', '10010101']);
  });

  it('ships the small-enterprise chart with valid, unique level-1 codes', () => {
    const codes = SMALL_ENTERPRISE_CHART.map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBe(66);
    for (const s of SMALL_ENTERPRISE_CHART) expect(levelOfCode(R, s.code), s.code).toBe(1);
    for (const s of SMALL_ENTERPRISE_CHART) expect(kindOfCode(s.code), s.code).not.toBeNull();
    expect(codes).toContain('3103');
    expect(codes).toContain('3104');
  });
});
