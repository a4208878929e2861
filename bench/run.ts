/**
 * npm run bench: figures, never assertions. Prints per-route bundle sizes and API latencies on
 * PGlite and, when BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL names a PostgreSQL server
 * (a scratch database is created there and dropped), on PostgreSQL too; otherwise that row says it
 * was skipped. Later work adds its own sections here. The ledgers at a million lines (bench/ledger-million.ts)
 * take minutes: BENCH_LEDGER_LINES (default 1,000,000; 0 skips), BENCH_LEDGER_LINES_PGLITE (default
 * 200,000), BENCH_LEDGER_BACKENDS, BENCH_LEDGER_HLEDGER=0 (no hledger).
 */
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { execSync } from 'node:child_process';
import { bundleSizes } from './bundle-sizes';
import { apiLatency, latencyTableHead, latencyTableRows } from './api-latency';
import { voucherSaveBench } from './voucher-save';
import { cashJournalBench } from './cash-journal';
import { ledgerMillionBench, ledgerMillionSettings, ledgerTableHead, ledgerTableRow, machineFacts } from './ledger-million';

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

if (!existsSync('dist/app/.vite/manifest.json')) execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
console.log('\n## Bundle sizes (JavaScript added per route, gzip -9)\n');
console.log('| chunk | files | raw | gzip |\n|---|---:|---:|---:|');
for (const r of bundleSizes()) console.log(`| ${r.name} | ${r.files} | ${kb(r.rawBytes)} | ${kb(r.gzipBytes)} |`);

const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
console.log('\n## API latency (app.inject, in-process), beside the floors (GET /api/health, the raw SQL of the call)\n');
console.log(latencyTableHead);
for (const backend of ['pglite', 'postgres'] as const) {
  if (backend === 'postgres' && !pgUrl) {
    console.log('| postgres | | (skipped: set BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL to measure PostgreSQL) | | | | | | | |');
    continue;
  }
  try {
    for (const line of latencyTableRows(await apiLatency(backend, pgUrl))) console.log(line);
  } catch (err) {
    console.log(`| ${backend} | | (skipped: ${(err as Error).message.split('\n')[0]}) | | | | | | | |`);
  }
}

console.log('\n## Voucher saves over HTTP (loopback, one at a time), beside their floors\n');
console.log('| backend | measure | n | median | p99 |\n|---|---|---:|---:|---:|');
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
let load: Awaited<ReturnType<typeof voucherSaveBench>>['load'];
for (const backend of ['pglite', 'postgres'] as const) {
  if (backend === 'postgres' && !pgUrl) {
    console.log('| postgres | (skipped: no PostgreSQL URL) | | | |');
    continue;
  }
  try {
    const r = await voucherSaveBench(backend, pgUrl, { loadSeconds: backend === 'postgres' ? loadSeconds : 0 });
    for (const row of r.rows) console.log(`| ${row.backend} | ${row.measure} | ${row.n} | ${row.medianMs.toFixed(2)} ms | ${row.p99Ms.toFixed(2)} ms |`);
    load = r.load ?? load;
  } catch (err) {
    console.log(`| ${backend} | (failed: ${(err as Error).message.split('\n')[0]}) | | | |`);
  }
}
if (load) {
  console.log(`\n## Voucher save load on PostgreSQL (the server in its own process; autocannon, ${load.connections} connections, loopback)\n`);
  console.log(`floor (same connections, ${load.floor.seconds} s): GET /api/voucher/code ${load.floor.perSecond.toFixed(0)} requests/s, p50 ${load.floor.p50Ms} ms, p99 ${load.floor.p99Ms} ms, non-2xx ${load.floor.non2xx}; load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}\n`);
  console.log('| saves/s | requests | p50 | p99 | errors | non-2xx | vouchers stored | distinct codes | unbalanced | lines |\n|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(`| ${load.savesPerSecond.toFixed(0)} | ${load.requests} | ${load.p50Ms} ms | ${load.p99Ms} ms | ${load.errors} | ${load.non2xx} | ${load.vouchers} | ${load.distinctCodes} | ${load.unbalanced} | ${load.lines} |`);
}
console.log('\n## Cash journal: running balances of a 50,000-line account (app.inject, target ≤ 100 ms)\n');
console.log('| backend | call | n | median | p99 |\n|---|---|---:|---:|---:|');
for (const backend of ['pglite', 'postgres'] as const) {
  if (backend === 'postgres' && !pgUrl) {
    console.log('| postgres | (skipped: no PostgreSQL URL) | | | |');
    continue;
  }
  try {
    for (const r of await cashJournalBench(backend, pgUrl)) console.log(`| ${r.backend} | ${r.call} | ${r.n} | ${r.medianMs.toFixed(2)} ms | ${r.p99Ms.toFixed(2)} ms |`);
  } catch (err) {
    console.log(`| ${backend} | (failed: ${(err as Error).message.split('\n')[0]}) | | | |`);
  }
}
const ledger = ledgerMillionSettings();
console.log('\n## Ledgers at a million lines (issue 9): API beside the SQL and hledger on the same data\n');
if (!ledger.lines) console.log('(skipped: BENCH_LEDGER_LINES=0)');
else {
  console.log(`machine: ${machineFacts()}\n`);
  console.log(ledgerTableHead);
  for (const backend of ledger.backends) {
    const n = backend === 'pglite' ? ledger.pgliteLines : ledger.lines;
    if (!n) continue;
    if (backend === 'postgres' && !pgUrl) {
      console.log('| postgres | | (skipped: no PostgreSQL URL) | | | | | |');
      continue;
    }
    try {
      for (const r of await ledgerMillionBench(backend, n, { adminUrl: pgUrl, withHledger: ledger.withHledger })) console.log(ledgerTableRow(r));
    } catch (err) {
      console.log(`| ${backend} | ${n} | (failed: ${(err as Error).message.split('\n')[0]}) | | | | | |`);
    }
  }
  console.log(`\nmachine after: ${machineFacts()}`);
}
process.exit(0);
