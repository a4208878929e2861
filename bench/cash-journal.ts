/**
 * The running balance of a 50,000-line bank account through the API (issue 10 "Speed", decision
 * 035): the demo database plus one cash account with 50,000 lines over two years (inserted in SQL),
 * then GET /api/cashier/cash pages at the start, the middle and the end of the account (each line
 * with its running balance) by offset, a filtered page, keyset pages (`last`, `after` / `before` a
 * line: decision 043), and POST /api/cashier/calcCashBalance, through
 * app.inject() on PGlite or PostgreSQL. Figures only; the target is ≤ 100 ms.
 * Run alone: `npx tsx bench/cash-journal.ts` (BENCH_DATABASE_URL / TEST_DATABASE_URL for PostgreSQL).
 */
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { openDb } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';

export interface JournalBenchRow {
  backend: string;
  call: string;
  n: number;
  medianMs: number;
  p99Ms: number;
}

export const JOURNAL_LINES = Number(process.env.BENCH_JOURNAL_LINES ?? 50_000);
const SAMPLES = Number(process.env.BENCH_JOURNAL_SAMPLES ?? 60);

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(n: number, fn: () => Promise<void>) {
  for (let i = 0; i < 5; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: pct(times, 50), p99: pct(times, 99) };
}

export async function cashJournalBench(backend: 'pglite' | 'postgres', adminUrl?: string): Promise<JournalBenchRow[]> {
  let dbName: string | undefined;
  let url: string | undefined;
  if (backend === 'postgres') {
    if (!adminUrl) return [];
    dbName = `ledgerdesk_bench_journal_${process.pid}`;
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`create database ${dbName}`);
    await c.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    url = u.toString();
  }
  const handle = await openDb(url ? { url } : { dataDir: 'memory://' });
  try {
    await seedDemo(handle.db);
    const app = await buildApp({ db: handle.db, dbKind: handle.kind, loginRateLimitMax: 1_000_000 });
    await app.ready();
    const token = (await app.inject({ method: 'POST', url: '/api/idm/user/login', payload: { username: 'cashier', password: 'cash123' } })).json().data.accessToken;
    const headers = { authorization: `Bearer ${token}` };
    const admin = { authorization: `Bearer ${(await app.inject({ method: 'POST', url: '/api/idm/user/login', payload: { username: 'admin', password: 'admin123' } })).json().data.accessToken}` };
    // A new cash account of the main ledger set (linked like the demo's C001), then 50,000 lines in SQL.
    const c001 = (await app.inject({ method: 'GET', url: `/api/common/bankAccount?filter=${encodeURIComponent(JSON.stringify({ accountId: 1, keyword: 'C001' }))}`, headers })).json().data.content[0];
    const made = await app.inject({ method: 'POST', url: '/api/common/bankAccount', headers: admin, payload: { accountYearId: c001.subject.accountYearId, code: 'BENCH', name: 'Bench cash', kind: 'CASH', subjectId: c001.subjectId } });
    const accountId = made.json().data.id as number;
    await handle.db.execute(sql`
      insert into cash_journal_lines (company_id, bank_account_id, line_date, month, code, summary, receipt_cents, payment_cents)
      select 1, ${accountId}, d, extract(year from d)::int * 100 + extract(month from d)::int,
             row_number() over (partition by date_trunc('month', d) order by i), 'bench line ' || i,
             case when i % 3 = 0 then 0 else 10000 + i % 997 end, case when i % 3 = 0 then 5000 + i % 991 else 0 end
      from (select i, (date '2024-01-01' + (i * 730 / ${JOURNAL_LINES}))::date as d from generate_series(1, ${JOURNAL_LINES}) as i) s`);
    // Statistics as autovacuum would gather them after a bulk load (PGlite has no autovacuum).
    await handle.db.execute(sql`analyze cash_journal_lines`);
    const list = (offset: number, extra: Record<string, unknown> = {}) =>
      `/api/cashier/cash?filter=${encodeURIComponent(JSON.stringify({ accountId: 1, bankAccountId: accountId, ...extra }))}&offset=${offset}&limit=50`;
    const rows: JournalBenchRow[] = [];
    const run = async (call: string, fn: () => Promise<void>) => {
      const m = await measure(SAMPLES, fn);
      rows.push({ backend, call, n: SAMPLES, medianMs: m.median, p99Ms: m.p99 });
    };
    const check = async (url: string) => {
      const r = await app.inject({ method: 'GET', url, headers });
      if (!r.json().success) throw new Error(r.body);
    };
    await run(`GET /api/cashier/cash, 50 lines at the start (of ${JOURNAL_LINES.toLocaleString('en-US')})`, () => check(list(0)));
    await run('GET /api/cashier/cash, 50 lines in the middle', () => check(list(Math.floor(JOURNAL_LINES / 2))));
    await run('GET /api/cashier/cash, the last 50 lines', () => check(list(JOURNAL_LINES - 50)));
    await run('GET /api/cashier/cash, payments only, a late page', () => check(list(Math.floor(JOURNAL_LINES * 0.3), { side: 'PAYMENT' })));
    // Keyset pages (decision 043): cursors taken from the lines themselves.
    const lineAt = async (offset: number) => {
      const r = await app.inject({ method: 'GET', url: list(offset).replace('limit=50', 'limit=1'), headers });
      const l = r.json().data.content[0] as { date: string; id: number };
      return `${l.date},${l.id}`;
    };
    const keyset = (extra: Record<string, unknown>) => `${list(0, extra)}`;
    const middle = await lineAt(Math.floor(JOURNAL_LINES / 2));
    const nearEnd = await lineAt(JOURNAL_LINES - 50);
    await run('GET /api/cashier/cash?last=true, the last 50 lines (keyset)', () => check(keyset({ last: true })));
    await run('GET /api/cashier/cash?after=…, 50 lines after the middle line (keyset)', () => check(keyset({ after: middle })));
    await run('GET /api/cashier/cash?before=…, 50 lines before the last page (keyset)', () => check(keyset({ before: nearEnd })));
    await run('GET /api/cashier/cash?after=…&sort=-date, newest first, 50 lines after the middle (keyset)', () => check(`${keyset({ after: middle })}&sort=-date`));
    await run(`POST /api/cashier/calcCashBalance (all ${JOURNAL_LINES.toLocaleString('en-US')})`, async () => {
      const r = await app.inject({ method: 'POST', url: '/api/cashier/calcCashBalance', headers, payload: { bankAccountId: accountId } });
      if (r.json().data.lineCount !== JOURNAL_LINES) throw new Error(r.body);
    });
    await app.close();
    return rows;
  } finally {
    await handle.close();
    if (dbName && adminUrl) {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  console.log('| backend | call | n | median | p99 |\n|---|---|---:|---:|---:|');
  for (const backend of ['pglite', 'postgres'] as const) {
    if (backend === 'postgres' && !pgUrl) continue;
    for (const r of await cashJournalBench(backend, pgUrl)) console.log(`| ${r.backend} | ${r.call} | ${r.n} | ${r.medianMs.toFixed(2)} ms | ${r.p99Ms.toFixed(2)} ms |`);
  }
  process.exit(0);
}
