/**
 * npm run bench:ui — figures, never assertions. The entry grid kit in headless Chromium on the
 * kit page built afresh for every run (into .tmp/bench-ui-dist, so the figures never come from a
 * stale build and dist/app is left alone), served by `vite preview`:
 *
 * - keystroke-to-paint over a scripted 20-row voucher entry (twice, on fresh pages): from the
 *   keydown's timestamp to the end of the frame that painted the last DOM change the key caused
 *   (so it includes waiting for the next frame, as a user sees it), the main-thread work alone
 *   (keydown to last change), and whether the key was painted in the very next frame;
 * - a 20-row block pasted at once (20 rows × 2 digit-cell columns re-rendered) to paint;
 * - time to first interactive grid: navigation start to the grid's first rows rendered with the
 *   caret in the first cell, over fresh page loads;
 * - a reference: characters typed into a bare <input> on an empty page, measured the same way —
 *   what a keystroke costs in this browser on this machine before any grid code runs.
 *
 * Prints a table and writes it into docs/benchmarks.md under "## Grid kit".
 */
import { resolve } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { fmt, freePort, percentile, PROBE, press, settle, typeText, publishSection, type BenchWindow, type Sample } from './ui-probe';
import { build, preview } from 'vite';
import { browserLaunch } from '../playwright.config';

const ROWS = 20;
const ROUNDS = Number(process.env.BENCH_UI_ROUNDS ?? 2);
const LOADS = 7;
const OUT_DIR = resolve('.tmp/bench-ui-dist');
const SECTION = '## Grid kit';

/** The clerk's keystrokes for one voucher line (alternating debit lines and `=`-balanced credit lines). */
async function enterLine(page: Page, i: number) {
  await typeText(page, `Line ${i + 1}`);
  await press(page, 'Enter');
  const withDepartment = i % 3 === 0;
  await typeText(page, withDepartment ? '6602' : i % 2 === 0 ? '1001' : '1002');
  await press(page, 'Enter');
  if (withDepartment) {
    await typeText(page, 'D01');
    await press(page, 'Enter');
  }
  if (i % 2 === 0) {
    await typeText(page, `${100 + i * 7}.${(i * 13) % 100}`);
    await press(page, 'Enter');
  } else {
    await press(page, 'Enter');
    await press(page, '=');
    await press(page, 'Enter');
  }
}

const loadAtStart = loadavg()[0].toFixed(1);
// Always a fresh build: figures must describe the code as it is, not whatever dist/ holds.
console.log(`building the kit page into ${OUT_DIR}…`);
await build({ logLevel: 'warn', build: { outDir: OUT_DIR, emptyOutDir: true } });
const port = await freePort();
const server = await preview({ logLevel: 'warn', build: { outDir: OUT_DIR }, preview: { host: '127.0.0.1', port, strictPort: true, open: false } });
const url = `http://127.0.0.1:${port}/kit.html?lang=zh_CN`;
const launch = browserLaunch;
const browser = await chromium.launch({ ...launch });

