/**
 * Voucher saves through the real HTTP server (issue 8 "Speed"): a 4-line voucher POSTed to
 * /api/voucher over loopback, one at a time (round trip median/p99), beside its floors measured in
 * the same run: an authenticated GET of the voucher code (the same auth, tenancy and period look-up,
 * no write) and the raw SQL of the same rows (voucher + 4 lines inserted in one transaction, no
 * checks, no machine, no HTTP). On PostgreSQL also a bounded load with autocannon: 20 connections
 * posting for BENCH_LOAD_SECONDS (default 60) over the open periods, then an auditor query: codes all
 * distinct, every voucher balances, line count = 4 × vouchers. For the load the server runs in its own
 * process (src/server/main.ts, as deployed; autocannon stays in the bench process), and the same
 * 20 connections first drive its floor for BENCH_FLOOR_SECONDS (default 20): the authenticated GET of
 * the voucher code, i.e. what one Node process answers per second before any write.
 */
import pg from 'pg';
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { openDb, type DbHandle } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';

export interface SaveRow {
  backend: string;
  measure: string;
  n: number;
  medianMs: number;
  p99Ms: number;
}

export interface LoadResult {
  /** The floor under the same load: authenticated GETs of the voucher code per second, p50, p99. */
  floor: { seconds: number; perSecond: number; p50Ms: number; p99Ms: number; non2xx: number };
  seconds: number;
  connections: number;
  requests: number;
  savesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  vouchers: number;
  distinctCodes: number;
  unbalanced: number;
  lines: number;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(n: number, fn: (i: number) => Promise<void>) {
  for (let i = 0; i < 10; i++) await fn(-1 - i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { medianMs: pct(times, 50), p99Ms: pct(times, 99) };
}

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(h: DbHandle, q: ReturnType<typeof sql>) => ((await h.db.execute(q)) as unknown as Rows<T>).rows;

async function scratchPg(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ledgerdesk_bench_save_${process.pid}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.query(`create database ${name}`);
  await c.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: adminUrl });
      await d.connect();
      await d.query(`drop database if exists ${name} with (force)`);
      await d.end();
    },
  };
}

