/**
 * npm run bench:ui (third part) — issue 9: "the report grids stay responsive with 60,000-line
 * sub-ledgers (virtualised, streamed or paged; no frozen tab)". Figures, never assertions.
 *
 * The real server (buildApp on an in-memory PGlite with the demo, plus BENCH_UI_LEDGER_VOUCHERS
 * vouchers, default 30,000, each with two lines on 1122 and one on 5001: 60,000 lines on 1122)
 * serves the app built afresh into .tmp/bench-ui-ledger-dist. In headless Chromium, signed in as
 * the administrator, the sub-ledger of 1122 over the year is opened by its link, then driven by the
 * keyboard alone: Ctrl+End to the last row, PageUp ×10, Ctrl+Home, PageDown ×10 (150 ms apart: AG Grid
 * ignores a page key within 100 ms of the last, as when a key is held down). Measured:
 *
 * - navigation → the first line rendered, on the 60,000-line subject and, as the peer in the same
 *   run, on 1001 (a few dozen demo lines): what the size of the ledger adds to opening it;
 * - per key, keydown → the focused row's figures on screen (they arrive from the server by pages of
 *   100: AG Grid's infinite row model), p50 / p95 / max;
 * - every main-thread task over 50 ms during the whole session (Long Tasks API): a frozen tab shows
 *   there; and the JavaScript heap after the walk;
 * - the page call the grid makes (GET /ledger/subjectDetail, 100 rows), as the browser timed it.
 *
 * Prints a table and writes it into docs/benchmarks.md under SECTION (BENCH_UI_NO_WRITE: print only).
 */
import { resolve } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { and, asc, eq } from 'drizzle-orm';
import { chromium, type Page } from '@playwright/test';
import { build } from 'vite';
import { browserLaunch } from '../playwright.config';
import { buildApp } from '../src/server/app';
import { openDb } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';
import { accountYears, customers, periods, projects, subjects, users, voucherKinds } from '../src/server/db/schema';
import { createVouchersInBulk, type BulkVoucher } from '../src/server/features/voucher/service';
import { RIGHTS } from '../src/domain/rights';
import { fmt, freePort, percentile, publishSection } from './ui-probe';

const VOUCHERS = Number(process.env.BENCH_UI_LEDGER_VOUCHERS ?? 30_000);
const OUT_DIR = resolve('.tmp/bench-ui-ledger-dist');
const SECTION = '## Sub-ledger of 60,000 lines in the browser';
const LOADS = 5;

type LedgerWindow = { __longTasks: number[] };

/** Collects main-thread tasks over 50 ms from the page's start. */
const LONG_TASKS = `
(() => {
  window.__longTasks = [];
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); })
      .observe({ type: 'longtask', buffered: true });
  } catch {}
})();
`;

const loadAtStart = loadavg()[0].toFixed(1);
console.log(`building the app into ${OUT_DIR}…`);
await build({ logLevel: 'warn', build: { outDir: OUT_DIR, emptyOutDir: true } });

