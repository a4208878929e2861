import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { accountYearSpan, adjustPeriod, monthlyPeriods, periodForDate, periodName } from './periods';

describe('monthly periods', () => {
  it('covers a calendar year with 12 contiguous months', () => {
    const ps = monthlyPeriods(2024);
    expect(ps).toHaveLength(12);
    expect(ps[0]).toEqual({ startAt: '2024-01-01', endAt: '2024-01-31' });
    expect(ps[1]).toEqual({ startAt: '2024-02-01', endAt: '2024-02-29' });
    expect(ps[11]).toEqual({ startAt: '2024-12-01', endAt: '2024-12-31' });
    expect(periodName(ps[5])).toBe('2024-06');
  });
  it('supports a fiscal year starting in April', () => {
    const ps = monthlyPeriods(2025, '2025-04-01');
    expect(ps[0].startAt).toBe('2025-04-01');
    expect(ps[11]).toEqual({ startAt: '2026-03-01', endAt: '2026-03-31' });
    expect(accountYearSpan(2025, '2025-04-01')).toEqual({ startAt: '2025-04-01', endAt: '2026-03-31' });
  });
  it('is always contiguous for any year', () => {
    fc.assert(fc.property(fc.integer({ min: 1990, max: 2200 }), (y) => {
      const ps = monthlyPeriods(y);
      for (let i = 1; i < 12; i++) {
        const prevEnd = new Date(ps[i - 1].endAt + 'T00:00:00Z').getTime();
        const start = new Date(ps[i].startAt + 'T00:00:00Z').getTime();
        expect(start - prevEnd).toBe(86_400_000);
      }
    }));
  });
});

describe('adjusting a period', () => {
  const year = accountYearSpan(2025);
  const ps = monthlyPeriods(2025).map((p, i) => ({ ...p, id: i + 1, rolled: false }));

  it('moves the neighbour boundary with it', () => {
    const changed = adjustPeriod(ps, year, 1, { startAt: '2025-01-01', endAt: '2025-01-25' });
    expect(changed).toEqual([
      { ...ps[0], endAt: '2025-01-25' },
      { ...ps[1], startAt: '2025-01-26' },
    ]);
  });
  it('refuses an end before the start', () => {
    expect(() => adjustPeriod(ps, year, 3, { startAt: '2025-03-10', endAt: '2025-03-01' })).toThrow('PERIOD_END_BEFORE_START');
  });
  it('refuses leaving the year or swallowing a neighbour', () => {
    expect(() => adjustPeriod(ps, year, 12, { startAt: '2025-12-01', endAt: '2026-01-05' })).toThrow('PERIOD_OVERLAP');
    expect(() => adjustPeriod(ps, year, 2, { startAt: '2025-02-01', endAt: '2025-04-05' })).toThrow('PERIOD_OVERLAP');
    expect(() => adjustPeriod(ps, year, 1, { startAt: '2025-01-02', endAt: '2025-01-31' })).toThrow('PERIOD_OVERLAP');
  });
  it('refuses touching a settled period', () => {
    const rolled = ps.map((p) => (p.id === 2 ? { ...p, rolled: true } : p));
    expect(() => adjustPeriod(rolled, year, 1, { startAt: '2025-01-01', endAt: '2025-01-20' })).toThrow('PERIOD_SETTLED');
    expect(() => adjustPeriod(rolled, year, 2, { startAt: '2025-02-01', endAt: '2025-02-20' })).toThrow('PERIOD_SETTLED');
  });
  it('finds the period of a date, else the last one', () => {
    expect(periodForDate(ps, '2025-05-17')?.id).toBe(5);
    expect(periodForDate(ps, '2027-01-01')?.id).toBe(12);
  });
});
