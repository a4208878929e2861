/**
 * API latency of sign-in and typical calls, through app.inject(), on PGlite or PostgreSQL, each
 * printed beside its floors so the API's own overhead is visible (issue 9, decision 039):
 * - wall time (median, p99) and the process CPU it took (user + system, per call: the Node server,
 *   and for PGlite the database too, which runs in the same process);
 * - the floor of any call: GET /api/health, unauthenticated (routing, hooks, headers, envelope);
 * - the raw SQL of the same call on the same database handle (what a call cannot go below).
 * "over SQL" = median − SQL median: what the HTTP layer, auth, guards and serialization add.
 *
 * Before/after in one run: BENCH_API_BASELINE=/work/main (a checkout with the same node_modules)
 * builds that checkout's app on the same database too, and the two builds are sampled alternately,
 * so both see the same load. Sign-in hashes with argon2id (~20–40 ms each).
 *
 * Run alone: `npx tsx bench/api-latency.ts` (knobs: BENCH_API_SAMPLES, default 400; BENCH_API_SIGNIN
 * samples, default 200, 0 skips; BENCH_API_BACKENDS=pglite,postgres; BENCH_DATABASE_URL /
 * TEST_DATABASE_URL / DATABASE_URL name the PostgreSQL server, where a scratch database is created
 * and dropped).
 */
import pg from 'pg';
import { resolve } from 'node:path';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { openDb, type DbHandle } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';
import type { AppOptions } from '../src/server/http/types';
import { z } from 'zod';
import { envelope } from '../src/contract/common';
import { ledgerApi } from '../src/contract/ledger';
import { compileCopier } from '../src/server/http/answer-serializer';

export interface LatencyRow {
  backend: string;
  /** 'this' or 'baseline' (BENCH_API_BASELINE). */
  build: string;
  call: string;
  n: number;
  medianMs: number;
  p99Ms: number;
  /** Process CPU (user + system) per call. */
  cpuMs: number;
  /** The raw SQL of the same call, median (absent for sign-in and health). */
  sqlMs?: number;
}

export const SIGN_IN_SAMPLES = Number(process.env.BENCH_API_SIGNIN ?? 200);
export const LIST_SAMPLES = Number(process.env.BENCH_API_SAMPLES ?? 400);

type Db = DbHandle['db'];
type Build = { name: string; app: FastifyInstance; token: string };

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Samples {
  wall: number[];
  cpuUs: number;
}

async function sampleOnce(s: Samples, fn: () => Promise<void>): Promise<void> {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await fn();
  s.wall.push(performance.now() - t0);
  const c = process.cpuUsage(c0);
  s.cpuUs += c.user + c.system;
}

/** Samples each function n times, alternating between them (order flipped every round), after a warm-up. */
async function alternate(n: number, fns: Array<() => Promise<void>>): Promise<Array<{ median: number; p99: number; cpu: number }>> {
  for (let i = 0; i < Math.min(5, n); i++) for (const fn of fns) await fn();
  const all: Samples[] = fns.map(() => ({ wall: [], cpuUs: 0 }));
  for (let i = 0; i < n; i++) {
    const order = i % 2 ? [...fns.keys()].reverse() : [...fns.keys()];
    for (const k of order) await sampleOnce(all[k], fns[k]);
  }
  return all.map((s) => {
    const sorted = [...s.wall].sort((a, b) => a - b);
    return { median: pct(sorted, 50), p99: pct(sorted, 99), cpu: s.cpuUs / 1000 / n };
  });
}

const rowsOf = async <T>(db: Db, q: string): Promise<T[]> => ((await db.execute(sql.raw(q))) as unknown as { rows: T[] }).rows;