try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });

  // Time to first interactive grid over fresh loads.
  const interactive: number[] = [];
  for (let i = 0; i < LOADS; i++) {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForSelector('body[data-grid-ready="true"]');
    interactive.push(await page.evaluate(() => performance.getEntriesByName('kit-grid-interactive')[0]?.startTime ?? Number.NaN));
    await page.close();
  }

  // Scripted entry, on fresh pages.
  const floor: number[] = [];
  const samples: Sample[] = [];
  const balancedAfter: string[] = [];
  let page!: Page;
  for (let round = 0; round < ROUNDS; round++) {
    if (page) await page.close();
    page = await context.newPage();
    await page.addInitScript({ content: PROBE });
    await page.goto(url);
    await page.waitForSelector('body[data-grid-ready="true"]');
    await page.evaluate(() => ((window as unknown as BenchWindow).__bench.armed = true));
    // The floor: a key nothing listens to (Shift) still waits for the next frame to be painted.
    for (let i = 0; i < 40; i++) await press(page, 'Shift');
    floor.push(...(await page.evaluate(() => (window as unknown as BenchWindow).__bench.samples.splice(0))).map((s) => s.paintMs));
    for (let i = 0; i < ROWS; i++) await enterLine(page, i);
    samples.push(...(await page.evaluate(() => (window as unknown as BenchWindow).__bench.samples.splice(0))));
    balancedAfter.push(await page.getByTestId('kit-balance').innerText());
  }

  // The reference: the same probe on a page that is nothing but an input.
  const bare = await context.newPage();
  await bare.goto('about:blank');
  await bare.setContent('<!doctype html><html><body><input id="bare" autofocus></body></html>');
  await bare.evaluate(PROBE);
  await bare.focus('#bare');
  await bare.evaluate(() => ((window as unknown as BenchWindow).__bench.armed = true));
  for (let i = 0; i < 120; i++) await press(bare, String.fromCharCode(97 + (i % 26)));
  const reference = (await bare.evaluate(() => (window as unknown as BenchWindow).__bench.samples.splice(0))).map((s) => s.paintMs);
  await bare.close();

  // A 20-row block pasted at once into the first row.
  const block = Array.from({ length: ROWS }, (_, i) => `Pasted ${i + 1}\t1001\t\t${(i + 1) * 11}.5\t`).join('\n');
  await press(page, 'Control+Home');
  await press(page, 'Home');
  const pasteSamples: number[] = [];
  for (let round = 0; round < 5; round++) {
    await page.evaluate((text) => {
      const transfer = new DataTransfer();
      transfer.setData('text/plain', text);
      (document.activeElement ?? document.body).dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    }, block.replace(/Pasted/g, `Pasted r${round}`));
    await settle(page);
    const [paste] = await page.evaluate(() => (window as unknown as BenchWindow).__bench.samples.splice(0));
    if (paste) pasteSamples.push(paste.paintMs);
  }

  const paint = samples.map((s) => s.paintMs);
  const work = samples.map((s) => s.workMs);
  const within = paint.filter((ms) => ms <= 16).length;
  const nextFrame = samples.filter((s) => s.frames === 1).length;
  const rows = [
    ['floor: a key nothing handles (Shift) → next paint', floor.length, fmt(percentile(floor, 50)), fmt(percentile(floor, 95)), fmt(Math.max(...floor))],
    [`keystroke → paint, scripted 20-row entry ×${ROUNDS}`, samples.length, fmt(percentile(paint, 50)), fmt(percentile(paint, 95)), fmt(Math.max(...paint))],
    ['keystroke → last DOM change (main-thread work)', samples.length, fmt(percentile(work, 50)), fmt(percentile(work, 95)), fmt(Math.max(...work))],
    ['paste 20 rows → paint (20 rows × 2 digit columns)', pasteSamples.length, fmt(percentile(pasteSamples, 50)), fmt(percentile(pasteSamples, 95)), fmt(Math.max(...pasteSamples))],
    ['first interactive grid (navigation start → caret in first cell)', interactive.length, fmt(percentile(interactive, 50)), fmt(percentile(interactive, 95)), fmt(Math.max(...interactive))],
    ['reference: a character typed into a bare `<input>` on an empty page → paint', reference.length, fmt(percentile(reference, 50)), fmt(percentile(reference, 95)), fmt(Math.max(...reference))],
  ];
  const byKey = new Map<string, { paint: number[]; work: number[]; nextFrame: number }>();
  for (const s of samples) {
    const kind = s.key === 'Enter' || s.key === '=' ? s.key : s.key.length === 1 ? 'typed character' : s.key;
    const entry = byKey.get(kind) ?? { paint: [], work: [], nextFrame: 0 };
    entry.paint.push(s.paintMs);
    entry.work.push(s.workMs);
    if (s.frames === 1) entry.nextFrame++;
    byKey.set(kind, entry);
  }
  const keyRows = [...byKey.entries()].map(
    ([k, v]) =>
      `| ${k} | ${v.paint.length} | ${fmt(percentile(v.paint, 50))} | ${fmt(percentile(v.paint, 95))} | ${fmt(percentile(v.work, 50))} | ${fmt(percentile(v.work, 95))} | ${v.nextFrame} of ${v.paint.length} |`,
  );
  const pct = (n: number, of: number) => `${((100 * n) / Math.max(1, of)).toFixed(0)}%`;
  const overFloor = percentile(paint, 95) - percentile(floor, 95);

  const markdown = [
    SECTION,
    '',
    `\`npm run bench:ui\` — headless Chromium ${browser.version()} on the kit page built afresh for the run (\`vite build\` into \`.tmp/bench-ui-dist\`, \`vite preview\`), ${cpus().length} CPU(s) (load average ${loadAtStart} at the start), Node ${process.version}, ${new Date().toISOString().slice(0, 10)}. Goal: keystroke → paint p95 ≤ 16 ms. The voucher after the script: ${balancedAfter.join(', ')}.`,
    '',
    '| measure | n | p50 | p95 | max |',
    '|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    "Method: each key is pressed only after the previous one has been painted and three frames in a row changed nothing. A key's paint time is the end of the last frame whose DOM it changed, measured from the keydown event's timestamp; the work time is its last DOM change. The script enters 20 lines (summary, subject by code, a department where the subject needs one, then either a typed debit or `=` on the credit) and ends balanced; it runs twice, each time on a fresh page.",
    '',
    `Keystrokes painted in the very next frame: ${nextFrame} of ${samples.length} (${pct(nextFrame, samples.length)}); within 16 ms: ${within} of ${paint.length} (${pct(within, paint.length)}). Keystroke → paint includes the wait for the next frame: the floor row shows what that wait alone costs here (the script presses each key just after a frame, so nearly a whole frame), so the grid's own share is the difference (p95 ${fmt(overFloor)} over the floor's p95). The reference row is the same measurement with no grid at all: a goal below it cannot be met on this machine.`,
    '',
    '| key | n | paint p50 | paint p95 | work p50 | work p95 | next frame |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...keyRows,
    '',
  ].join('\n');
  publishSection(SECTION, markdown);
} finally {
  await browser.close();
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
}
process.exit(0);
