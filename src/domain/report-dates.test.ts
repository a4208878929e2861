import { describe, expect, it } from 'vitest';
import { statementDateText } from './report-dates';

describe('statementDateText', () => {
  it('dates the balance sheet at the period end, the income statement by its month', () => {
    expect(statementDateText('BALANCE_SHEET', '2026-06-01', '2026-06-30', 'zh_CN')).toBe('2026 年 6 月 30 日');
    expect(statementDateText('BALANCE_SHEET', '2026-02-01', '2026-02-28', 'en_US')).toBe('As at 28 February 2026');
    expect(statementDateText('INCOME_STATEMENT', '2026-06-01', '2026-06-30', 'zh_CN')).toBe('2026 年 6 月');
    expect(statementDateText('INCOME_STATEMENT', '2024-02-01', '2024-02-29', 'en_US')).toBe('February 2024');
  });
  it('names both days of a period that is not a calendar month', () => {
    expect(statementDateText('INCOME_STATEMENT', '2026-07-15', '2026-07-31', 'zh_CN')).toBe('2026-07-15 至 2026-07-31');
    expect(statementDateText('INCOME_STATEMENT', '2026-06-01', '2026-06-29', 'en_US')).toBe('2026-06-01 to 2026-06-29');
  });
});
