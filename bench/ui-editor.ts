/**
 * The voucher editor's half of `npm run bench:ui` — figures, never assertions. The built app
 * (into .tmp/bench-ui-editor-dist) served by the real server (src/server/main.ts, a fresh PGlite
 * data directory with the demo seed) in headless Chromium, signed in as the demo clerk:
 *
 * - /newVoucher opened from the voucher list with Enter, until the caret is in the first summary
 *   cell (warm: the editor's chunks are cached after the first open, which is reported apart);
 * - a scripted 20-row entry on a new voucher, and 10 more rows at the end of a stored 300-line
 *   voucher: per key, keydown → painted frame (the probe of bench/ui-probe.ts), whether it was
 *   the very next frame, and the main thread's own work for the key: Chromium's TaskDuration
 *   and ThreadTime (CDP Performance metrics) before and after the key, less the same for a key
 *   nothing handles;
 * - the same for characters typed into a bare <input> on an empty page (the floor of this browser
 *   on this machine).
 *
 * Writes the table into docs/benchmarks.md under "## Voucher editor".
 *
 * Other modes (environment):
 * - BENCH_UI_AB=dirA,dirB[,…] — A/B of builds made beforehand (`vite build --outDir dirA`): one
 *   server per build, then BENCH_UI_ROUNDS rounds (default 3), each running every build in turn
 *   on a fresh signed-in page (20-row entry, then the 300-line voucher), so the builds share the
 *   minutes and the load. Prints main-thread CPU (ThreadTime less the page's Shift median) p50 /
 *   p95 per key kind and the share painted in the next frame; writes nothing into the docs
 *   (BENCH_UI_JSON: the samples as JSON).
 * - BENCH_UI_PROFILE=dir — Chromium CPU profiles of the 20-row entry and of the 300-line voucher
 *   (dir/entry.cpuprofile, dir/long.cpuprofile); BENCH_UI_TRACE=dir — a Chromium trace of the
 *   300-line voucher's keys (dir/long.trace.json). Profiles cost CPU: their runs' figures are not
 *   comparable with others.
 * - BENCH_UI_DIST=dir — use a build made beforehand; BENCH_UI_PORT — the first server port
 *   (default: any free port); BENCH_UI_NO_WRITE — print only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve, basename } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { build } from 'vite';
import { browserLaunch } from '../playwright.config';
import { fmt, freePort, percentile, PROBE, profiled, settle, publishSection, type BenchWindow, type Sample } from './ui-probe';

const SECTION = '## Voucher editor';
const OUT_DIR = resolve('.tmp/bench-ui-editor-dist');
const DATA_DIR = resolve('.tmp/bench-ui-editor-data');
const OPENS = 9;
const ROWS = 20;
const LONG_LINES = 300;
const LONG_ROWS = 10;
const FLOOR_KEYS = 40;
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8.execute'];

/** `starts`: a character typed on a cell, which opens its editor (the first of each cell); the others go into the open editor. */
type Keyed = Sample & { taskMs: number; cpuMs: number; key: string; starts?: boolean };
type KeyKind = 'typed' | 'Enter' | '=';
const kindOf = (k: Keyed): KeyKind => (k.key === 'Enter' ? 'Enter' : k.key === '=' ? '=' : 'typed');

/** The main thread's task time (wall clock while tasks run) and its CPU time (ThreadTime: what a busy machine's other processes do not inflate). */
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
  const first = out.length;
  for (const ch of text) await pressMeasured(page, cdp, ch, out);
  if (out[first]) out[first].starts = true;
}

/** One line as a clerk types it: summary, subject code, then a debit or `=` on the credit. */
async function enterLine(page: Page, cdp: CDPSession, i: number, out: Keyed[]) {
  await typeMeasured(page, cdp, `Line ${i + 1}`, out);
  await pressMeasured(page, cdp, 'Enter', out);
  await typeMeasured(page, cdp, i % 2 === 0 ? '1001' : '1002', out);
  await pressMeasured(page, cdp, 'Enter', out);
  if (i % 2 === 0) {
    await typeMeasured(page, cdp, `${100 + i * 7}.${(i * 13) % 100}`, out);
    await pressMeasured(page, cdp, 'Enter', out);
  } else {
    await pressMeasured(page, cdp, 'Enter', out);
    await pressMeasured(page, cdp, '=', out);
    await pressMeasured(page, cdp, 'Enter', out);
  }
}