export async function voucherSaveBench(backend: 'pglite' | 'postgres', adminUrl?: string, opts: { samples?: number; loadSeconds?: number } = {}): Promise<{ rows: SaveRow[]; load?: LoadResult }> {
  const samples = opts.samples ?? 300;
  const scratch = backend === 'postgres' && adminUrl ? await scratchPg(adminUrl) : undefined;
  const handle = await openDb(scratch ? { url: scratch.url } : { dataDir: 'memory://' });
  try {
    await seedDemo(handle.db);
    const app = await buildApp({ db: handle.db, dbKind: handle.kind, loginRateLimitMax: 1_000_000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const login = await (await fetch(`${base}/api/idm/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) })).json();
    const headers = { authorization: `Bearer ${login.data.accessToken}`, 'content-type': 'application/json' };

    // The demo's main ledger set, its 2026 year and a month with an open period; four leaf subjects
    // without auxiliary types; the first voucher kind.
    const [ctx] = await rowsOf<{ company_id: number; account_id: number; year_id: number; period_id: number; start_at: string; kind_id: number }>(handle, sql`
      select a.company_id, a.id as account_id, y.id as year_id, p.id as period_id, p.start_at::text as start_at, k.id as kind_id
      from accounts a join account_years y on y.account_id = a.id join periods p on p.account_year_id = y.id
      join voucher_kinds k on k.account_id = a.id
      where y.year = 2026 and not p.rolled
      order by a.id, p.start_at desc, k.id limit 1`);
    const subjects = await rowsOf<{ id: number }>(handle, sql`
      select s.id from subjects s where s.account_year_id = ${ctx.year_id} and s.leaf and not s.disabled and coalesce(array_length(s.aux_type_ids, 1), 0) = 0
      order by s.code limit 4`);
    const markTime = String(ctx.start_at).slice(0, 10);
    const amount = (i: number) => String(10_000 + (Math.abs(i) % 5000));
    const body = (i: number) => JSON.stringify({
      accountId: ctx.account_id, kindId: ctx.kind_id, markTime, billCount: 1,
      items: [
        { summary: '收律师费', subjectId: subjects[0].id, direction: true, amount: amount(i) },
        { summary: '收代垫费', subjectId: subjects[1].id, direction: true, amount: '2500' },
        { summary: '收律师费', subjectId: subjects[2].id, direction: false, amount: amount(i) },
        { summary: '收代垫费', subjectId: subjects[3].id, direction: false, amount: '2500' },
      ],
    });

    const rows: SaveRow[] = [];
    const code = await measure(samples, async () => {
      const r = await fetch(`${base}/api/voucher/code?${new URLSearchParams({ accountId: String(ctx.account_id), kindId: String(ctx.kind_id), markTime })}`, { headers });
      if (!r.ok) throw new Error(`code ${r.status} ${await r.text()}`);
      await r.arrayBuffer();
    });
    rows.push({ backend, measure: 'floor: GET /api/voucher/code (auth + period look-up, no write)', n: samples, ...code });
    const save = await measure(samples, async (i) => {
      const r = await fetch(`${base}/api/voucher`, { method: 'POST', headers, body: body(i) });
      const j = await r.json();
      if (!j.success) throw new Error(`save refused: ${j.code} ${j.msg}`);
    });
    rows.push({ backend, measure: 'POST /api/voucher, 4 lines (HTTP round trip)', n: samples, ...save });
    // The raw SQL of the same rows: what any save has to write, with nothing checked.
    let nextCode = 900_000_000;
    const raw = await measure(samples, async () => {
      await handle.db.transaction(async (tx) => {
        const v = ((await tx.execute(sql`insert into vouchers (company_id, account_id, account_year_id, period_id, kind_id, code, mark_date, bill_count, debit_cents, credit_cents)
          values (${ctx.company_id}, ${ctx.account_id}, ${ctx.year_id}, ${ctx.period_id}, ${ctx.kind_id}, ${nextCode++}, ${markTime}, 1, 12500, 12500) returning id`)) as unknown as Rows<{ id: number }>).rows[0];
        await tx.execute(sql`insert into voucher_items (company_id, voucher_id, line_no, summary, account_year_id, subject_id, direction, amount_cents) values
          (${ctx.company_id}, ${v.id}, 1, '收律师费', ${ctx.year_id}, ${subjects[0].id}, true, 10000),
          (${ctx.company_id}, ${v.id}, 2, '收代垫费', ${ctx.year_id}, ${subjects[1].id}, true, 2500),
          (${ctx.company_id}, ${v.id}, 3, '收律师费', ${ctx.year_id}, ${subjects[2].id}, false, 10000),
          (${ctx.company_id}, ${v.id}, 4, '收代垫费', ${ctx.year_id}, ${subjects[3].id}, false, 2500)`);
      });
    });
    rows.push({ backend, measure: 'floor: raw SQL insert of voucher + 4 lines (one transaction, in-process)', n: samples, ...raw });
    await handle.db.execute(sql`delete from vouchers where code >= 900000000`);

    let load: LoadResult | undefined;
    if (backend === 'postgres' && opts.loadSeconds && scratch) {
      // The server under load runs in its own process, as deployed; the in-process one stops.
      await app.close();
      const server = await startServer(scratch.url);
      const url = server.base;
      const [{ before }] = await rowsOf<{ before: number }>(handle, sql`select coalesce(max(id), 0)::int as before from vouchers`);
      // Codes have 4 digits (9,999 per period and kind): the load rotates over the year's open
      // periods and the kinds, 20 connections at a time, as a team of clerks would.
      const buckets = await rowsOf<{ start_at: string; kind_id: number }>(handle, sql`
        select p.start_at::text as start_at, k.id as kind_id from periods p join voucher_kinds k on k.account_id = ${ctx.account_id}
        where p.account_year_id = ${ctx.year_id} and not p.rolled order by p.start_at, k.id`);
      const floorSeconds = Number(process.env.BENCH_FLOOR_SECONDS ?? 20);
      const floor = await autocannon({
        url: `${url}/api/voucher/code?${new URLSearchParams({ accountId: String(ctx.account_id), kindId: String(ctx.kind_id), markTime })}`,
        headers, connections: 20, duration: floorSeconds,
      });
      let sent = 0;
      const result = await autocannon({
        url: `${url}/api/voucher`, method: 'POST', headers, connections: 20, duration: opts.loadSeconds,
        requests: [{
          setupRequest: (req) => {
            const b = buckets[sent % buckets.length];
            const one = JSON.parse(body(sent++));
            return { ...req, body: Buffer.from(JSON.stringify({ ...one, kindId: b.kind_id, markTime: String(b.start_at).slice(0, 10) })) as unknown as string };
          },
          onResponse: (status: number, resBody: string) => {
            if (status >= 300 && process.env.BENCH_DEBUG) console.log(status, resBody.slice(0, 300));
          },
        }],
      });
      const [check] = await rowsOf<{ vouchers: number; distinct_codes: number; unbalanced: number; lines: number }>(handle, sql`
        with v as (select * from vouchers where id > ${before}),
        sums as (select i.voucher_id, sum(case when i.direction then i.amount_cents else 0 end) d, sum(case when i.direction then 0 else i.amount_cents end) c, count(*) n
                 from voucher_items i join v on v.id = i.voucher_id group by i.voucher_id)
        select (select count(*) from v)::int as vouchers,
               (select count(distinct (period_id, kind_id, code)) from v)::int as distinct_codes,
               (select count(*) from sums where d <> c)::int + (select count(*) from v where debit_cents <> credit_cents)::int as unbalanced,
               (select coalesce(sum(n), 0) from sums)::int as lines`);
      if (process.env.BENCH_DEBUG) console.log(JSON.stringify(result.statusCodeStats), JSON.stringify(result.requests));
      await server.stop();
      load = {
        floor: { seconds: floorSeconds, perSecond: floor.requests.average, p50Ms: floor.latency.p50, p99Ms: floor.latency.p99, non2xx: floor.non2xx },
        seconds: opts.loadSeconds, connections: 20, requests: result.requests.total, savesPerSecond: result.requests.average,
        p50Ms: result.latency.p50, p99Ms: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx,
        vouchers: check.vouchers, distinctCodes: check.distinct_codes, unbalanced: check.unbalanced, lines: check.lines,
      };
    }
    if (!load) await app.close();
    return { rows, load };
  } finally {
    await handle.close();
    await scratch?.drop();
  }
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => done(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** The real server (src/server/main.ts) on a scratch database, in its own process. */
async function startServer(databaseUrl: string): Promise<{ base: string; stop: () => Promise<void> }> {
  const port = await freePort();
  // BENCH_SERVER_NODE_ARGS: extra Node options for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT_MAX: '1000000', STATIC_DIR: 'dist/app' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((done, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`server did not start: ${out}`)), 60_000);
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('Ledgerdesk is running')) { clearTimeout(timer); done(); }
    });
    child.once('exit', (code) => { clearTimeout(timer); fail(new Error(`server exited ${code}: ${out}`)); });
  });
  child.stdout!.resume();
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((done) => { child.removeAllListeners('exit'); child.once('exit', () => done()); child.kill('SIGTERM'); }),
  };
}