async function loadBuilds(db: DbHandle, opts: Omit<AppOptions, 'db' | 'dbKind'>): Promise<Build[]> {
  const builders: Array<{ name: string; build: typeof buildApp }> = [{ name: 'this', build: buildApp }];
  const baseline = process.env.BENCH_API_BASELINE;
  if (baseline) {
    const mod = (await import(resolve(baseline, 'src/server/app.ts'))) as { buildApp: typeof buildApp };
    builders.push({ name: 'baseline', build: mod.buildApp });
  }
  const out: Build[] = [];
  for (const b of builders) {
    const app = await b.build({ db: db.db, dbKind: db.kind, ...opts });
    await app.ready();
    const r = await app.inject({ method: 'POST', url: '/api/idm/user/login', payload: { username: 'clerk', password: 'clerk123' } });
    out.push({ name: b.name, app, token: r.json().data.accessToken });
  }
  return out;
}

interface Call {
  call: string;
  /** The request, for one build. */
  run: (b: Build) => Promise<void>;
  /** The SQL that reads the same rows. */
  sqlPeer?: () => Promise<unknown>;
}

async function demoFacts(db: Db) {
  const [company] = await rowsOf<{ id: number }>(db, `select c.id from companies c join user_companies uc on uc.company_id = c.id join users u on u.id = uc.user_id
    where u.username = 'clerk' and not c.deleted order by c.id limit 1`);
  // The demo ledger set with the most posted lines, its year and the year's first and last period.
  const [set] = await rowsOf<{ account_id: number; year_id: number; first: number; last: number }>(db, `select y.account_id, y.id as year_id,
      (select min(p.id) from periods p where p.account_year_id = y.id) as first, (select max(p.id) from periods p where p.account_year_id = y.id) as last
    from account_years y join accounts a on a.id = y.account_id and a.company_id = ${company.id} and not a.deleted
    order by (select count(*) from voucher_items i where i.account_year_id = y.id) desc limit 1`);
  return { companyId: company.id, set };
}

