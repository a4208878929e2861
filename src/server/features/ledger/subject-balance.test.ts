import { describe, expect, it } from 'vitest';
import { inCodeRange, sideOf } from './subject-balance';

describe('subject balance rules', () => {
  it('puts a balance on its side by its sign', () => {
    expect(sideOf(500)).toEqual({ side: 'DEBIT', cents: 500 });
    expect(sideOf(-500)).toEqual({ side: 'CREDIT', cents: 500 });
    expect(sideOf(0)).toEqual({ side: 'FLAT', cents: 0 });
  });

  it('takes the subjects below an upper bound into the code range', () => {
    expect(inCodeRange('1122', '1001', '1122')).toBe(true);
    expect(inCodeRange('112201', '1001', '1122')).toBe(true);
    expect(inCodeRange('1123', '1001', '1122')).toBe(false);
    expect(inCodeRange('1001', '1002')).toBe(false);
    expect(inCodeRange('2221', '2221', '2221')).toBe(true);
    expect(inCodeRange('222101', '2221', '2221')).toBe(true);
    expect(inCodeRange('1122', undefined, undefined)).toBe(true);
  });
});
