import { defineConfig } from '@playwright/test';

/**
 * e2e runs against the real server (src/server/main.ts) serving the built SPA from dist/app,
 * with a fresh PGlite data directory per run (or E2E_DATABASE_URL when set), in Debian's Chromium.
 */
const port = Number(process.env.E2E_PORT ?? 8199);
const dataDir = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${process.pid}`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node --import tsx src/server/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FRESH_DATA_DIR: '1',
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      LOGIN_RATE_LIMIT_MAX: '1000',
      // Background exports pause between steps, so e2e can watch the progress bar (e2e/export.spec.ts).
      EXPORT_STEP_DELAY_MS: '400',
      NODE_ENV: 'test',
    },
  },
});
