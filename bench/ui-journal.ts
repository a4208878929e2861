/**
 * The cash journal's half of `npm run bench:ui` (issue 10 "Speed": the journal keeps the voucher
 * editor's figures — ≥ 99% of keystrokes painted in the next frame, main-thread work p95 ≤ 4 ms —
 * with a month of 2,000 journal lines loaded). Figures, never assertions. The built app served by
 * the real server (src/server/main.ts, a fresh PGlite data directory with the demo seed, plus
 * 2,000 lines of one month on the demo cash account C001) in headless Chromium, signed in as the
 * demo cashier:
 *
 * - 10 lines typed at the end of the 2,000-line month (date, summary, kind code, counterparty,
 *   amount, Enter between cells: what a cashier types), and the same 10 lines on an empty month;
 *   per key, keydown → painted frame (the probe of bench/ui-probe.ts), whether it was the very
 *   next frame, and the main thread's own work (TaskDuration, and CPU: ThreadTime) less the same
 *   for a key nothing handles (Shift);
 * - the floor measured in the same run: characters typed into a bare <input> on an empty page.
 *
 * Writes the table into docs/benchmarks.md under "## Cash journal keystrokes".
 * BENCH_UI_DIST=dir — a build made beforehand (else a fresh build into .tmp/bench-ui-journal-dist);
 * BENCH_UI_PORT — the server port; BENCH_UI_NO_WRITE — print only; BENCH_UI_JSON=file — the samples;
 * BENCH_UI_PROFILE=dir — Chromium CPU profiles of the typing (dir/journal-full.cpuprofile,
 * dir/journal-empty.cpuprofile; profiles cost CPU, so that run's figures are not comparable).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { build } from 'vite';
import { browserLaunch } from '../playwright.config';
import { fmt, freePort, percentile, PROBE, profiled, settle, publishSection, type BenchWindow, type Sample } from './ui-probe';

const SECTION = '## Cash journal keystrokes';
const OUT_DIR = resolve('.tmp/bench-ui-journal-dist');
const DATA_DIR = resolve('.tmp/bench-ui-journal-data');
const MONTH_LINES = 2_000;
/** The month loaded with lines, and an empty one (nothing is seeded in either). */
const FULL_MONTH = '2026-04';
const EMPTY_MONTH = '2026-05';
const ROWS = 10;
const FLOOR_KEYS = 40;
const BARE_KEYS = 120;

type Keyed = Sample & { taskMs: number; cpuMs: number; key: string };
type KeyKind = 'typed' | 'Enter';
const kindOf = (k: Keyed): KeyKind => (k.key === 'Enter' ? 'Enter' : 'typed');

async function taskSeconds(cdp: CDPSession): Promise<{ task: number; cpu: number }> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return { task: metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0, cpu: metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0 };
}

/** Presses a key, waits for its paint, and keeps its probe sample with the main thread's work. */
async function pressMeasured(page: Page, cdp: CDPSession, key: string, out: Keyed[]) {
  const before = await taskSeconds(cdp);
  await page.keyboard.press(key);
  await settle(page);
  const after = await taskSeconds(cdp);
  const [sample] = await page.evaluate(() => (window as unknown as BenchWindow).__bench.samples.splice(0));
  if (sample) out.push({ ...sample, taskMs: (after.task - before.task) * 1000, cpuMs: (after.cpu - before.cpu) * 1000, key });
}

async function typeMeasured(page: Page, cdp: CDPSession, text: string, out: Keyed[]) {
  for (const ch of text) await pressMeasured(page, cdp, ch, out);
}

/** One journal line as a cashier types it: day, summary, kind code, counterparty, the amount on the kind's side. */
async function enterLine(page: Page, cdp: CDPSession, i: number, out: Keyed[]) {
  const cells = [String(20 + (i % 9)), `Line ${i + 1}`, i % 3 === 0 ? 'I01' : 'O01', `Shop ${i % 4}`, `${100 + i * 7}.${(i * 13) % 100}`];
  for (const text of cells) {
    await typeMeasured(page, cdp, text, out);
    await pressMeasured(page, cdp, 'Enter', out);
  }
}

/** The caret in the sheet's date column (a string: tsx's helpers do not exist in the page). */
const caretOnDate = `(() => {
  const el = document.activeElement;
  const cell = el && el.closest('.ag-cell');
  const row = el && el.closest('.ag-row');
  return !!cell && !!row && !!el.closest('[data-testid="journal-grid"]') && cell.getAttribute('col-id') === 'date' && !row.classList.contains('ag-row-pinned');
})()`;
const caretRow = `(() => { const r = document.activeElement && document.activeElement.closest('.ag-row'); return r ? Number(r.getAttribute('row-index')) : -1; })()`;

