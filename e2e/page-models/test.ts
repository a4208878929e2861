/**
 * The specs' `test`: Playwright's, with a page that fails its test when the app logs a problem
 * nobody looked at: an uncaught error, a console error (a refused call's "Failed to load resource"
 * aside: specs provoke refusals on purpose) or an AG Grid warning (a column set up wrong, an
 * option misspelt). Specs import `test` and `expect` from here instead of '@playwright/test'.
 * Its pages live on the run's calendar (./clock.ts: the same demo day whatever the machine's date).
 */
import { test as base, expect, type Page } from '@playwright/test';
import { shiftPageClock } from './clock';

export * from '@playwright/test';

/** Console lines that are a problem of the app (a refused call logs "Failed to load resource", which is expected in specs that provoke it). */
export function isAppProblem(type: string, text: string): boolean {
  if (type === 'error') return !/^Failed to load resource/.test(text);
  if (type === 'warning') return /AG Grid/.test(text);
  return false;
}

const allowed = new WeakMap<Page, RegExp[]>();

/** A problem the test provokes on purpose (a chunk it makes fail to load): not held against the page. */
export function allowPageProblem(page: Page, problem: RegExp): void {
  allowed.set(page, [...(allowed.get(page) ?? []), problem]);
}

export const test = base.extend({
  context: async ({ context }, use) => {
    await shiftPageClock(context);
    await use(context);
  },
  page: async ({ page }, use) => {
    const seen: string[] = [];
    page.on('pageerror', (e) => seen.push(`uncaught: ${e.stack ?? e.message}`));
    page.on('console', (m) => {
      if (isAppProblem(m.type(), m.text())) seen.push(`console.${m.type()} at ${page.url()}: ${m.text()}`);
    });
    await use(page);
    const expected = allowed.get(page) ?? [];
    expect(seen.filter((p) => !expected.some((re) => re.test(p))), 'problems the page logged').toEqual([]);
  },
});