/** The editor is ready for typing: the caret in the first summary cell (a string: tsx's helpers do not exist in the page). */
const caretInFirstSummary = `(() => {
  const el = document.activeElement;
  const cell = el && el.closest('.ag-cell');
  const row = el && el.closest('.ag-row');
  return !!cell && !!row && !!el.closest('[data-testid="voucher-grid"]') && cell.getAttribute('col-id') === 'summary' && row.getAttribute('row-index') === '0' && !row.classList.contains('ag-row-pinned');
})()`;

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

interface AppServer {
  base: string;
  proc: ChildProcess;
  /** The stored 300-line voucher. */
  longId: number;
}

/** The real server on a fresh PGlite data directory serving `dist`, with the demo seed and a stored 300-line voucher. */
async function startServer(dist: string, dataDir: string, port: number): Promise<AppServer> {
  const base = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, FRESH_DATA_DIR: '1', STATIC_DIR: dist, LOGIN_RATE_LIMIT_MAX: '1000', NODE_ENV: 'test', DATABASE_URL: '' },
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
  const token = (await api('/idm/user/login', { method: 'POST', body: { username: 'clerk', password: 'clerk123' } })).accessToken as string;
  const years = await api('/account/year?accountId=1', { token });
  const year = (years.content as Array<{ id: number; year: number }>).find((y) => y.year === 2026)!;
  const subjects = (await api(`/subject?filter=${encodeURIComponent(JSON.stringify({ accountYearId: year.id }))}&limit=1000`, { token })).content as Array<{ id: number; code: string }>;
  const sid = (code: string) => subjects.find((s) => s.code === code)!.id;
  const kinds = (await api('/voucher/kind?accountId=1', { token })).content as Array<{ id: number }>;
  // A long payroll-like voucher: 299 debit lines and one credit line.
  const long = await api('/voucher', {
    method: 'POST',
    token,
    body: {
      accountId: 1,
      kindId: kinds[0].id,
      markTime: '2026-12-28',
      items: [
        ...Array.from({ length: LONG_LINES - 1 }, (_, i) => ({ summary: `工资分配 ${i + 1}`, subjectId: sid('1001'), direction: true, amount: String(10_000 + i) })),
        { summary: '工资分配', subjectId: sid('1002'), direction: false, amount: String(Array.from({ length: LONG_LINES - 1 }, (_, i) => 10_000 + i).reduce((a, b) => a + b, 0)) },
      ],
    },
  });
  return { base, proc, longId: long.id as number };
}

/** A fresh context signed in as the clerk, with the probe installed and CDP metrics on. */
async function signedIn(browser: Browser, base: string, language: 'zh-CN' | 'en-US' = 'zh-CN'): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession }> {
  // The app's CSP forbids eval; the probe's string checks need it (the app's own code is unchanged).
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: language, baseURL: base, bypassCSP: true });
  const page = await context.newPage();
  await page.addInitScript({ content: PROBE });
  await page.goto('/login');
  await page.locator('input[name="username"]').fill('clerk');
  await page.locator('input[name="password"]').fill('clerk123');
  await page.locator('input[name="password"]').press('Enter');
  await page.getByTestId('tabs-bar').waitFor();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'timeTicks' });
  return { context, page, cdp };
}

/** Opening from the list: Enter on the first row → caret in the first summary cell. */
async function measureOpens(page: Page): Promise<number[]> {
  const opens: number[] = [];
  await page.goto('/voucher/daily/list');
  for (let i = 0; i < OPENS; i++) {
    // Back to the list inside the app (history), as a clerk returns to it.
    if (i > 0) await page.goBack();
    const firstRow = page.getByTestId('list-voucher.list').locator('.ag-row:not(.ag-row-pinned):has(.ag-cell[col-id="markTime"])').first();
    await firstRow.waitFor();
    await page.getByTestId('list-keyword').focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => !!document.activeElement?.closest('.ag-row'));
    // Plain JavaScript: named functions transpiled by tsx would call a helper the page lacks.
    await page.evaluate(`(() => {
      window.__openMs = undefined;
      let t0 = 0;
      addEventListener('keydown', (e) => { if (e.key === 'Enter') t0 = e.timeStamp; }, { capture: true, once: true });
      const watch = () => { if (t0 && ${caretInFirstSummary}) window.__openMs = performance.now() - t0; else requestAnimationFrame(watch); };
      requestAnimationFrame(watch);
    })()`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as unknown as { __openMs?: number }).__openMs !== undefined, undefined, { timeout: 30_000 });
    opens.push(await page.evaluate(() => (window as unknown as { __openMs: number }).__openMs));
  }
  return opens;
}

