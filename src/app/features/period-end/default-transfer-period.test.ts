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
});
