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