interface EntryRun {
  floor: Keyed[];
  entry: Keyed[];
  longEntry: Keyed[];
  balanced20: string;
}

/** Shift (the floor), the 20-row script on a new voucher, then 10 rows at the end of the stored 300-line voucher. */
async function measureEntry(browser: Browser, page: Page, cdp: CDPSession, longId: number): Promise<EntryRun> {
  const profileDir = process.env.BENCH_UI_PROFILE;
  await page.goto('/newVoucher/new');
  await page.waitForFunction(caretInFirstSummary);
  await page.evaluate(() => ((window as unknown as BenchWindow).__bench.armed = true));
  const floor: Keyed[] = [];
  for (let i = 0; i < FLOOR_KEYS; i++) await pressMeasured(page, cdp, 'Shift', floor);
  const entry: Keyed[] = [];
  const traceDir = process.env.BENCH_UI_TRACE;
  if (traceDir) {
    mkdirSync(traceDir, { recursive: true });
    await browser.startTracing(page, { path: `${traceDir}/entry.trace.json`, screenshots: false, categories: TRACE_CATEGORIES });
  }
  await profiled(cdp, profileDir, 'entry', async () => {
    for (let i = 0; i < ROWS; i++) await enterLine(page, cdp, i, entry);
  });
  if (traceDir) await browser.stopTracing();
  const balanced20 = await page.getByTestId('voucher-debit-total').innerText();

  // 10 more lines at the end of the stored 300-line voucher.
  await page.goto(`/newVoucher/${longId}`);
  await page.waitForFunction(caretInFirstSummary);
  await page.evaluate(() => ((window as unknown as BenchWindow).__bench.armed = false));
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Home');
  await page.keyboard.press('Home');
  await settle(page);
  // From the last stored line's summary down to the first empty row.
  await page.keyboard.press('ArrowDown');
  await settle(page);
  await page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    w.__bench.samples.splice(0);
    w.__bench.armed = true;
  });
  const longEntry: Keyed[] = [];
  if (traceDir) await browser.startTracing(page, { path: `${traceDir}/long.trace.json`, screenshots: false, categories: TRACE_CATEGORIES });
  await profiled(cdp, profileDir, 'long', async () => {
    for (let i = 0; i < LONG_ROWS; i++) await enterLine(page, cdp, i, longEntry);
  });
  if (traceDir) await browser.stopTracing();
  return { floor, entry, longEntry, balanced20 };
}

/** The reference: characters typed into a bare input. */
async function measureBare(context: BrowserContext): Promise<Keyed[]> {
  const bare = await context.newPage();
  await bare.setContent('<!doctype html><html><body><input id="bare" autofocus></body></html>');
  await bare.evaluate(PROBE);
  await bare.focus('#bare');
  const bareCdp = await context.newCDPSession(bare);
  await bareCdp.send('Performance.enable', { timeDomain: 'timeTicks' });
  await bare.evaluate(() => ((window as unknown as BenchWindow).__bench.armed = true));
  const reference: Keyed[] = [];
  for (let i = 0; i < 120; i++) await pressMeasured(bare, bareCdp, String.fromCharCode(97 + (i % 26)), reference);
  await bare.close();
  return reference;
}

/** CPU per key less the floor (the Shift median of the same page). */
const cpuOver = (s: Keyed[], floorCpu: number) => s.map((x) => Math.max(0, x.cpuMs - floorCpu));
const p5095 = (v: number[]) => (v.length ? `${fmt(percentile(v, 50))} / ${fmt(percentile(v, 95))}` : '—');
const nextFrame = (s: Keyed[]) => {
  const next = s.filter((x) => x.frames === 1).length;
  return `${next} of ${s.length} (${((100 * next) / Math.max(1, s.length)).toFixed(1)}%)`;
};

const launch = browserLaunch;
/**
 * Scrollbars as a desktop browser draws them: Playwright's headless default (`--hide-scrollbars`)
 * makes them zero-width overlays, which sends AG Grid down its overlay-scrollbar path (a class
 * toggled on its scrollbar 400 ms after each scroll) that a clerk's desktop browser does not take.
 * BENCH_UI_HIDE_SCROLLBARS=1 keeps Playwright's default.
 */
const launchBrowser = () =>
  chromium.launch({
    ...launch,
    ...(process.env.BENCH_UI_HIDE_SCROLLBARS ? {} : { ignoreDefaultArgs: ['--hide-scrollbars'] }),
  });
const firstPort = async (i: number) => (process.env.BENCH_UI_PORT ? Number(process.env.BENCH_UI_PORT) + i : freePort());

