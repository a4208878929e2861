/**
 * `npm run db:rebuild-balances [-- --year <accountYearId> | --account <accountId>]`: recomputes the
 * per-period balance tables from the voucher lines (decision 025), for one account year, one ledger
 * set or everything, in one transaction, on the database the server uses (DATABASE_URL, else the
 * PGlite directory DATA_DIR, default ./data). Stop the server first when it runs on PGlite (one
 * process owns a PGlite directory).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDb } from '../db/client';
import { rebuildBalances, type RebuildScope } from '../features/ledger/balances';

const { values } = parseArgs({ options: { year: { type: 'string' }, account: { type: 'string' } } });
const id = (v: string | undefined, what: string): number | undefined => {
  if (v === undefined) return undefined;
  if (!/^\d+$/.test(v)) throw new Error(`--${what} takes an id`);
  return Number(v);
};
const scope: RebuildScope = { accountYearId: id(values.year, 'year'), accountId: id(values.account, 'account') };
const url = process.env.DATABASE_URL;
const handle = await openDb(url ? { url } : { dataDir: resolve(process.env.DATA_DIR ?? 'data') });
try {
  const started = performance.now();
  const years = await rebuildBalances(handle.db, scope);
  console.log(`Balances rebuilt for ${years.length} account year(s) [${years.join(', ')}] in ${Math.round(performance.now() - started)} ms.`);
} finally {
  await handle.close();
}
