import { afterEach, describe, expect, it, vi } from 'vitest';
import { todayIso } from './clock';

describe("the server's today", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });
  it('is the calendar date of the server, shifted by CLOCK_OFFSET_MS when set (the e2e runs pin it to their demo day)', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2027, 0, 5, 9, 0));
    expect(todayIso()).toBe('2027-01-05');
    vi.stubEnv('CLOCK_OFFSET_MS', String(new Date(2026, 11, 1, 9, 0).getTime() - new Date(2027, 0, 5, 9, 0).getTime()));
    expect(todayIso()).toBe('2026-12-01');
    vi.stubEnv('CLOCK_OFFSET_MS', 'nonsense');
    expect(todayIso()).toBe('2027-01-05');
  });
});
