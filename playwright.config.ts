import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type PlaywrightTestProject } from '@playwright/test';
import { E2E_RUN_START } from './e2e/page-models/clock';

/**
 * e2e runs against the real server (src/server/main.ts) serving the built SPA from dist/app,
 * with a fresh PGlite data directory per run (or E2E_DATABASE_URL when set), in Debian's Chromium.
 * With E2E_SEED_DIR (set by npm test) each server copies that seeded data directory instead of
 * creating and seeding its own.
 *
 * The specs share their server's demo database (each restores what it changes), so the tests of
 * one server run one at a time. To keep the suite short, the spec files are split into E2E_SHARDS
 * groups (default 2), each with its own server, port (E2E_PORT + i) and database; the groups run
 * side by side, one worker each. With E2E_DATABASE_URL (one shared database) there is one group.
 */
const basePort = Number(process.env.E2E_PORT ?? 8199);
// The run's calendar (e2e/page-models/clock.ts): the clocks' shift is fixed once, here in the main
// process; the workers and the servers inherit it from the environment.
const clockOffsetMs = (process.env.E2E_CLOCK_OFFSET_MS ??= String(Date.parse(E2E_RUN_START) - Date.now()));
const dataDirBase = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${process.pid}`;
const shardCount = process.env.E2E_DATABASE_URL ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 2));

/**
 * Spec files by group: the heaviest first, each into the group with the least weight so far
 * (weights: measured run times, HEAVY).
 */
function groups(): string[][] {
  const files = readdirSync('e2e').filter((f) => f.endsWith('.spec.ts')).sort();
  const weight = (f: string) => (HEAVY[f] ?? 10);
  const out: { files: string[]; w: number }[] = Array.from({ length: shardCount }, () => ({ files: [], w: 0 }));
  for (const f of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const g = out.reduce((min, x) => (x.w < min.w ? x : min), out[0]!);
    g.files.push(f);
    g.w += weight(f);
  }
  return out.map((g) => g.files);
}

/**
 * Run time of the slower specs in seconds (the clean-clone CI run of 2026-12-01 05:43 UTC on the 2-core CI
 * machine, 214 tests; with these weights the groups come out 1,015 s and 1,011 s of test time, where the
 * last weights gave 1,035 s and 989 s). Unlisted specs count 10.
 */
const HEAVY: Record<string, number> = {
  'voucher-editor.spec.ts': 250,
  'shell.spec.ts': 154,
  'keyboard.spec.ts': 146,
  'admin.spec.ts': 113,
  'reimburse.spec.ts': 103,
  'grid-kit.spec.ts': 95,
  'opening-balance.spec.ts': 75,
  'import-export.spec.ts': 69,
  'aux-ledgers.spec.ts': 67,
  'voucher-list.spec.ts': 66,
  'cash-journal.spec.ts': 66,
  'staff.spec.ts': 60,
  'subjects.spec.ts': 52,
  'clients.spec.ts': 50,
  'workspace.spec.ts': 46,
  'pickers.spec.ts': 46,
  'reports.spec.ts': 45,
  'invoices.spec.ts': 44,
  'voucher-docs.spec.ts': 42,
  'cashier-settings.spec.ts': 42,
  'budgets.spec.ts': 40,
  'period-settlement.spec.ts': 34,
  'login.spec.ts': 30,
  'finance-settings.spec.ts': 29,
  'doc-to-voucher.spec.ts': 29,
  'voucher-sync.spec.ts': 27,
  'export.spec.ts': 24,
  'dashboards.spec.ts': 22,
  'cash-journal-xls.spec.ts': 22,
  'subject-ledgers.spec.ts': 18,
  'business-query.spec.ts': 18,
  'save-tip.spec.ts': 16,
  'common-functions.spec.ts': 15,
  'accounts.spec.ts': 13,
};

/**
 * Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) through a launcher that merges the
 * --disable-features lists and turns off per-window browser UI no test sees (see the script). The
 * UI benchmarks launch the same browser.
 */
export const browserLaunch = {
  executablePath: resolve('scripts/chromium-e2e.sh'),
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const shards = groups();
const projects: PlaywrightTestProject[] = shards.map((files, i) => ({
  name: shardCount === 1 ? 'e2e' : `e2e-${i + 1}`,
  testMatch: files.map((f) => new RegExp(`(^|/)${escape(f)}$`)),
  workers: 1,
  use: { baseURL: `http://127.0.0.1:${basePort + i}` },
}));

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: shardCount,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  // The picture-only tests (tag @screenshots, e2e/page-models/screenshots.ts) run with E2E_SCREENSHOTS=1
  // (`npm run screenshots`), not in `npm test`.
  ...(process.env.E2E_SCREENSHOTS ? {} : { grepInvert: /@screenshots/ }),
  use: {
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      ...browserLaunch,
      // The specs' pages live seconds: V8's optimising tiers (Maglev, TurboFan) compile code on
      // background threads that a page closed soon after never pays back. Sparkplug only (decision
      // 055): about 15% less CPU for the suite. Not for the UI benchmarks, which measure the
      // browser as users run it (they take browserLaunch).
      args: [...browserLaunch.args, '--js-flags=--max-opt=1'],
    },
    // Traces are recorded for retries only (E2E_TRACE overrides): recording one for every test costs
    // about a third of the browser's CPU (decision 044), and the specs now wait for readiness
    // themselves (page-models/keys.ts, focus.ts) instead of being slowed into it by the recording.
    trace: (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | 'on-first-retry' | undefined) ?? 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects,
  webServer: shards.map((_, i) => ({
    command: `node --import tsx src/server/main.ts`,
    url: `http://127.0.0.1:${basePort + i}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    env: {
      PORT: String(basePort + i),
      HOST: '127.0.0.1',
      DATA_DIR: `${dataDirBase}-${i + 1}`,
      FRESH_DATA_DIR: '1',
      // npm test seeds one data directory beside its other steps; each server starts from a copy.
      ...(process.env.E2E_SEED_DIR ? { SEED_FROM_DIR: process.env.E2E_SEED_DIR } : {}),
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      CLOCK_OFFSET_MS: clockOffsetMs,
      LOGIN_RATE_LIMIT_MAX: '1000',
      // Background exports pause between steps, so e2e can watch the progress bar (e2e/export.spec.ts).
      EXPORT_STEP_DELAY_MS: '400',
      NODE_ENV: 'test',
    },
  })),
});
