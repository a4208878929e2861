import { describe, expect, it } from 'vitest';
import { defaultTransferPeriod } from './period-settlement-page';

const months = ['2026-09', '2026-10', '2026-11', '2026-12'].map((m, i) => ({ id: i + 1, startAt: `${m}-01` }));

describe('the month a profit and loss transfer goes to by default', () => {
  it('the month a link named, when it is open', () => {
    expect(defaultTransferPeriod(months, '2026-11', 1, '2026-11-27')?.id).toBe(3);
  });
  it('else the next to settle when it is among the open months', () => {
    expect(defaultTransferPeriod(months, '2027-01', 2, '2026-11-27')?.id).toBe(2);
  });
  it('else the latest open month that has begun, else the first open one, else none', () => {
    expect(defaultTransferPeriod(months, null, 99, '2026-11-27')?.id).toBe(3);
    expect(defaultTransferPeriod(months, null, null, '2026-01-15')?.id).toBe(1);
    expect(defaultTransferPeriod([], '2026-11', 1)).toBeNull();
  });
  it('not the next to settle when it lies in an earlier year: the year at hand (its month that has begun)', () => {
    // The demo: 2025-01 waits for its audits (all its profit transferred); the top bar is on 2026, today is in November.
    const withEarlier = [{ id: 99, startAt: '2025-01-01' }, ...months];
    const year = { start: '2026-01-01', end: '2026-12-31' };
    expect(defaultTransferPeriod(withEarlier, null, 99, '2026-11-27', year)?.id).toBe(3);
    // Before the year's first open month has begun: that month, not the earlier year's.
    expect(defaultTransferPeriod(withEarlier, null, 99, '2026-08-15', year)?.id).toBe(1);
    // The next to settle in the year still comes first.
    expect(defaultTransferPeriod(withEarlier, null, 2, '2026-11-27', year)?.id).toBe(2);
    // A link naming the earlier month still opens it.
    expect(defaultTransferPeriod(withEarlier, '2025-01', 99, '2026-11-27', year)?.id).toBe(99);
  });
});
