import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants as zlib } from 'node:zlib';
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import LongestFirstSequencer from './scripts/vitest-sequencer.ts';

const apiPort = Number(process.env.PORT ?? 8080);

export default defineConfig({
  // Every built file also as .gz and .br beside it: the server sends the one the browser accepts
  // (@fastify/static preCompressed), about a quarter of the bytes, without compressing per request.
  plugins: [react(), compression({ algorithms: ['gzip', defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })], threshold: 1024, logLevel: 'silent' })],
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    manifest: true,
    rollupOptions: {
      // index.html is the product; kit.html is the grid-kit page for tests and development (not linked from the menu).
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
        ...(existsSync(resolve(import.meta.dirname, 'src/app/kit/main.tsx')) ? { kit: resolve(import.meta.dirname, 'kit.html') } : {}),
      },
      // The chunks, by who needs them (decision 067). Left to itself the bundler cut the code into
      // ~300 files by which pages share which module: the signed-in shell alone came in 89 requests
      // (a list page in 112–148), and each request costs the browser more than its bytes (about
      // 7 ms of CPU on the 2-core machine). Grouped, a page loads 10–21 files and about 0.6–0.9
      // CPU-s less per fresh load (docs/benchmarks.md, stop 44). Highest priority first; a group
      // takes the modules it matches and what they import that no earlier group took:
      //   boot   what the entries load first (the sign-in page's budget, e2e/bundle-size.spec.ts);
      //          not the entries themselves (each stays its own file) nor the grid kit's page;
      //   login  the sign-in page;
      //   shell  the signed-in frame (menu, tabs, top bar) and what it uses;
      //   ui     the other libraries, AG Grid and pinyin-pro aside;
      //   data   the app's calls, contract, domain rules and machines;
      //   grid   AG Grid with the app's grids and the screens' common parts (lists, dialogs, pickers).
      // Pages stay one chunk each, loaded when opened. ui and data never import grid, so the home
      // page does not load AG Grid.
      output: {
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], test: (id) => !/\.html$|src[\\/]app[\\/](main\.tsx|kit[\\/])/.test(id), priority: 50 },
            { name: 'login', test: /src[\\/]app[\\/]features[\\/]auth[\\/]/, priority: 40 },
            { name: 'shell', test: /src[\\/]app[\\/]shell[\\/]app-layout/, priority: 35 },
            { name: 'ui', test: (id) => /node_modules[\\/]/.test(id) && !/node_modules[\\/](pinyin-pro|ag-grid-community|ag-grid-react|@ag-grid-community)[\\/]/.test(id), priority: 33 },
            { name: 'data', test: /src[\\/]app[\\/](queries|api)[\\/]|src[\\/](contract|domain)[\\/]|[\\/]machines[\\/]/, priority: 32 },
            { name: 'grid', test: /node_modules[\\/](ag-grid-community|ag-grid-react|@ag-grid-community)[\\/]|[\\/]grids[\\/]|src[\\/]app[\\/]features[\\/](common|pickers)[\\/]/, priority: 30 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
  test: {
    // Longest files first within each project (scripts/vitest-sequencer.ts).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // The files share their worker's module cache, as the API project does: each file's own
          // imports (React, Mantine, AG Grid, zod) were most of the lane's time (50 s → 14 s here).
          isolate: false,
          include: ['src/domain/**/*.test.ts', 'src/contract/**/*.test.ts', 'machines/**/*.test.ts', 'grids/**/*.test.{ts,tsx}', 'locales/**/*.test.ts', 'src/app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts', 'tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          env: { PASSWORD_HASH_COST: 'test' },
          testTimeout: 30000,
          hookTimeout: 60000,
          // Every file has its own database (a restored PGlite snapshot or a PostgreSQL copy of the
          // run's template), so two files run side by side: the API tests mostly wait on a database.
          maxWorkers: 2,
          // The files share their worker's module cache (each still has its own database): importing
          // the server once per worker instead of once per file takes about a third off the lane's CPU.
          isolate: false,
        },
      },
    ],
  },
});
