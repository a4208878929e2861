/**
 * The specs' calendar: every run starts on the same day of the demo, whatever the machine's date.
 *
 * The demo firm's books run to the end of 2026 (its account years are 2025 and 2026, fixed in the
 * seed), so a spec that enters a voucher "today" or reads a report "up to today" needs today inside
 * them: run on the real date, the suite would pass in December 2026 and fail from January 2027 on.
 * The run's clocks are shifted instead of stopped (timers, idle timeouts and animations keep real
 * time): the browser's Date (an init script on every page, `shiftPageClock`), the server's today
 * (`CLOCK_OFFSET_MS`, src/server/clock.ts) and the specs' own dates (`e2eNow`, `e2eToday`) all read
 * the real time plus one offset, fixed when the run starts (playwright.config.ts puts it in the
 * environment, so the workers and the servers share it).
 *
 * Specs about the clock itself (local-date.spec, the idle timeout) install Playwright's page.clock,
 * which replaces the shifted Date on its page.
 */
import type { BrowserContext } from '@playwright/test';

/** The moment every run starts at: 09:00 on 1 December 2026 in Beijing, the demo's last month. */
export const E2E_RUN_START = '2026-12-01T09:00:00+08:00';

/** The run's shift of the clocks, in ms (0 when run outside Playwright's config). */
export function clockOffsetMs(): number {
  return Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0) || 0;
}

/** The run's current time, in ms, as the app sees it. */
export const e2eNow = (): number => Date.now() + clockOffsetMs();

/** The run's today as YYYY-MM-DD in the test process's time zone (the server's and browser's: the machine's). */
export function e2eToday(): string {
  const d = new Date(e2eNow());
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Replaces the page's Date by one reading the shifted time: `new Date()`, `Date()` and `Date.now()`
 * move by `offset`; dates made from a value, parse, UTC and instanceof are Date's own.
 */
function shiftDate(offset: number): void {
  const marked = globalThis as { e2eClockShifted?: boolean };
  if (!offset || marked.e2eClockShifted) return;
  marked.e2eClockShifted = true;
  const Real = Date;
  const now = () => Real.now() + offset;
  const Shifted = function (this: unknown, ...args: unknown[]) {
    if (!new.target) return new Real(now()).toString();
    return args.length === 0 ? new Real(now()) : new (Real as unknown as new (...a: unknown[]) => Date)(...args);
  } as unknown as DateConstructor;
  Object.defineProperties(Shifted, {
    now: { value: now, writable: true, configurable: true },
    parse: { value: Real.parse, writable: true, configurable: true },
    UTC: { value: Real.UTC, writable: true, configurable: true },
    prototype: { value: Real.prototype },
  });
  (globalThis as { Date: DateConstructor }).Date = Shifted;
}

/** Every page of the context (and its frames) sees the run's time. */
export async function shiftPageClock(context: BrowserContext): Promise<void> {
  await context.addInitScript(shiftDate, clockOffsetMs());
}
