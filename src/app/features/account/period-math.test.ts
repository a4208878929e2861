import { describe, expect, it } from 'vitest';
import { boundaryProblem, nextAccountYear, nextYearStart, periodDays, pickYearId } from './period-math';

describe('period math', () => {
  it('offers the year after the last, else the calendar year', () => {
    expect(nextAccountYear([{ year: 2025 }, { year: 2026 }])).toBe(2027);
    expect(nextAccountYear([], new Date('2030-05-01'))).toBe(2030);
  });
  it('starts a new year the day after the last one ends', () => {
    expect(nextYearStart([{ year: 2026, endAt: '2026-12-31' }, { year: 2025, endAt: '2025-12-31' }])).toBe('2027-01-01');
    expect(nextYearStart([])).toBeNull();
  });
  it('counts days inclusively', () => {
    expect(periodDays('2027-01-01', '2027-01-31')).toBe(31);
    expect(periodDays('2028-02-01', '2028-02-29')).toBe(29);
    expect(periodDays('2027-01-05', '2027-01-01')).toBe(0);
    expect(periodDays('x', '2027-01-01')).toBe(0);
  });
  it('rejects an end before the start', () => {
    expect(boundaryProblem('2027-01-10', '2027-01-09')).toBe('PERIOD_END_BEFORE_START');
    expect(boundaryProblem('2027-01-10', '2027-01-10')).toBeNull();
    expect(boundaryProblem(null, '2027-01-10')).toBe('required');
  });
  it('picks the wanted year when it belongs to the account, else the last', () => {
    const ys = [{ id: 3, year: 2025 }, { id: 9, year: 2026 }];
    expect(pickYearId(ys, 3)).toBe(3);
    expect(pickYearId(ys, 77)).toBe(9);
    expect(pickYearId([], 3)).toBeNull();
  });
});
