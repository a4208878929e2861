/**
 * Code splitting: the sign-in page loads at most 200 kB of gzipped JavaScript, and AG Grid is not
 * part of it. Sizes are deterministic (bytes of the built files), so this is a test, not a benchmark.
 */
import { expect, test } from './page-models/test';
import { gzipSync } from 'node:zlib';

test('the login route loads ≤ 200 kB of gzipped JavaScript and no AG Grid', async ({ page }) => {
  const scripts = new Set<string>();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto('/login');
  await page.waitForLoadState('networkidle');
  await expect(page.locator('input[type="password"]')).toBeVisible();
  expect(scripts.size).toBeGreaterThan(0);
  let gz = 0;
  let hasGrid = false;
  for (const p of scripts) {
    const buf = Buffer.from(await (await page.request.get(p)).body());
    gz += gzipSync(buf, { level: 9 }).length;
    if (buf.includes('ag-grid') || buf.includes('AG Grid')) hasGrid = true;
  }
  console.log(`login route: ${scripts.size} scripts, ${(gz / 1024).toFixed(1)} kB gzipped`);
  if (process.env.BUNDLE_DETAIL) for (const p of scripts) console.log(p, gzipSync(Buffer.from(await (await page.request.get(p)).body()), { level: 9 }).length);
  expect(gz).toBeLessThanOrEqual(200 * 1024);
  expect(hasGrid).toBe(false);
});
