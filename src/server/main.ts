/** Starts Ledgerdesk: opens the database (PGlite in DATA_DIR, or DATABASE_URL), migrates, seeds, listens. */
import { resolve } from 'node:path';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { buildApp } from './app';
import { parseTrustProxy } from './http/trust-proxy';
import { openDb } from './db/client';
import { seedDemo, DEMO_LOGINS, ensureFileSecret } from './db/seed';
import { fillNameInitials } from './db/name-initials';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const dataDir = resolve(process.env.DATA_DIR ?? 'data');
const url = process.env.DATABASE_URL;

if (!url && process.env.FRESH_DATA_DIR === '1') {
  rmSync(dataDir, { recursive: true, force: true });
  // A fresh copy of an already seeded data directory saves creating and seeding a new one: the e2e
  // servers of `npm test` start from the one the API tests' set-up restores from its snapshot
  // (tests/api/global-setup.ts); scripts/seed-data-dir.ts makes one for running e2e by hand.
  const from = process.env.SEED_FROM_DIR;
  if (from && existsSync(from)) cpSync(resolve(from), dataDir, { recursive: true });
}

const handle = await openDb(url ? { url } : { dataDir });
// Rows written before a derived column existed get it now (migrations are SQL only): the pinyin initials of master-data names.
await fillNameInitials(handle.db);
const seeded = await seedDemo(handle.db);
const app = await buildApp({
  db: handle.db,
  dbKind: handle.kind,
  staticDir: resolve(process.env.STATIC_DIR ?? 'dist/app'),
  logger: process.env.NODE_ENV !== 'test',
  loginRateLimitMax: process.env.LOGIN_RATE_LIMIT_MAX ? Number(process.env.LOGIN_RATE_LIMIT_MAX) : undefined,
  trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
  fileSecret: process.env.FILE_SECRET ?? (await ensureFileSecret(handle.db)),
  exportStepDelayMs: process.env.EXPORT_STEP_DELAY_MS ? Number(process.env.EXPORT_STEP_DELAY_MS) : undefined,
});

await app.listen({ port, host });
const shown = host === '0.0.0.0' ? '127.0.0.1' : host;
console.log(`\nLedgerdesk is running at http://${shown}:${port}/  (API docs: http://${shown}:${port}/api/docs)`);
console.log(`Database: ${handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}${seeded ? ' — demo data seeded' : ''}`);
console.log('Demo logins:');
for (const l of DEMO_LOGINS) console.log(`  ${l.username.padEnd(8)} / ${l.password.padEnd(9)} ${l.note}`);

const stop = async () => {
  await app.close();
  await handle.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
