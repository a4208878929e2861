import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { summarize, summaryLines } from './summarize-tests';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A report directory holding the given files (name → JSON). */
function reports(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'summarize-'));
  dirs.push(dir);
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, `${name}.json`), JSON.stringify(body));
  return dir;
}

const vitest = (passed: number, failed = 0) => ({ success: failed === 0, numPassedTests: passed, numFailedTests: failed, numPendingTests: 0, numTodoTests: 0 });
const result = (status: string, retry: number, message?: string) => ({ status, retry, errors: message ? [{ message }] : [] });

/** A Playwright JSON report: one file suite, a describe inside it, three tests (one flaky, one passed, one skipped). */
const e2e = {
  stats: { expected: 1, unexpected: 0, flaky: 1, skipped: 1 },
  suites: [{
    title: 'voucher-list.spec.ts', file: 'voucher-list.spec.ts',
    specs: [{ title: 'a plain test', file: 'voucher-list.spec.ts', line: 10, tests: [{ status: 'expected', results: [result('passed', 0)] }] }],
    suites: [{
      title: 'a describe',
      specs: [
        { title: 'the clerk sees New', file: 'voucher-list.spec.ts', line: 239, tests: [{ status: 'flaky', results: [
          result('failed', 0, '\u001b[31mError: expect(locator).toBeFocused() failed\u001b[39m\n\nLocator: getByTestId(\'saved-filters-name\')'),
          result('passed', 1),
        ] }] },
        { title: 'a skipped one', file: 'voucher-list.spec.ts', line: 300, tests: [{ status: 'skipped', results: [] }] },
      ],
    }],
  }],
};

describe('summarize-tests', () => {
  it('counts a flaky test as passed and names it with its first attempt\'s error, without colours', () => {
    const s = summarize(reports({ unit: vitest(5), api: vitest(7), e2e }));
    expect(s).toMatchObject({ passed: 14, failed: 0, skipped: 1, missing: [] });
    expect(s.flaky).toEqual([{ where: 'voucher-list.spec.ts:239', title: 'the clerk sees New', firstError: 'Error: expect(locator).toBeFocused() failed' }]);
    const lines = summaryLines(s);
    expect(lines.at(-1)).toBe('tests: 14 passed, 0 failed, 1 skipped, 1 flaky');
    expect(lines).toContain('  voucher-list.spec.ts:239 the clerk sees New');
    expect(lines).toContain('    first attempt: Error: expect(locator).toBeFocused() failed');
  });

  it('ends with the plain line when nothing was flaky, and counts a missing report as a failure', () => {
    const s = summarize(reports({ unit: vitest(3, 1), api: vitest(2) }));
    expect(s).toMatchObject({ passed: 5, failed: 2, flaky: [], missing: ['e2e'] });
    expect(summaryLines(s).slice(-2)).toEqual(['', 'tests: 5 passed, 2 failed']);
    expect(summaryLines(s)).toContain('missing reports: e2e');
  });

  it('counts a vitest report that failed without a failed test (a file that did not load) as one failure', () => {
    const s = summarize(reports({ unit: { ...vitest(4), success: false }, api: vitest(1), e2e: { stats: { expected: 2 }, suites: [] } }));
    expect(s).toMatchObject({ passed: 7, failed: 1 });
  });
});