export async function apiLatency(backend: 'pglite' | 'postgres', adminUrl?: string): Promise<LatencyRow[]> {
  let dbName: string | undefined;
  let url: string | undefined;
  if (backend === 'postgres') {
    if (!adminUrl) return [];
    dbName = `ledgerdesk_bench_${process.pid}`;
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
    const db = handle.db;
    const builds = await loadBuilds(handle, { loginRateLimitMax: 1_000_000 });
    const { companyId, set } = await demoFacts(db);
    const get = (path: string) => async (b: Build) => {
      const r = await b.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${b.token}` } });
      if (r.statusCode !== 200) throw new Error(`${b.name} ${path}: ${r.statusCode} ${r.body.slice(0, 200)}`);
    };
    const q = (o: object) => encodeURIComponent(JSON.stringify(o));
    const balanceFilter = { accountId: set.account_id, accountYearId: set.year_id, startPeriodId: set.first, endPeriodId: set.last };
    const calls: Call[] = [
      {
        call: 'GET /api/health (unauthenticated: the floor of any call)',
        run: async (b) => void (await b.app.inject({ method: 'GET', url: '/api/health' })),
      },
      {
        call: 'GET /api/company',
        run: get('/api/company'),
        sqlPeer: () => rowsOf(db, `select * from companies where not deleted and id in (select uc.company_id from user_companies uc join users u on u.id = uc.user_id where u.username = 'clerk') order by id limit 10`),
      },
      {
        call: 'GET /api/account?expand=accountYears',
        run: get(`/api/account?filter=${q({ companyId })}&expand=accountYears`),
        sqlPeer: () => rowsOf(db, `select a.*, (select json_agg(y order by y.id) from account_years y where y.account_id = a.id) as years from accounts a where a.company_id = ${companyId} and not a.deleted order by a.id limit 10`),
      },
      {
        call: 'GET /api/ledger/subjectBalance (demo year)',
        run: get(`/api/ledger/subjectBalance?filter=${q(balanceFilter)}`),
        // The pre-aggregated SQL of issue 9's goal (bench/ledger-million.ts).
        sqlPeer: () => rowsOf(db, `select subject_id, sum(debit_all), sum(credit_all) from subject_balances where company_id = ${companyId} and account_year_id = ${set.year_id} group by subject_id`),
      },
    ];
    const rows: LatencyRow[] = [];
    if (SIGN_IN_SAMPLES > 0) {
      const results = await alternate(SIGN_IN_SAMPLES, builds.map((b) => async () => void (await b.app.inject({ method: 'POST', url: '/api/idm/user/login', payload: { username: 'clerk', password: 'clerk123' } }))));
      builds.forEach((b, i) => rows.push({ backend, build: b.name, call: 'POST /api/idm/user/login (argon2id)', n: SIGN_IN_SAMPLES, medianMs: results[i].median, p99Ms: results[i].p99, cpuMs: results[i].cpu }));
    }
    for (const c of calls) {
      const fns = builds.map((b) => () => c.run(b));
      if (c.sqlPeer) fns.push(async () => void (await c.sqlPeer!()));
      const results = await alternate(LIST_SAMPLES, fns);
      const peer = c.sqlPeer ? results[builds.length] : undefined;
      builds.forEach((b, i) => rows.push({ backend, build: b.name, call: c.call, n: LIST_SAMPLES, medianMs: results[i].median, p99Ms: results[i].p99, cpuMs: results[i].cpu, sqlMs: peer?.median }));
    }
    // Writing the answer alone, on the subject balance's rows repeated to 14,000 (the size of issue 9's
    // balance by customer): zod's check (the old serializer) against the copier, beside JSON.stringify.
    const answer = (await builds[0].app.inject({ method: 'GET', url: `/api/ledger/subjectBalance?filter=${q(balanceFilter)}`, headers: { authorization: `Bearer ${builds[0].token}` } })).json();
    const schema = envelope(ledgerApi.subjectBalance.answer);
    const proto = answer.data.rows as unknown[];
    const big = { ...answer, data: { ...answer.data, rows: Array.from({ length: 14_000 }, (_, i) => proto[i % proto.length]) } };
    const copy = compileCopier(schema);
    const n = Math.max(5, Math.round(LIST_SAMPLES / 20));
    const [zodW, copierW, plainW] = await alternate(n, [
      async () => void JSON.stringify(z.encode(schema, big)),
      async () => void JSON.stringify(copy(big)),
      async () => void JSON.stringify(big),
    ]);
    const write = (label: string, r: { median: number; p99: number; cpu: number }) => rows.push({ backend, build: '', call: `write a 14,000-row subjectBalance answer: ${label}`, n, medianMs: r.median, p99Ms: r.p99, cpuMs: r.cpu });
    write('zod check + JSON.stringify (before)', zodW);
    write('copier + JSON.stringify (this build)', copierW);
    write('JSON.stringify alone', plainW);
    for (const b of builds) await b.app.close();
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

const f2 = (x: number | undefined) => (x === undefined ? '' : `${x.toFixed(2)} ms`);

export const latencyTableHead = '| backend | build | call | n | median | p99 | CPU/call | floor: /api/health | floor: SQL | over SQL |\n|---|---|---|---:|---:|---:|---:|---:|---:|---:|';

/** Table rows, each beside the health floor of its backend and build. */
export function latencyTableRows(rows: LatencyRow[]): string[] {
  const health = new Map(rows.filter((r) => r.call.startsWith('GET /api/health')).map((r) => [`${r.backend}/${r.build}`, r.medianMs]));
  return rows.map((r) => {
    const floor = health.get(`${r.backend}/${r.build}`);
    const over = r.sqlMs === undefined ? '' : f2(r.medianMs - r.sqlMs);
    return `| ${r.backend} | ${r.build} | ${r.call} | ${r.n} | ${f2(r.medianMs)} | ${f2(r.p99Ms)} | ${f2(r.cpuMs)} | ${r.call.startsWith('GET /api/health') ? '' : f2(floor)} | ${f2(r.sqlMs)} | ${over} |`;
  });
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('bench/api-latency.ts')) {
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const backends = (process.env.BENCH_API_BACKENDS ?? 'pglite,postgres').split(',') as Array<'pglite' | 'postgres'>;
  console.log(`API latency, ${new Date().toISOString()}, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
  console.log(latencyTableHead);
  for (const backend of backends) {
    if (backend === 'postgres' && !pgUrl) continue;
    for (const line of latencyTableRows(await apiLatency(backend, pgUrl))) console.log(line);
  }
  console.log(`load average at the end: ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
}
