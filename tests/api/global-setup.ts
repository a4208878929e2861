/**
 * Once per API test run: a migrated, seeded PGlite snapshot (restored by each test file instead of
 * running initdb in WASM again) and, when TEST_DATABASE_URL is set, a fresh PostgreSQL template
 * database for this run that is dropped at the end.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDb, pgliteClientOf } from '../../src/server/db/client';
import { ensureFileSecret, seedDemo } from '../../src/server/db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplateUrl: string | null;
    pgAdminUrl: string | null;
  }
}

function withDb(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

/**
 * `npm test` (scripts/test-all.sh) asks for the e2e servers' demo data here (E2E_SEED_OUT): a PGlite
 * data directory restored from this snapshot, instead of seeding a second one from scratch (~24 CPU-s).
 * `<dir>.ok` is written last, so a directory without it is never used. Its demo users' password hashes
 * have the test cost (see hashPassword); passwords set through the app get the real one.
 */
async function writeE2eSeed(dir: string, snapshot: Blob) {
  rmSync(`${dir}.ok`, { force: true });
  rmSync(dir, { recursive: true, force: true });
  const h = await openDb({ dataDir: dir, loadDataDir: snapshot, migrate: false });
  await ensureFileSecret(h.db);
  await h.close();
  writeFileSync(`${dir}.ok`, '');
}

export default async function setup(project: TestProject) {
  // Cheap password hashes in the snapshot and the template (see hashPassword); the workers get the
  // same setting from the project's env.
  process.env.PASSWORD_HASH_COST = 'test';
  const dir = resolve('.tmp/api-tests');
  mkdirSync(dir, { recursive: true });
  // An uncompressed tar (47 MB): each file's restore skips the gunzip, 1.6 → 1.05 CPU-s here.
  const snapshot = resolve(dir, `pglite-${process.pid}.tar`);
  const adminUrl = process.env.TEST_DATABASE_URL ?? null;
  const template = adminUrl ? `ledgerdesk_t${process.pid}_${Date.now().toString(36)}` : null;

  // The two seeds side by side: PGlite's runs on this process's CPU, PostgreSQL's mostly waits on
  // the server, so together they take about as long as the PGlite one alone (~10 s less here).
  const pgliteSeed = async () => {
    const handle = await openDb({ dataDir: 'memory://' });
    await seedDemo(handle.db);
    const blob = await pgliteClientOf(handle)!.dumpDataDir('none');
    const bytes = Buffer.from(await blob.arrayBuffer());
    writeFileSync(snapshot, bytes);
    await handle.close();
    if (process.env.E2E_SEED_OUT) await writeE2eSeed(resolve(process.env.E2E_SEED_OUT), blob);
  };
  const pgSeed = async () => {
    if (!adminUrl || !template) return;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${template}`);
    await admin.end();
    const h = await openDb({ url: withDb(adminUrl, template), poolSize: 2 });
    await seedDemo(h.db);
    await h.close();
  };
  await Promise.all([pgliteSeed(), pgSeed()]);
  project.provide('pgliteSnapshot', snapshot);
  project.provide('pgTemplateUrl', template && adminUrl ? withDb(adminUrl, template) : null);
  project.provide('pgAdminUrl', adminUrl);

  return async () => {
    rmSync(snapshot, { force: true });
    if (adminUrl && template) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      // Drop this run's databases (the template and every per-file copy of it).
      const { rows } = await admin.query(`select datname from pg_database where datname like $1`, [`${template}%`]);
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.end();
    }
  };
}