/** A/B of builds made beforehand, interleaved on fresh pages in the same minutes. */
async function abMode(dists: string[]) {
  const rounds = Number(process.env.BENCH_UI_ROUNDS ?? 3);
  const loads: string[] = [loadavg()[0].toFixed(1)];
  const servers: AppServer[] = [];
  const browser = await launchBrowser();
  try {
    for (const [i, dist] of dists.entries()) servers.push(await startServer(dist, `${DATA_DIR}-ab${i}`, await firstPort(i)));
    type Run = { floorCpu: number; entry: Keyed[]; longEntry: Keyed[]; load: string };
    const runs: Run[][] = dists.map(() => []);
    for (let r = 0; r < rounds; r++) {
      for (const [i, server] of servers.entries()) {
        const load = loadavg()[0].toFixed(1);
        const { context, page, cdp } = await signedIn(browser, server.base);
        const run = await measureEntry(browser, page, cdp, server.longId);
        await context.close();
        const floorCpu = percentile(run.floor.map((s) => s.cpuMs), 50);
        runs[i].push({ floorCpu, entry: run.entry, longEntry: run.longEntry, load });
        const over = cpuOver(run.longEntry, floorCpu);
        console.log(`round ${r + 1} ${basename(dists[i])} (load ${load}): 20-row CPU p95 ${fmt(percentile(cpuOver(run.entry, floorCpu), 95))}, 300-line CPU p95 ${fmt(percentile(over, 95))}, next frame ${nextFrame([...run.entry, ...run.longEntry])}`);
      }
    }
    loads.push(loadavg()[0].toFixed(1));
    const rows: string[] = [];
    for (const [i, dist] of dists.entries()) {
      for (const part of ['entry', 'longEntry'] as const) {
        const all = runs[i].flatMap((run) => run[part].map((k) => ({ k, cpu: Math.max(0, k.cpuMs - run.floorCpu) })));
        const of = (keep: (k: Keyed) => boolean) => p5095(all.filter((x) => keep(x.k)).map((x) => x.cpu));
        const typed = (k: Keyed) => kindOf(k) === 'typed';
        rows.push(
          `| ${basename(dist)} | ${part === 'entry' ? `${ROWS}-row entry` : `${LONG_LINES}-line voucher, ${LONG_ROWS} rows`} | ${all.length} | ${of(() => true)} | ${of((k) => typed(k) && !k.starts)} | ${of((k) => typed(k) && !!k.starts)} | ${of((k) => kindOf(k) === 'Enter')} | ${of((k) => kindOf(k) === '=')} | ${nextFrame(all.map((x) => x.k))} |`,
        );
      }
    }
    const markdown = [
      `A/B, ${rounds} rounds interleaved, headless Chromium ${browser.version()}, ${cpus().length} CPU(s), load average ${loads[0]} at the start and ${loads[1]} at the end (per run: ${runs.map((rs, i) => `${basename(dists[i])} ${rs.map((x) => x.load).join(', ')}`).join('; ')}), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
      '',
      '| build | script | keys | CPU p50 / p95 | character into the open editor | character that opens the editor | Enter | = | painted in the next frame |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      `Floor (Shift, median ThreadTime per page, taken off every key): ${runs.map((rs, i) => `${basename(dists[i])} ${rs.map((x) => fmt(x.floorCpu)).join(', ')}`).join('; ')}.`,
    ].join('\n');
    console.log(`\n${markdown}`);
    if (process.env.BENCH_UI_JSON) writeFileSync(process.env.BENCH_UI_JSON, JSON.stringify({ dists, runs, loads }));
  } finally {
    await browser.close();
    for (const s of servers) s.proc.kill();
  }
}

/** The full run: opens from the list, the two scripts, the bare input; the section of docs/benchmarks.md. */
async function fullMode() {
  const loadAtStart = loadavg()[0].toFixed(1);
  // BENCH_UI_DIST: a build made beforehand, else a fresh build.
  const dist = process.env.BENCH_UI_DIST ? resolve(process.env.BENCH_UI_DIST) : OUT_DIR;
  if (!process.env.BENCH_UI_DIST) {
    console.log(`building the app into ${OUT_DIR}…`);
    await build({ logLevel: 'warn', build: { outDir: OUT_DIR, emptyOutDir: true } });
  }
  const browser = await launchBrowser();
  let server: AppServer | undefined;
  try {
    server = await startServer(dist, DATA_DIR, await firstPort(0));
    const { context, page, cdp } = await signedIn(browser, server.base);
    const [coldOpen, ...warmOpens] = await measureOpens(page);
    const { floor, entry, longEntry, balanced20 } = await measureEntry(browser, page, cdp, server.longId);
    const reference = await measureBare(context);

    const floorTask = percentile(floor.map((s) => s.taskMs), 50);
    const floorCpu = percentile(floor.map((s) => s.cpuMs), 50);
    if (process.env.BENCH_UI_JSON) writeFileSync(process.env.BENCH_UI_JSON, JSON.stringify({ dist, load: loadAtStart, floor, entry, longEntry, reference, opens: [coldOpen, ...warmOpens] }));
    const cpuLine = (label: string, s: Keyed[]) => {
      const part = (name: KeyKind) => p5095(cpuOver(s.filter((x) => kindOf(x) === name), floorCpu));
      const cpu = cpuOver(s, floorCpu);
      return `| ${label} | ${s.length} | ${fmt(percentile(cpu, 50))} | ${fmt(percentile(cpu, 95))} | ${part('typed')} | ${part('Enter')} | ${part('=')} |`;
    };
    const line = (label: string, s: Keyed[]) => {
      const paint = s.map((x) => x.paintMs);
      const task = s.map((x) => Math.max(0, x.taskMs - floorTask));
      return `| ${label} | ${s.length} | ${fmt(percentile(paint, 50))} | ${fmt(percentile(paint, 95))} | ${nextFrame(s)} | ${fmt(percentile(task, 50))} | ${fmt(percentile(task, 95))} |`;
    };
    const markdown = [
      SECTION,
      '',
      `\`npm run bench:ui\` (bench/ui-editor.ts) — headless Chromium ${browser.version()}, the built app served by the real server on PGlite with the demo seed, signed in as the clerk; ${cpus().length} CPU(s) (load average ${loadAtStart} at the start, ${loadavg()[0].toFixed(1)} at the end), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}. Goals (issue 8): ≥ 99% of keystrokes painted in the next frame, main-thread work per keystroke p95 ≤ 4 ms, editor ready from the list ≤ 500 ms median warm.`,
      '',
      '| measure | n | paint p50 | paint p95 | painted in the next frame | main-thread work p50 | work p95 |',
      '|---|---:|---:|---:|---:|---:|---:|',
      line('floor: a key nothing handles (Shift)', floor),
      line(`scripted ${ROWS}-row entry on a new voucher (ends ${balanced20})`, entry),
      line(`${LONG_ROWS} rows typed at the end of a stored ${LONG_LINES}-line voucher`, longEntry),
      line('reference: a character typed into a bare `<input>`', reference),
      '',
      `Main-thread work is Chromium's TaskDuration across the key (from before the press until three quiet frames after its paint) less the median of the same for Shift (${fmt(floorTask)}: the probe's own frame callbacks and the idle frames), so it counts the key's handlers, React and AG Grid, style, layout and paint on the main thread.`,
      '',
      "| main-thread CPU per key (ThreadTime, less Shift's median) | n | p50 | p95 | typed character p50 / p95 | Enter p50 / p95 | = p50 / p95 |",
      '|---|---:|---:|---:|---:|---:|---:|',
      cpuLine('floor: Shift', floor),
      cpuLine(`scripted ${ROWS}-row entry`, entry),
      cpuLine(`${LONG_ROWS} rows at the end of the ${LONG_LINES}-line voucher`, longEntry),
      cpuLine('reference: bare `<input>`', reference),
      '',
      `TaskDuration is wall-clock time while the main thread runs tasks, so on a busy machine it also counts the time the thread waits for a CPU; ThreadTime is the CPU time the main thread used (Shift's median ${fmt(floorCpu)} taken off), which other processes do not inflate.`,
      '',
      '| open /newVoucher/:id from the list (Enter → caret in the first summary cell) | n | p50 | max |',
      '|---|---:|---:|---:|',
      `| first open (editor chunk loaded) | 1 | ${fmt(coldOpen)} | ${fmt(coldOpen)} |`,
      `| warm opens | ${warmOpens.length} | ${fmt(percentile(warmOpens, 50))} | ${fmt(Math.max(...warmOpens))} |`,
      '',
    ].join('\n');
    publishSection(SECTION, markdown);
  } finally {
    await browser.close();
    server?.proc.kill();
  }
}

if (process.env.BENCH_UI_AB) await abMode(process.env.BENCH_UI_AB.split(',').map((d) => resolve(d)));
else await fullMode();
process.exit(0);