async function waitForServer(base: string) {
  for (let i = 0; i < 720; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

/** The real server on a fresh PGlite data directory serving `dist`, the demo seed, and 2,000 lines of one month on C001. */
async function startServer(dist: string, port: number): Promise<{ base: string; proc: ChildProcess; cashId: number }> {
  const base = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR, FRESH_DATA_DIR: '1', STATIC_DIR: dist, LOGIN_RATE_LIMIT_MAX: '1000', NODE_ENV: 'test', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  await waitForServer(base);
  const api = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
    const r = await fetch(`${base}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const j = await r.json();
    if (!j.success) throw new Error(`${path}: ${j.code} ${j.msg}`);
    return j.data;
  };
  const token = (await api('/idm/user/login', { method: 'POST', body: { username: 'cashier', password: 'cash123' } })).accessToken as string;
  const q = (filter: unknown) => encodeURIComponent(JSON.stringify(filter));
  const cashId = (await api(`/common/bankAccount?filter=${q({ accountId: 1, keyword: 'C001' })}`, { token })).content[0].id as number;
  const kinds = [...(await api(`/cashier/income?filter=${q({ accountId: 1 })}&limit=100`, { token })).content, ...(await api(`/cashier/outcome?filter=${q({ accountId: 1 })}&limit=100`, { token })).content] as Array<{ id: number; code: string; direction: string; disabled: boolean }>;
  const income = kinds.find((k) => k.direction === 'INCOME' && !k.disabled)!.id;
  const outcome = kinds.find((k) => k.direction === 'OUTCOME' && !k.disabled)!.id;
  // A month of 2,000 lines: receipts twice as large as payments, so the cash never goes below zero.
  const lines = Array.from({ length: MONTH_LINES }, (_, i) => {
    const receipt = i % 3 === 0;
    const cents = receipt ? 20_000 + (i % 997) * 10 : 5_000 + (i % 991);
    return { date: `${FULL_MONTH}-${String(1 + Math.floor((i * 30) / MONTH_LINES)).padStart(2, '0')}`, summary: `Month line ${i + 1}`, kindId: receipt ? income : outcome, counterparty: `Party ${i % 17}`, receiptCents: receipt ? cents : 0, paymentCents: receipt ? 0 : cents };
  });
  for (let i = 0; i < lines.length; i += 1000) await api('/cashier/cash', { method: 'POST', token, body: { bankAccountId: cashId, lines: lines.slice(i, i + 1000) } });
  return { base, proc, cashId };
}

/** The floor (Shift), then 10 lines at the end of the month's sheet. */
async function measureSheet(page: Page, cdp: CDPSession, url: string, toEnd: boolean): Promise<{ floor: Keyed[]; keys: Keyed[]; openMs: number; row: number }> {
  const t0 = Date.now();
  await page.goto(url);
  await page.waitForFunction(caretOnDate, undefined, { timeout: 120_000 });
  const openMs = Date.now() - t0;
  await page.evaluate(() => ((window as unknown as BenchWindow).__bench.armed = false));
  if (toEnd) {
    // The last line, its last cell, Enter: a new row below the month's lines, the caret on its date.
    await page.keyboard.press('Control+End');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.waitForFunction(caretOnDate);
  }
  const row = (await page.evaluate(caretRow)) as number;
  await page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    w.__bench.samples.splice(0);
    w.__bench.armed = true;
  });
  const floor: Keyed[] = [];
  for (let i = 0; i < FLOOR_KEYS; i++) await pressMeasured(page, cdp, 'Shift', floor);
  const keys: Keyed[] = [];
  await profiled(cdp, process.env.BENCH_UI_PROFILE, toEnd ? 'journal-full' : 'journal-empty', async () => {
    for (let i = 0; i < ROWS; i++) await enterLine(page, cdp, i, keys);
  });
  return { floor, keys, openMs, row };
}

/** The reference: characters typed into a bare input. */
async function measureBare(context: BrowserContext): Promise<{ floor: Keyed[]; keys: Keyed[] }> {
  const bare = await context.newPage();
  await bare.setContent('<!doctype html><html><body><input id="bare" autofocus></body></html>');
  await bare.evaluate(PROBE);
  await bare.focus('#bare');
  const cdp = await context.newCDPSession(bare);
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
  await bare.evaluate(() => ((window as unknown as BenchWindow).__bench.armed = true));
  const floor: Keyed[] = [];
  for (let i = 0; i < FLOOR_KEYS; i++) await pressMeasured(bare, cdp, 'Shift', floor);
  const keys: Keyed[] = [];
  for (let i = 0; i < BARE_KEYS; i++) await pressMeasured(bare, cdp, String.fromCharCode(97 + (i % 26)), keys);
  await bare.close();
  return { floor, keys };
}

const nextFrame = (s: Keyed[]) => {
  const next = s.filter((x) => x.frames === 1).length;
  return `${next} of ${s.length} (${((100 * next) / Math.max(1, s.length)).toFixed(1)}%)`;
};
const p5095 = (v: number[]) => (v.length ? `${fmt(percentile(v, 50))} / ${fmt(percentile(v, 95))}` : '—');

const launch = browserLaunch;

async function main() {
  const loadAtStart = loadavg()[0].toFixed(1);
  const dist = process.env.BENCH_UI_DIST ? resolve(process.env.BENCH_UI_DIST) : OUT_DIR;
  if (!process.env.BENCH_UI_DIST) {
    console.log(`building the app into ${OUT_DIR}…`);
    await build({ logLevel: 'warn', build: { outDir: OUT_DIR, emptyOutDir: true } });
  }
  // Scrollbars drawn as on a desktop (see bench/ui-editor.ts): AG Grid takes its desktop path.
  const browser = await chromium.launch({ ...launch, ignoreDefaultArgs: ['--hide-scrollbars'] });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    server = await startServer(dist, process.env.BENCH_UI_PORT ? Number(process.env.BENCH_UI_PORT) : await freePort());
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', baseURL: server.base, bypassCSP: true });
    const page = await context.newPage();
    await page.addInitScript({ content: PROBE });
    await page.goto('/login');
    await page.locator('input[name="username"]').fill('cashier');
    await page.locator('input[name="password"]').fill('cash123');
    await page.locator('input[name="password"]').press('Enter');
    await page.getByTestId('tabs-bar').waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
    const sheetUrl = (month: string) => `/cashier/cashBankJournalEdit?bankAccountId=${server!.cashId}&month=${month}`;
    const full = await measureSheet(page, cdp, sheetUrl(FULL_MONTH), true);
    const empty = await measureSheet(page, cdp, sheetUrl(EMPTY_MONTH), false);
    const bare = await measureBare(context);
    if (process.env.BENCH_UI_JSON) writeFileSync(process.env.BENCH_UI_JSON, JSON.stringify({ dist, load: loadAtStart, full, empty, bare }));

    const line = (label: string, run: { floor: Keyed[]; keys: Keyed[] }) => {
      const floorTask = percentile(run.floor.map((s) => s.taskMs), 50);
      const floorCpu = percentile(run.floor.map((s) => s.cpuMs), 50);
      const s = run.keys;
      const task = s.map((x) => Math.max(0, x.taskMs - floorTask));
      const cpu = (keep: (k: Keyed) => boolean) => s.filter(keep).map((x) => Math.max(0, x.cpuMs - floorCpu));
      return `| ${label} | ${s.length} | ${fmt(percentile(s.map((x) => x.paintMs), 50))} | ${fmt(percentile(s.map((x) => x.paintMs), 95))} | ${nextFrame(s)} | ${fmt(percentile(task, 50))} | ${fmt(percentile(task, 95))} | ${p5095(cpu(() => true))} | ${p5095(cpu((k) => kindOf(k) === 'typed'))} | ${p5095(cpu((k) => kindOf(k) === 'Enter'))} |`;
    };
    const markdown = [
      SECTION,
      '',
      `\`npm run bench:ui\` (bench/ui-journal.ts) — headless Chromium ${browser.version()}, the built app served by the real server on PGlite with the demo seed and ${MONTH_LINES.toLocaleString('en-US')} lines in ${FULL_MONTH} on the cash account C001, signed in as the cashier; ${cpus().length} CPU(s) (load average ${loadAtStart} at the start, ${loadavg()[0].toFixed(1)} at the end), Node ${process.version}, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Goal (issue 10): the voucher editor's figures — ≥ 99% of keystrokes painted in the next frame, main-thread work per keystroke p95 ≤ 4 ms — with a month of 2,000 lines loaded.`,
      '',
      "| measure | keys | paint p50 | paint p95 | painted in the next frame | main-thread work p50 | work p95 | CPU p50 / p95 | typed character CPU p50 / p95 | Enter CPU p50 / p95 |",
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      line(`${ROWS} lines typed below the ${MONTH_LINES.toLocaleString('en-US')} lines of a month (sheet opened in ${(full.openMs / 1000).toFixed(1)} s, typing on row ${full.row + 1})`, full),
      line(`${ROWS} lines typed on an empty month`, empty),
      line('floor: a character typed into a bare `<input>`', bare),
      '',
      "Main-thread work is Chromium's TaskDuration across the key (until three quiet frames after its paint) and CPU its ThreadTime, each less the median of the same for Shift on the same page, as in bench/ui-editor.ts. TaskDuration also counts the time the thread waits for a CPU on a busy machine; ThreadTime does not.",
      '',
    ].join('\n');
    publishSection(SECTION, markdown);
  } finally {
    await browser.close();
    server?.proc.kill();
  }
}

await main();
process.exit(0);
