/**
 * Opens the database: a real PostgreSQL server when a URL is given, else embedded PGlite in a
 * data directory (zero set-up default; see docs/decisions/001-pglite-default.md). Both are driven
 * through Drizzle with the same schema, so queries never know which one they run on.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenDbOptions {
  /** postgres://… — when set, a real PostgreSQL server is used. */
  url?: string;
  /** PGlite data directory ('memory://' for in-memory). */
  dataDir?: string;
  /** A PGlite data-dir tarball to start from (tests restore a migrated snapshot instead of initdb). */
  loadDataDir?: Blob;
  migrate?: boolean;
  poolSize?: number;
}

export async function openDb(opts: OpenDbOptions): Promise<DbHandle> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // bigint (int8) and numeric come back as strings by default; sums of cents are read as strings
    // and converted explicitly where needed, so leave the default parsers alone.
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    if (opts.migrate !== false) await migratePg(db as never, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (opts.dataDir && !opts.dataDir.includes('://')) mkdirSync(dirname(resolve(opts.dataDir)), { recursive: true });
  const client = new PGlite(opts.dataDir ?? 'memory://', opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (opts.migrate !== false) await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    close: () => client.close(),
  };
}

/** The raw PGlite client behind a handle, for snapshotting in tests. */
export function pgliteClientOf(handle: DbHandle): PGlite | undefined {
  if (handle.kind !== 'pglite') return undefined;
  return (handle.db as unknown as { $client: PGlite }).$client;
}
