/**
 * Sums the JSON reports of vitest (unit, api) and Playwright (e2e) into the test command's closing
 * line: "tests: N passed, N failed[, N skipped][, N flaky]". A flaky e2e test (failed, then passed
 * on its retry) counts as passed, but it is named above the line with its first attempt's error:
 * a green run must not hide a test that failed once (CI's retry would otherwise bury it in the log).
 *
 * `node --import tsx scripts/summarize-tests.ts [dir]` (default .tmp/reports); exits 1 when a test
 * failed or a report is missing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface VitestReport { success?: boolean; numPassedTests?: number; numFailedTests?: number; numPendingTests?: number; numTodoTests?: number }
interface PwResult { status: string; retry: number; errors?: Array<{ message?: string }> }
interface PwSpec { title: string; file: string; line: number; tests: Array<{ status: string; projectName?: string; results: PwResult[] }> }
interface PwSuite { title?: string; file?: string; specs?: PwSpec[]; suites?: PwSuite[] }
interface PwReport { stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number }; suites?: PwSuite[] }

export interface FlakyTest { where: string; title: string; firstError: string }
export interface TestSummary { passed: number; failed: number; skipped: number; flaky: FlakyTest[]; missing: string[] }

/** Escape sequences of a terminal's colours, as Playwright's error messages carry them. */
// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;

/** The e2e tests that failed and then passed on a retry, with the first failed attempt's error (its first line). */
export function flakyTests(report: PwReport): FlakyTest[] {
  const out: FlakyTest[] = [];
  const walk = (suite: PwSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'flaky') continue;
        const failed = test.results.find((r) => r.status !== 'passed' && r.status !== 'skipped');
        const message = failed?.errors?.map((e) => e.message ?? '').find((m) => m.trim()) ?? failed?.status ?? '';
        out.push({ where: `${spec.file}:${spec.line}`, title: spec.title, firstError: message.replace(ANSI, '').trim().split('\n')[0] ?? '' });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return out;
}

export function summarize(dir: string): TestSummary {
  const s: TestSummary = { passed: 0, failed: 0, skipped: 0, flaky: [], missing: [] };
  for (const name of ['unit', 'api']) {
    const f = join(dir, `${name}.json`);
    if (!existsSync(f)) {
      s.missing.push(name);
      continue;
    }
    const r = JSON.parse(readFileSync(f, 'utf8')) as VitestReport;
    s.passed += r.numPassedTests ?? 0;
    s.failed += r.numFailedTests ?? 0;
    s.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
    if (!r.success && (r.numFailedTests ?? 0) === 0) s.failed += 1; // a suite that failed to load
  }
  const e2e = join(dir, 'e2e.json');
  if (existsSync(e2e)) {
    const r = JSON.parse(readFileSync(e2e, 'utf8')) as PwReport;
    const stats = r.stats ?? {};
    s.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
    s.failed += stats.unexpected ?? 0;
    s.skipped += stats.skipped ?? 0;
    s.flaky = flakyTests(r);
  } else s.missing.push('e2e');
  s.failed += s.missing.length;
  return s;
}

/** The lines printed: the flaky tests, a missing report, then the closing line. */
export function summaryLines(s: TestSummary): string[] {
  const lines: string[] = [];
  if (s.flaky.length) {
    lines.push('', `flaky (failed, then passed on the retry), ${s.flaky.length}:`);
    for (const f of s.flaky) lines.push(`  ${f.where} ${f.title}`, `    first attempt: ${f.firstError}`);
  }
  if (s.missing.length) lines.push(`missing reports: ${s.missing.join(', ')}`);
  lines.push('', `tests: ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} skipped` : ''}${s.flaky.length ? `, ${s.flaky.length} flaky` : ''}`);
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const s = summarize(process.argv[2] ?? '.tmp/reports');
  console.log(summaryLines(s).join('\n'));
  process.exit(s.failed > 0 ? 1 : 0);
}
