// Sums the JSON reports of vitest and Playwright into one closing line: "tests: N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? '.tmp/reports';
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];
for (const name of ['unit', 'api']) {
  const f = join(dir, `${name}.json`);
  if (!existsSync(f)) { missing.push(name); continue; }
  const r = JSON.parse(readFileSync(f, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  if (!r.success && (r.numFailedTests ?? 0) === 0) failed += 1; // a suite that failed to load
}
const e2e = join(dir, 'e2e.json');
if (existsSync(e2e)) {
  const s = JSON.parse(readFileSync(e2e, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
} else missing.push('e2e');
if (missing.length) {
  console.log(`missing reports: ${missing.join(', ')}`);
  failed += missing.length;
}
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