const handle = await openDb({ dataDir: 'memory://' });
const db = handle.db;
await seedDemo(db);
const [year] = await db.select().from(accountYears).where(and(eq(accountYears.accountId, 1), eq(accountYears.year, 2026)));
const [cust] = await db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, year.companyId)).orderBy(asc(customers.id)).limit(1);
const [proj] = await db.select({ id: projects.id }).from(projects).where(eq(projects.companyId, year.companyId)).orderBy(asc(projects.id)).limit(1);
const chart = await db.select({ id: subjects.id, code: subjects.code }).from(subjects).where(eq(subjects.accountYearId, year.id));
const subjectId = (code: string) => chart.find((x) => x.code === code)!.id;
const [kind] = await db.select({ id: voucherKinds.id }).from(voucherKinds).where(eq(voucherKinds.accountId, 1)).orderBy(asc(voucherKinds.sort)).limit(1);
const [clerk] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'clerk'));
const actor = { id: clerk.id, kind: 'OTHER' as const, rightIds: [RIGHTS.VOUCHER_EDIT] };
const t0 = performance.now();
for (let start = 0; start < VOUCHERS; start += 2_000) {
  const list: BulkVoucher[] = [];
  for (let i = start; i < Math.min(start + 2_000, VOUCHERS); i++) {
    const month = (i % 12) + 1;
    const a = ((i * 7919) % 4_900 + 100) * 100;
    const b = ((i * 104_729) % 3_100 + 50) * 100;
    const customer = [{ auxTypeId: 3, auxId: cust.id }];
    list.push({
      kindId: kind.id, markTime: `2026-${String(month).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`, billCount: 0, steps: [],
      items: [
        { summary: '确认应收律师费', subjectId: subjectId('1122'), direction: true, amount: a, auxes: customer },
        { summary: '确认应收差旅费', subjectId: subjectId('1122'), direction: true, amount: b, auxes: customer },
        { summary: '确认收入', subjectId: subjectId('5001'), direction: false, amount: a + b, auxes: [{ auxTypeId: 5, auxId: proj.id }] },
      ],
    });
  }
  await createVouchersInBulk(db, actor, year.companyId, 1, list);
}
console.log(`loaded ${VOUCHERS} vouchers (${VOUCHERS * 2} lines on 1122) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
const yearPeriods = await db.select({ id: periods.id }).from(periods).where(eq(periods.accountYearId, year.id)).orderBy(asc(periods.startAt));

const app = await buildApp({ db, dbKind: handle.kind, staticDir: OUT_DIR, loginRateLimitMax: 1_000_000 });
const port = await freePort();
await app.listen({ port, host: '127.0.0.1' });
const base = `http://127.0.0.1:${port}`;
const launch = browserLaunch;
const browser = await chromium.launch({ ...launch });

const link = (code: string) => `${base}/voucher/business/subLedgerBySubject?subjectId=${subjectId(code)}&start=${yearPeriods[0].id}&end=${yearPeriods.at(-1)!.id}&unbooked=1`;

async function signedInPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const answer = await (await context.request.post(`${base}/api/idm/user/login`, { data: { username: 'admin', password: 'admin123' } })).json();
  await context.addInitScript(
    ([token, userId]) => {
      if (window.location.origin === 'null') return;
      sessionStorage.setItem('ledgerdesk.token', token);
      sessionStorage.setItem('ledgerdesk.userId', userId);
      sessionStorage.setItem('ledgerdesk.savedAt', String(Date.now()));
    },
    [answer.data.accessToken as string, String(answer.data.user.id)] as const,
  );
  await context.addInitScript({ content: LONG_TASKS });
  return context.newPage();
}

/** Navigation start → the first line (row 1, after the opening row) shows its summary. */
async function openTime(page: Page, code: string): Promise<{ ms: number; total: number }> {
  await page.goto(link(code));
  const grid = page.getByTestId('sd-grid');
  await grid.locator('.ag-row[row-index="1"] [col-id="summary"]').filter({ hasText: /\S/ }).waitFor({ timeout: 60_000 });
  const ms = await page.evaluate(() => performance.now());
  await page.waitForFunction(() => document.querySelector('[data-testid="sd-grid"]')?.getAttribute('data-total') !== '');
  return { ms, total: Number(await grid.getAttribute('data-total')) };
}

/** The row index of the focused cell (-1 when no grid cell has the focus). */
const focusedRow = (page: Page) => page.evaluate(() => Number(document.activeElement?.closest('.ag-row')?.getAttribute('row-index') ?? -1));

/** keydown → the focused row (a new one) shows its balance (its page may have to come from the server). */
async function keyToRow(page: Page, key: string): Promise<number> {
  // AG Grid ignores a page key that comes within 100 ms of the previous one (held-down keys).
  await page.waitForTimeout(150);
  const before = await focusedRow(page);
  const startedAt = await page.evaluate(() => performance.now());
  await page.keyboard.press(key);
  await page.waitForFunction((from) => {
    const row = document.activeElement?.closest('.ag-row');
    const index = Number(row?.getAttribute('row-index') ?? -1);
    const balance = row?.querySelector('[col-id="balance"]')?.textContent ?? '';
    return index !== from && index >= 0 && balance.trim() !== '';
  }, before, { timeout: 60_000 });
  // The frame that shows it.
  const paintedAt = await page.evaluate(() => new Promise<number>((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()), 0))));
  return paintedAt - startedAt;
}

