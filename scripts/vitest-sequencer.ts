/**
 * The order test files start in: within each project, the longest files first (longest
 * processing time first), so the two API workers end together instead of one running the
 * longest file alone at the end. Vitest orders by its cache of past durations, which a clean
 * clone does not have (it lives in node_modules); there, the API lane ended with route-fuzz
 * (53 s) started last, ~35 s after the other worker had finished.
 *
 * Weights are seconds per file (both backends) from a run of 2026-11-29 on the 2-core machine;
 * unlisted files count 2 s and keep Vitest's order among themselves. Re-measure with
 * `npx vitest run --project api --reporter=json --outputFile.json=.tmp/api.json`.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export const FILE_SECONDS: Record<string, number> = {
  'tests/api/route-fuzz.test.ts': 53,
  'tests/api/balances.test.ts': 35,
  'tests/api/auth.test.ts': 17,
  'tests/api/security.test.ts': 17,
  'tests/api/aux-ledgers.test.ts': 14,
  'tests/api/voucher-model.test.ts': 14,
  'tests/api/platform.test.ts': 12,
  'tests/api/vouchers.test.ts': 12,
  'tests/api/rights-matrix.test.ts': 10,
  'tests/api/cash-journal.test.ts': 8,
  'tests/api/user-center.test.ts': 8,
  'tests/api/hardening.test.ts': 7,
  'tests/api/period-end.test.ts': 7,
  'tests/api/subject-ledgers.test.ts': 7,
  'tests/api/transfer.test.ts': 7,
  'tests/api/doc-to-voucher.test.ts': 6,
  'tests/api/opening.test.ts': 6,
  'tests/api/budgets.test.ts': 5,
  'tests/api/reports.test.ts': 5,
  'tests/api/staff.test.ts': 5,
  'tests/api/voucher-docs.test.ts': 5,
  'tests/api/voucher-list.test.ts': 5,
  'tests/api/cash-reconcile.test.ts': 4,
  'tests/api/cashier-settings.test.ts': 4,
  'tests/api/expense.test.ts': 4,
  'tests/api/export.test.ts': 4,
};

const DEFAULT_SECONDS = 2;

/** `files` grouped by project in their first-seen order, each group longest first (stable). */
export function longestFirst<T>(files: readonly T[], project: (f: T) => string, path: (f: T) => string): T[] {
  const groups = new Map<string, T[]>();
  for (const f of files) {
    const key = project(f);
    const g = groups.get(key);
    if (g) g.push(f);
    else groups.set(key, [f]);
  }
  const weight = (f: T) => FILE_SECONDS[path(f)] ?? DEFAULT_SECONDS;
  return [...groups.values()].flatMap((g) => g.map((f, i) => ({ f, i })).sort((a, b) => weight(b.f) - weight(a.f) || a.i - b.i).map((x) => x.f));
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root.replace(/\/$/, '');
    const rel = (f: TestSpecification) => (f.moduleId.startsWith(`${root}/`) ? f.moduleId.slice(root.length + 1) : f.moduleId);
    return longestFirst(await super.sort(files), (f) => f.project.name, rel);
  }
}
