/**
 * Creates a migrated, demo-seeded PGlite data directory at the given path (replacing it), for
 * servers that start from a copy of it (SEED_FROM_DIR, see src/server/main.ts): the e2e servers.
 * Usage: node --import tsx scripts/seed-data-dir.ts <dir>
 */
import { resolve } from 'node:path';
import { rmSync } from 'node:fs';
import { openDb } from '../src/server/db/client';
import { seedDemo, ensureFileSecret } from '../src/server/db/seed';

const dir = process.argv[2];
if (!dir) {
  console.error('usage: seed-data-dir.ts <dir>');
  process.exit(2);
}
const dataDir = resolve(dir);
rmSync(dataDir, { recursive: true, force: true });
const handle = await openDb({ dataDir });
await seedDemo(handle.db);
await ensureFileSecret(handle.db);
await handle.close();
console.log(`seeded ${dataDir}`);
