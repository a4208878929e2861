import { describe, expect, it } from 'vitest';
import type { PeriodDto } from '../../../contract/account';
import { codeColumnWidth, currentPeriod, emptySubjectBalanceFilter, longestCodeDigits, toSubjectBalanceFilter } from './subject-balance-model';

const periods: PeriodDto[] = Array.from({ length: 12 }, (_, i) => {
  const m = String(i + 1).padStart(2, '0');
  return { id: 100 + i, accountYearId: 7, startAt: `2026-${m}-01`, endAt: `2026-${m}-28`, rolled: false, version: 0, name: `2026-${m}` };
});

describe('subject balance filter', () => {
  it('defaults to the period of today, else the last one before it, else the first', () => {
    expect(currentPeriod(periods, '2026-03-15')?.id).toBe(102);
    expect(currentPeriod(periods, '2026-03-30')?.id).toBe(102);
    expect(currentPeriod(periods, '2027-05-01')?.id).toBe(111);
    expect(currentPeriod(periods, '2025-05-01')?.id).toBe(100);
  });

  it('maps the screen state to the API filter', () => {
    expect(toSubjectBalanceFilter(emptySubjectBalanceFilter(), 1, 7, periods, '2026-04-02')).toEqual({
      accountId: 1, accountYearId: 7, startPeriodId: 103, endPeriodId: 103, subjectCodeFrom: undefined, subjectCodeTo: undefined, level: undefined, includeUnbooked: true, showZero: false,
    });
    expect(toSubjectBalanceFilter({ ...emptySubjectBalanceFilter(), startPeriodId: 100, endPeriodId: 105, codeFrom: ' 1001 ', codeTo: '12x', level: 2, includeUnbooked: false, showZero: true }, 1, 7, periods, '2026-04-02'))
      .toMatchObject({ startPeriodId: 100, endPeriodId: 105, subjectCodeFrom: '1001', subjectCodeTo: undefined, level: 2, includeUnbooked: false, showZero: true });
    expect(toSubjectBalanceFilter(emptySubjectBalanceFilter(), 1, 7, [], '2026-04-02')).toBeNull();
  });

  it('sizes the code column for the longest code of the chart', () => {
    const rule = { levels: [{ level: 1, length: 4 }, { level: 2, length: 2 }, { level: 3, length: 2 }, { level: 4, length: 2 }], usedLevel: 3 };
    // 4-2-2 in use: eight digits (22210101), whatever the rows shown.
    expect(longestCodeDigits(rule, ['1001'])).toBe(8);
    expect(longestCodeDigits(rule, ['2221010101'])).toBe(10);
    expect(longestCodeDigits(undefined, ['1001', '100201'])).toBe(6);
    expect(codeColumnWidth(8)).toBeGreaterThan(codeColumnWidth(4));
    expect(codeColumnWidth(4)).toBe(80);
  });
});