try {
  const small: number[] = [];
  const large: number[] = [];
  let totals = { small: 0, large: 0 };
  for (let i = 0; i < LOADS; i++) {
    for (const [code, into] of [['1001', small], ['1122', large]] as const) {
      const page = await signedInPage();
      const r = await openTime(page, code);
      into.push(r.ms);
      totals = code === '1001' ? { ...totals, small: r.total } : { ...totals, large: r.total };
      await page.context().close();
    }
  }

  const page = await signedInPage();
  await openTime(page, '1122');
  await page.getByTestId('sd-grid').locator('.ag-row[row-index="0"] [col-id="date"]').click();
  // Long tasks of loading the app are counted apart from those of the walk.
  const openLong = await page.evaluate(() => (window as unknown as LedgerWindow).__longTasks.splice(0));
  const keys: Record<string, number[]> = { 'Control+End': [], PageUp: [], 'Control+Home': [], PageDown: [] };
  for (let round = 0; round < 2; round++) {
    keys['Control+End'].push(await keyToRow(page, 'Control+End'));
    for (let i = 0; i < 10; i++) keys.PageUp.push(await keyToRow(page, 'PageUp'));
    keys['Control+Home'].push(await keyToRow(page, 'Control+Home'));
    for (let i = 0; i < 10; i++) keys.PageDown.push(await keyToRow(page, 'PageDown'));
  }
  const lastIndex = await focusedRow(page);
  const lastRowShown = await page.evaluate(() => document.querySelectorAll('.ag-row').length);
  const longTasks = await page.evaluate(() => (window as unknown as LedgerWindow).__longTasks);
  const heapMb = await page.evaluate(() => ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0) / 1048576);
  const calls = await page.evaluate(() =>
    performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/ledger/subjectDetail') && e.name.includes('limit=100')).map((e) => (e as PerformanceResourceTiming).duration),
  );

  const row = (label: string, v: number[]) => `| ${label} | ${v.length} | ${fmt(percentile(v, 50))} | ${fmt(percentile(v, 95))} | ${fmt(Math.max(...v))} |`;
  const markdown = [
    SECTION,
    '',
    `\`npx tsx bench/ui-ledger.ts\` (also in \`npm run bench:ui\`) — headless Chromium ${browser.version()}, the app built afresh into \`.tmp/bench-ui-ledger-dist\`, served by the real server on an in-memory PGlite with the demo plus ${VOUCHERS.toLocaleString('en-US')} vouchers (${totals.large.toLocaleString('en-US')} sub-ledger rows on 1122 over the year, against ${totals.small} on 1001); ${cpus().length} CPU(s), load average ${loadAtStart} at the start, ${new Date().toISOString().slice(0, 10)}. Issue 9: the report grids stay responsive with 60,000-line sub-ledgers (no frozen tab).`,
    '',
    '| measure | n | p50 | p95 | max |',
    '|---|---:|---:|---:|---:|',
    row(`open the 1122 sub-ledger by its link → first line shown (${totals.large.toLocaleString('en-US')} rows)`, large),
    row(`peer, same run: open the 1001 sub-ledger (${totals.small} rows)`, small),
    ...Object.entries(keys).map(([k, v]) => row(`\`${k}\` → the focused row's figures shown`, v)),
    row('GET /ledger/subjectDetail, a page of 100 rows, as the browser timed it', calls),
    '',
    `Main-thread tasks over 50 ms during the keyboard walk (${Object.values(keys).reduce((n, v) => n + v.length, 0)} keys, ending on row ${lastIndex + 1}): ${longTasks.length}${longTasks.length ? ` (longest ${fmt(Math.max(...longTasks))})` : ''}; while the page loaded and opened the ledger: ${openLong.length}${openLong.length ? ` (longest ${fmt(Math.max(...openLong))})` : ''}. Rows in the DOM after the walk: ${lastRowShown} (of ${totals.large.toLocaleString('en-US')}). JavaScript heap after the walk: ${heapMb.toFixed(1)} MB. Opening takes as long for ${totals.large.toLocaleString('en-US')} rows as for ${totals.small}: the first page of 100 comes with the grid, the rest only as the keys reach them.`,
    '',
  ].join('\n');
  publishSection(SECTION, markdown);
} finally {
  await browser.close();
  await app.close();
  await handle.close();
}
process.exit(0);
