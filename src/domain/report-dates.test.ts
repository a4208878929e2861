import { describe, expect, it } from 'vitest';
import { statementDate } from './report-dates';

describe('statementDate', () => {
  it('dates the balance sheet at the period end, the income statement by its month', () => {
    expect(statementDate('BALANCE_SHEET', '2026-06-01', '2026-06-30')).toEqual({ key: 'asOf', values: { y: 2026, m: 6, d: 30, ym: '2026-06', start: '2026-06-01', end: '2026-06-30' } });
    expect(statementDate('INCOME_STATEMENT', '2026-06-01', '2026-06-30').key).toBe('month');
    expect(statementDate('INCOME_STATEMENT', '2024-02-01', '2024-02-29').key).toBe('month');
  });
  it('names both days of a period that is not a calendar month', () => {
    expect(statementDate('INCOME_STATEMENT', '2026-07-15', '2026-07-31').key).toBe('range');
    expect(statementDate('INCOME_STATEMENT', '2026-06-01', '2026-06-29').key).toBe('range');
  });
});
