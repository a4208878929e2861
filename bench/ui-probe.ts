/**
 * What the UI benchmarks share: the in-page probe (keydown → last DOM change → painted frame),
 * key helpers that wait for the paint, percentiles, a free port and the docs writer.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { CDPSession, Page } from '@playwright/test';

/**
 * Runs in the page before its scripts: records, per key, keydown → last DOM change → painted.
 * Plain JavaScript in a string: a transpiled function could carry helpers the page does not have.
 */
export const PROBE = `
(() => {
  let mutated = false;
  let lastMutation = 0;
  const observer = new MutationObserver(() => { mutated = true; lastMutation = performance.now(); });
  const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve(performance.now());
    channel.port2.postMessage(null);
  }));
  const bench = (window.__bench = { armed: false, samples: [], busy: null });
  bench.measure = async (key, t0) => {
    mutated = false;
    lastMutation = 0;
    let paintedAt = 0;
    let quiet = 0;
    let frame = 0;
    let lastFrame = 1;
    // Follow frames until three in a row change nothing (or a second has passed).
    while (quiet < 3 && performance.now() - t0 < 1000) {
      const frameEnd = await afterPaint();
      frame++;
      if (mutated) { mutated = false; paintedAt = frameEnd; lastFrame = frame; quiet = 0; }
      else { if (paintedAt === 0) paintedAt = frameEnd; quiet++; }
    }
    bench.samples.push({ key, paintMs: paintedAt - t0, workMs: lastMutation > 0 ? lastMutation - t0 : 0, frames: lastFrame });
  };
  const start = (key, t0) => {
    if (!bench.armed || bench.busy) return;
    bench.busy = bench.measure(key, t0).finally(() => { bench.busy = null; });
  };
  addEventListener('keydown', (e) => start(e.key, e.timeStamp), true);
  addEventListener('paste', () => start('paste', performance.now()), true);
  const observe = () => observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  if (document.readyState === 'loading') addEventListener('DOMContentLoaded', observe);
  else observe();
})();
`;

export async function settle(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __bench: { busy: unknown } }).__bench.busy === null);
}

export async function press(page: Page, key: string) {
  await page.keyboard.press(key);
  await settle(page);
}

export async function typeText(page: Page, text: string) {
  for (const ch of text) await press(page, ch);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function writeSection(section: string, markdown: string) {
  const existing = existsSync('docs/benchmarks.md') ? readFileSync('docs/benchmarks.md', 'utf8') : '# Benchmarks\n\nFigures from `npm run bench` and `npm run bench:ui`; never asserted in tests.\n';
  const start = existing.indexOf(`\n${section}\n`);
  let next: string;
  if (start < 0) next = `${existing.trimEnd()}\n\n${markdown}`;
  else {
    const after = existing.indexOf('\n## ', start + section.length + 1);
    next = existing.slice(0, start + 1) + markdown + (after < 0 ? '' : `\n${existing.slice(after + 1)}`);
  }
  writeFileSync('docs/benchmarks.md', `${next.trimEnd()}\n`);
}

/** Prints a benchmark's section and writes it into docs/benchmarks.md (BENCH_UI_NO_WRITE: print only). */
export function publishSection(section: string, markdown: string) {
  console.log(`\n${markdown}`);
  if (process.env.BENCH_UI_NO_WRITE) console.log('BENCH_UI_NO_WRITE: docs not updated');
  else {
    writeSection(section, markdown);
    console.log('written to docs/benchmarks.md');
  }
}

export const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

export type Sample = { key: string; paintMs: number; workMs: number; frames: number };
export type BenchWindow = { __bench: { armed: boolean; busy: unknown; samples: Sample[] } };

/** Runs `body` under a CPU profile written to `dir/name.cpuprofile` when `dir` is set. */
export async function profiled<T>(cdp: CDPSession, dir: string | undefined, name: string, body: () => Promise<T>): Promise<T> {
  if (!dir) return body();
  mkdirSync(dir, { recursive: true });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  try {
    return await body();
  } finally {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(`${dir}/${name}.cpuprofile`, JSON.stringify(profile));
  }
}
