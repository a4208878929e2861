/**
 * Ledgers at a million lines (issue 9 "Performance"): a ledger set of N voucher lines (200 subjects
 * in a 4-2-2 code tree, 12 periods, 2,000 customers on a quarter of the lines) is generated in SQL
 * (INSERT … SELECT generate_series) into PostgreSQL and PGlite; the balance tables are filled by the
 * real triggers (decision 025). Then, in the same run and on the same data:
 * - posting cost: the same INSERT … SELECT with every trigger off, with only the balance upkeep on,
 *   and with every trigger on (guards + upkeep, the real posting); the first two rolled back;
 * - rebuildBalances() of the year over the tables as they stand (it writes only what differs,
 *   decision 040), and once more after the year's balance rows were deleted (every row written
 *   again), the latter rolled back and timed last so its dead rows do not slow the reads;
 * - GET /api/ledger/subjectBalance, subjectTotal, subjectDetail (a page of 100 at the middle),
 *   auxBalance (customers) through app.inject(), medians of repeated runs, beside the SQL that reads
 *   the same figures and beside hledger on the same data exported as a journal;
 * - the sub-ledger page on a second ledger set of N/10 lines (the 1M vs 100k ratio).
 * Figures only, no assertion; each row says its goal and whether it was met.
 *
 * Run alone: `npx tsx bench/ledger-million.ts`; knobs: BENCH_LEDGER_LINES (default 1,000,000; 0 skips),
 * BENCH_LEDGER_LINES_PGLITE (default: the same, capped at 200,000), BENCH_LEDGER_BACKENDS
 * (pglite,postgres), BENCH_LEDGER_HLEDGER=0 to skip hledger, BENCH_LEDGER_WARM_UP (calls before each
 * timed series, default 20); BENCH_DATABASE_URL / TEST_DATABASE_URL
 * / DATABASE_URL name the PostgreSQL server (a scratch database is created there and dropped).
 */
import pg from 'pg';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg, cpus } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { openDb, type DbHandle } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';
import { rebuildBalances, rebuildBalancesIn } from '../src/server/features/ledger/balances';
import type { Tx } from '../src/server/db/tx';
import { subjectBalance } from '../src/server/features/ledger/subject-balance';
import { subjectDetail, subjectTotal } from '../src/server/features/ledger/subject-ledgers';
import { auxBalance } from '../src/server/features/ledger-aux/aux-balance';

export interface LedgerBenchRow {
  backend: string;
  lines: number;
  measure: string;
  value: string;
  peer: string;
  ratio: string;
  goal: string;
  met: string;
}

type Db = DbHandle['db'];
const rowsOf = async <T>(db: Pick<Db, 'execute'>, q: string): Promise<T[]> => ((await db.execute(sql.raw(q))) as unknown as { rows: T[] }).rows;
const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x.toFixed(x < 10 ? 2 : 1)} ms`);

/**
 * Calls before the timed ones: enough for V8 to have optimised the code paths of a call (parsing,
 * the service, the answer) as a long-running server has; with 2, the first API measure of each kind
 * still ran partly unoptimised code (the sub-ledger page 12 ms in the bench, 6 ms on a warmed server).
 */
const WARM_UP = Number(process.env.BENCH_LEDGER_WARM_UP ?? 20);

async function median(n: number, fn: () => Promise<unknown>, warm = WARM_UP): Promise<number> {
  for (let i = 0; i < warm; i++) await fn();
  const t: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    t.push(performance.now() - t0);
  }
  t.sort((a, b) => a - b);
  return t[Math.floor(n / 2)];
}

/**
 * Medians of several calls measured in turns: each is warmed up, then every round runs each once, so
 * what the database and the machine do meanwhile (caches, plans, autovacuum, other processes) falls on
 * all of them alike instead of on whichever series ran at the time.
 */
async function interleavedMedians(n: number, fns: Array<() => Promise<unknown>>, warm = WARM_UP): Promise<number[]> {
  for (const fn of fns) for (let i = 0; i < warm; i++) await fn();
  const times = fns.map(() => [] as number[]);
  for (let i = 0; i < n; i++) {
    for (const [k, fn] of fns.entries()) {
      const t0 = performance.now();
      await fn();
      times[k]!.push(performance.now() - t0);
    }
  }
  return times.map((t) => t.sort((a, b) => a - b)[Math.floor(n / 2)]!);
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** 20 first-level subjects, 3 second-level under each, 2 third-level under each of those: 200. */
const TOPS: Array<[string, string, boolean]> = [
  ['1001', 'ASSET', true], ['1002', 'ASSET', true], ['1012', 'ASSET', true], ['1122', 'ASSET', true], ['1123', 'ASSET', true],
  ['1221', 'ASSET', true], ['1403', 'ASSET', true], ['1405', 'ASSET', true], ['1601', 'ASSET', true], ['1602', 'ASSET', false],
  ['2202', 'DEBT', false], ['2203', 'DEBT', false], ['2211', 'DEBT', false], ['2221', 'DEBT', false], ['3001', 'INTEREST', false],
  ['3103', 'INTEREST', false], ['4001', 'COST', true], ['4101', 'COST', true], ['5001', 'PROFIT', false], ['5602', 'PROFIT', true],
];
const CUSTOMERS = 2000;

interface LedgerSet { accountId: number; yearId: number; periodIds: number[]; receivableId: number; lines: number }

/** Ledger set, year, 12 periods, kind and the 200-subject chart; the customers once per database. */
export async function makeLedgerSet(db: Db, label: string, year: number): Promise<Omit<LedgerSet, 'lines'> & { kindId: number; leaves: number[]; customerLeaves: number[] }> {
  const [a] = await rowsOf<{ id: number }>(db, `insert into accounts (company_id, name) values (1, 'Bench ${label}') returning id`);
  const [y] = await rowsOf<{ id: number }>(db, `insert into account_years (company_id, account_id, year, start_at, end_at) values (1, ${a.id}, ${year}, '${year}-01-01', '${year}-12-31') returning id`);
  const ps = await rowsOf<{ id: number }>(db, `insert into periods (company_id, account_year_id, start_at, end_at)
    select 1, ${y.id}, make_date(${year}, m, 1), (make_date(${year}, m, 1) + interval '1 month - 1 day')::date from generate_series(1, 12) m order by m returning id`);
  const [k] = await rowsOf<{ id: number }>(db, `insert into voucher_kinds (company_id, account_id, name, name_en, is_default, sort) values (1, ${a.id}, '记', 'General', true, 0) returning id`);
  const tops = TOPS.map(([c, kind, dir]) => `('${c}', '${kind}', ${dir})`).join(', ');
  await db.execute(sql.raw(`insert into subjects (company_id, account_year_id, parent_id, code, name, kind, direction, level, leaf, aux_type_ids)
    select 1, ${y.id}, null, t.code, 'Bench ' || t.code, t.kind, t.dir, 1, false, '{}' from (values ${tops}) t(code, kind, dir)`));
  for (const level of [2, 3]) {
    await db.execute(sql.raw(`insert into subjects (company_id, account_year_id, parent_id, code, name, kind, direction, level, leaf, aux_type_ids)
      select 1, ${y.id}, p.id, p.code || lpad(n::text, 2, '0'), 'Bench ' || p.code || lpad(n::text, 2, '0'), p.kind, p.direction, ${level}, ${level === 3},
        case when ${level} = 3 and p.code like '1122%' then '{3}'::integer[] else '{}'::integer[] end
      from subjects p cross join generate_series(1, ${level === 2 ? 3 : 2}) n where p.account_year_id = ${y.id} and p.level = ${level - 1}`));
  }
  const subjects = await rowsOf<{ id: number; code: string; leaf: boolean }>(db, `select id, code, leaf from subjects where account_year_id = ${y.id} order by code`);
  if (subjects.length !== 200) throw new Error(`chart has ${subjects.length} subjects`);
  const leaves = subjects.filter((s) => s.leaf && !s.code.startsWith('1122')).map((s) => s.id);
  const customerLeaves = subjects.filter((s) => s.leaf && s.code.startsWith('1122')).map((s) => s.id);
  const [{ n }] = await rowsOf<{ n: string }>(db, `select count(*) as n from customers where company_id = 1 and code like 'BENCH-C%'`);
  if (Number(n) === 0) {
    await db.execute(sql.raw(`insert into customers (company_id, code, name) select 1, 'BENCH-C' || lpad(i::text, 4, '0'), 'Bench customer ' || i from generate_series(1, ${CUSTOMERS}) i`));
  }
  return { accountId: a.id, yearId: y.id, periodIds: ps.map((p) => p.id), receivableId: subjects.find((s) => s.code === '1122')!.id, kindId: k.id, leaves, customerLeaves };
}

/**
 * The two statements that post `lines` lines (4 per voucher): vouchers spread evenly over the 12
 * months in date order; line 1 debits a receivable leaf with a customer, line 2 debits another
 * leaf, lines 3 and 4 credit two more (amounts pseudo-random, every voucher balanced).
 */
export function postingSql(set: Omit<LedgerSet, 'lines'> & { kindId: number; leaves: number[]; customerLeaves: number[] }, lines: number, year: number): [string, string] {
  const v = Math.floor(lines / 4);
  const a = (c: string) => `((${c}::bigint * 7919) % 49000 + 100)`;
  const b = (c: string) => `((${c}::bigint * 104729) % 30000 + 50)`;
  const periods = `array[${set.periodIds.join(',')}]`;
  const vouchers = `insert into vouchers (company_id, account_id, account_year_id, period_id, kind_id, code, mark_date, debit_cents, credit_cents)
    select 1, ${set.accountId}, ${set.yearId}, (${periods})[m + 1], ${set.kindId}, i, make_date(${year}, m + 1, 1 + (i * 7) % 28), ${a('i')} + ${b('i')}, ${a('i')} + ${b('i')}
    from (select i, ((i - 1) * 12 / ${v})::int as m from generate_series(1, ${v}) i) s`;
  const leaves = `array[${set.leaves.join(',')}]`;
  const cl = `array[${set.customerLeaves.join(',')}]`;
  const nl = set.leaves.length;
  const items = `insert into voucher_items (company_id, voucher_id, line_no, summary, account_year_id, subject_id, direction, amount_cents, customer_id)
    select 1, v.id, l, 'Bench line ' || v.code || '/' || l, ${set.yearId},
      case l when 1 then (${cl})[v.code % ${set.customerLeaves.length} + 1] when 2 then (${leaves})[(v.code * 13) % ${nl} + 1]
        when 3 then (${leaves})[(v.code * 17 + 5) % ${nl} + 1] else (${leaves})[(v.code * 29 + 11) % ${nl} + 1] end,
      l <= 2, case when l in (1, 3) then ${a('v.code')} else ${b('v.code')} end,
      case when l = 1 then c.ids[(v.code * 31) % ${CUSTOMERS} + 1] end
    from vouchers v cross join generate_series(1, 4) l
      cross join (select array_agg(id order by code) as ids from customers where company_id = 1 and code like 'BENCH-C%') c
    where v.account_year_id = ${set.yearId}`;
  return [vouchers, items];
}

const GUARD_TRIGGERS = { vouchers: ['vouchers_guard', 'vouchers_balance'], voucher_items: ['voucher_items_guard', 'voucher_items_balance'] };

class Rollback extends Error {}

/** Times the posting statements inside a transaction that is rolled back (mode: which triggers stay on). */
async function timeRolledBack(db: Db, stmts: [string, string], mode: 'bare' | 'none' | 'upkeep'): Promise<number> {
  let took = 0;
  try {
    await db.transaction(async (tx) => {
      // bare: no trigger at all, foreign keys unchecked too; none: user triggers off, keys checked.
      if (mode === 'bare') await tx.execute(sql`set local session_replication_role = replica`);
      else if (mode === 'none') for (const table of Object.keys(GUARD_TRIGGERS)) await tx.execute(sql.raw(`alter table ${table} disable trigger user`));
      else {
        for (const [table, names] of Object.entries(GUARD_TRIGGERS)) for (const n of names) await tx.execute(sql.raw(`alter table ${table} disable trigger ${n}`));
      }
      took = await timed(async () => {
        await tx.execute(sql.raw(stmts[0]));
        await tx.execute(sql.raw(stmts[1]));
      });
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  return took;
}

async function load(db: Db, label: string, lines: number, year: number, timeVariants: boolean) {
  const set = await makeLedgerSet(db, label, year);
  const stmts = postingSql(set, lines, year);
  if (timeVariants) await timeRolledBack(db, stmts, 'bare'); // warm-up (cold caches, first plans): not counted
  const bare = timeVariants ? await timeRolledBack(db, stmts, 'bare') : undefined;
  const plain = timeVariants ? await timeRolledBack(db, stmts, 'none') : undefined;
  const upkeep = timeVariants ? await timeRolledBack(db, stmts, 'upkeep') : undefined;
  // The real posting: every trigger on (guards, deferred balance check at commit, balance upkeep).
  const full = await timed(() => db.transaction(async (tx) => {
    await tx.execute(sql.raw(stmts[0]));
    await tx.execute(sql.raw(stmts[1]));
  }));
  // Compacted and analysed before anything is read. The rolled-back variants above leave three
  // postings' worth of dead space behind (voucher_items 454 MB instead of 100 MB at 1M lines), which
  // a ledger that only ever received its postings does not have: the reads of both the API and its
  // peers would walk the sparse pages (the 100k set, written into that free space, read its page in
  // 110–140 ms instead of 2.5 ms). It also keeps autovacuum from taking the fresh rows up while reads
  // are timed.
  await db.execute(sql`vacuum (full, analyze) vouchers, voucher_items, subject_balances, aux_balances`);
  const [{ n }] = await rowsOf<{ n: string }>(db, `select count(*) as n from voucher_items where account_year_id = ${set.yearId}`);
  return { set: { ...set, lines: Number(n) } as LedgerSet, bare, plain, upkeep, full };
}

/** The year as an hledger journal: one transaction per voucher, accounts by the code tree, the customer as a tag. */
async function exportJournal(db: Db, set: LedgerSet, file: string): Promise<void> {
  const rows = await rowsOf<{ t: string }>(db, `
    select v.mark_date::text || ' V' || v.code || E'\n' || string_agg('    a:' || substr(s.code, 1, 4) || ':' || substr(s.code, 1, 6) || ':' || s.code
      || '  ' || case when i.direction then '' else '-' end || (i.amount_cents / 100)::text || '.' || lpad((i.amount_cents % 100)::text, 2, '0')
      || coalesce('  ; customer:' || c.code, ''), E'\n' order by i.line_no) as t
    from vouchers v join voucher_items i on i.voucher_id = v.id join subjects s on s.id = i.subject_id left join customers c on c.id = i.customer_id
    where v.account_year_id = ${set.yearId} group by v.id order by v.mark_date, v.code`);
  writeFileSync(file, rows.map((r) => r.t).join('\n\n') + '\n');
}

/** Wall time of an hledger command (median of up to 3 runs; one when a run takes over 20 s). */
function hledger(args: string[]): number | string {
  const run = () => {
    const t0 = performance.now();
    const r = spawnSync('hledger', args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 900_000 });
    if (r.status !== 0) throw new Error(`hledger ${args.join(' ')}: ${r.error?.message ?? r.stderr?.toString().slice(0, 200)}`);
    return performance.now() - t0;
  };
  try {
    const first = run();
    if (first > 20_000) return first;
    const t = [first, run(), run()].sort((a, b) => a - b);
    return t[1];
  } catch (e) {
    return (e as Error).message.split('\n')[0];
  }
}

async function scratchPg(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ledgerdesk_bench_million_${process.pid}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export async function ledgerMillionBench(backend: 'pglite' | 'postgres', lines: number, opts: { adminUrl?: string; withHledger?: boolean; log?: (s: string) => void } = {}): Promise<LedgerBenchRow[]> {
  const log = opts.log ?? ((s: string) => console.error(`[ledger-million ${backend}] ${s}`));
  const scratch = backend === 'postgres' ? await scratchPg(opts.adminUrl!) : undefined;
  // PGlite's data dir; the hledger journal goes here too (removed at the end on both backends).
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerdesk-bench-million-'));
  const handle = await openDb(scratch ? { url: scratch.url } : { dataDir: join(dataDir, 'pgdata') });
  const db = handle.db;
  const out: LedgerBenchRow[] = [];
  const row = (measure: string, value: number, peerLabel: string, peer: number | string | undefined, kind: 'le' | 'ge' | 'none', goal: number) => {
    let ratio = '';
    let met = '';
    if (typeof peer === 'number') {
      const r = kind === 'ge' ? peer / value : value / peer;
      ratio = kind === 'ge' ? `${r >= 100 ? r.toFixed(0) : r.toFixed(1)}× faster` : `${r.toFixed(2)}×`;
      met = kind === 'none' ? '' : (kind === 'le' ? r <= goal : r >= goal) ? 'met' : 'NOT met';
    }
    const peerText = typeof peer === 'number' ? `${peerLabel} ${ms(peer)}` : peer === undefined ? '' : `${peerLabel}: ${peer}`;
    const goalText = kind === 'none' ? '' : kind === 'le' ? `≤ ${goal}×` : `≥ ${goal.toLocaleString('en')}× faster`;
    out.push({ backend, lines, measure, value: ms(value), peer: peerText, ratio, goal: goalText, met });
    log(`${measure}: ${ms(value)} | ${peerText} | ${ratio} ${met}`);
  };
  try {
    await seedDemo(db);
    log(`seeded; loading ${lines.toLocaleString('en')} lines`);
    const big = await load(db, `${lines} lines`, lines, 2025, true);
    log(`posted ${big.set.lines} lines: bare ${ms(big.bare!)}, plain ${ms(big.plain!)}, upkeep only ${ms(big.upkeep!)}, all triggers ${ms(big.full)}`);
    const smallLines = Math.floor(lines / 10);
    const small = await load(db, `${smallLines} lines`, smallLines, 2024, false);
    log(`second ledger set: ${small.set.lines} lines in ${ms(small.full)}`);

    row('posting with balance upkeep (guard triggers off, keys checked) vs plain insert (every user trigger off, keys checked)', big.upkeep!, 'plain', big.plain, 'le', 2.5);
    row('posting, every trigger on (guards + deferred balance check + upkeep) vs plain insert', big.full, 'plain', big.plain, 'le', 2.5);
    row('plain insert (keys checked) vs bare insert (no trigger, no key check)', big.plain!, 'bare', big.bare, 'none', 0);
    const rebuildN = lines >= 500_000 ? 3 : 5;
    const rebuild = await median(rebuildN, () => rebuildBalances(db, { accountYearId: big.set.yearId }), 0);
    out.push({ backend, lines, measure: `rebuildBalances of the year, tables as they stand (median of ${rebuildN})`, value: ms(rebuild), peer: '', ratio: '', goal: backend === 'postgres' ? '≤ 2 s at 1M' : '', met: backend === 'postgres' && lines >= 1_000_000 ? (rebuild <= 2000 ? 'met' : 'NOT met') : '' });
    log(`rebuild ${ms(rebuild)}`);

    const app = await buildApp({ db, dbKind: handle.kind, loginRateLimitMax: 1_000_000 });
    await app.ready();
    const token = (await app.inject({ method: 'POST', url: '/api/idm/user/login', payload: { username: 'admin', password: 'admin123' } })).json().data.accessToken;
    const headers = { authorization: `Bearer ${token}` };
    const get = async (url: string, query: Record<string, string>) => {
      const r = await app.inject({ method: 'GET', url, headers, query });
      const body = r.json();
      if (!body.success) throw new Error(`${url}: ${r.body.slice(0, 300)}`);
      return body.data;
    };
    const range = (s: LedgerSet) => ({ accountId: s.accountId, accountYearId: s.yearId, startPeriodId: s.periodIds[0], endPeriodId: s.periodIds[11] });
    const f = range(big.set);
    const N = 15;

    // Sanity: the API's totals equal the lines.
    const bal = await get('/api/ledger/subjectBalance', { filter: JSON.stringify(f) });
    const [lineSum] = await rowsOf<{ d: string }>(db, `select sum(amount_cents) filter (where direction) as d from voucher_items where account_year_id = ${big.set.yearId}`);
    if (bal.totals.debit !== String(lineSum.d)) throw new Error(`subjectBalance debit ${bal.totals.debit} ≠ lines ${lineSum.d}`);

    let journal: string | undefined;
    if (opts.withHledger !== false) {
      journal = join(dataDir, 'ledger.journal');
      const t = await timed(() => exportJournal(db, big.set, journal!));
      log(`journal exported in ${ms(t)}`);
    }
    const hl = (args: string[]) => (journal ? hledger(['-f', journal, ...args]) : 'skipped');

    // Subject balance for the year.
    const apiBal = await median(N, () => get('/api/ledger/subjectBalance', { filter: JSON.stringify(f) }));
    const sqlBal = await median(N, () => rowsOf(db, `select subject_id, sum(debit_all), sum(credit_all) from subject_balances
      where company_id = 1 and account_year_id = ${f.accountYearId} group by subject_id`));
    row('GET subjectBalance, the year', apiBal, 'pre-aggregated SQL', sqlBal, 'le', 2);
    const floor = await median(N, () => get('/api/company', {}));
    row('GET subjectBalance vs the floor of any call (GET /api/company: auth, tenancy, envelope)', apiBal, 'floor', floor, 'none', 0);
    const opt = { includeUnbooked: true, showZero: false };
    row('GET subjectBalance vs its service function alone (no HTTP, no response validation)', apiBal, 'service', await median(N, () => subjectBalance(db, 1, { ...f, ...opt })), 'none', 0);
    const hlBal = hl(['bal']);
    row('GET subjectBalance, the year', apiBal, '`hledger bal`', hlBal, 'ge', backend === 'postgres' ? 5000 : 2500);

    // General ledger, monthly.
    const apiTot = await median(N, () => get('/api/ledger/subjectTotal', { filter: JSON.stringify(f) }));
    const sqlTot = await median(N, () => rowsOf(db, `select subject_id, period_id, sum(debit_all), sum(credit_all) from subject_balances
      where company_id = 1 and account_year_id = ${f.accountYearId} group by subject_id, period_id`));
    row('GET subjectTotal (general ledger, 12 months)', apiTot, 'pre-aggregated SQL', sqlTot, 'le', 2);
    row('GET subjectTotal vs its service function alone', apiTot, 'service', await median(N, () => subjectTotal(db, 1, { ...f, ...opt })), 'none', 0);
    const hlTot = hl(['bal', '-M']);
    row('GET subjectTotal (general ledger, 12 months)', apiTot, '`hledger bal -M`', hlTot, 'ge', backend === 'postgres' ? 5000 : 2500);

    // Sub-ledger: a page of 100 lines in the middle of 1122 (all its leaves: a quarter of the lines).
    // `monthInto`: how far into its month the page starts, as a share of a month (the half of the
    // year lands on a month's first lines; half a month further the window sums 10,000 lines first).
    const detailPage = async (s: LedgerSet, monthInto = 0) => {
      const df = { ...range(s), subjectId: s.receivableId };
      const first = await get('/api/ledger/subjectDetail', { filter: JSON.stringify(df), offset: '0', limit: '1' });
      const offset = Math.floor(first.total / 2) + Math.floor((first.total / 12) * monthInto);
      const page = await get('/api/ledger/subjectDetail', { filter: JSON.stringify(df), offset: String(offset), limit: '100' });
      if (page.rows.length !== Math.min(100, first.total - offset)) throw new Error(`detail page: ${page.rows.length} rows`);
      const api = () => get('/api/ledger/subjectDetail', { filter: JSON.stringify(df), offset: String(offset), limit: '100' });
      // The page SQL: the same lines (subtree, period, ledger order) with their running balance by a
      // window over the period, its opening from the balance tables, at the same offset in the period.
      const line = page.rows.find((r: { kind: string }) => r.kind === 'LINE');
      const p = s.periodIds.indexOf(line.periodId);
      const [{ before }] = await rowsOf<{ before: string }>(db, `select coalesce(sum(lines_all), 0) + 2 * ${p} as before from subject_balances
        where account_year_id = ${s.yearId} and subject_id in (select id from subjects where account_year_id = ${s.yearId} and code like '1122%')
        and period_id = any(array[${s.periodIds.slice(0, p).join(',') || 0}]::integer[])`);
      const local = line.index - (1 + Number(before));
      const subtree = `(select id from subjects where account_year_id = ${s.yearId} and code like '1122%')`;
      const pageSql = `select x.* from (
          select v.id, v.mark_date, v.code, k.name, i.summary, i.subject_id, i.direction, i.amount_cents,
            (select coalesce(sum(debit_all - credit_all), 0) from subject_balances b where b.account_year_id = ${s.yearId} and b.subject_id in ${subtree}
              and b.period_id = any(array[${s.periodIds.slice(0, p).join(',') || 0}]::integer[]))
            + sum(case when i.direction then i.amount_cents else -i.amount_cents end) over (order by v.mark_date, v.kind_id, v.code, v.id, i.line_no) as balance
          from voucher_items i join vouchers v on v.company_id = i.company_id and v.id = i.voucher_id join voucher_kinds k on k.id = v.kind_id
          where i.company_id = 1 and i.account_year_id = ${s.yearId} and i.subject_id in ${subtree} and v.period_id = ${s.periodIds[p]} and v.state <> 'INVALID'
          order by v.mark_date, v.kind_id, v.code, v.id, i.line_no) x offset ${local} limit 100`;
      const check = await rowsOf<{ id: number; balance: string }>(db, pageSql);
      if (check[0]?.id !== line.voucherId) throw new Error(`page SQL starts at voucher ${check[0]?.id}, the API at ${line.voucherId}`);
      const [t, tSql, tService] = await interleavedMedians(N, [api, () => rowsOf(db, pageSql), () => subjectDetail(db, 1, { ...df, includeUnbooked: true }, offset, 100)]);
      return { t, tSql, tService, offset, total: first.total as number };
    };
    const dBig = await detailPage(big.set);
    row(`GET subjectDetail 1122, 100 rows at offset ${dBig.offset.toLocaleString('en')} of ${dBig.total.toLocaleString('en')}`, dBig.t, 'page SQL', dBig.tSql, 'le', 3);
    row('GET subjectDetail page vs its service function alone', dBig.t, 'service', dBig.tService, 'none', 0);
    const dMid = await detailPage(big.set, 0.5);
    row(`GET subjectDetail 1122, 100 rows in the middle of a month (offset ${dMid.offset.toLocaleString('en')})`, dMid.t, 'page SQL', dMid.tSql, 'le', 3);
    const dSmall = await detailPage(small.set);
    row(`GET subjectDetail 1122 on the ${small.set.lines.toLocaleString('en')}-line set (offset ${dSmall.offset.toLocaleString('en')})`, dSmall.t, 'page SQL', dSmall.tSql, 'le', 3);
    row(`GET subjectDetail page, ${big.set.lines.toLocaleString('en')} lines vs ${small.set.lines.toLocaleString('en')} lines`, dBig.t, `${small.set.lines.toLocaleString('en')}-line page`, dSmall.t, 'le', 1.5);

    // Balance by customer.
    const af = { ...f, auxTypeId: 3 };
    const aux = await get('/api/ledger/auxBalance', { filter: JSON.stringify(af) });
    if (aux.rows.filter((r: { kind: string }) => r.kind === 'VALUE').length < Math.min(CUSTOMERS, Math.floor(big.set.lines / 4))) throw new Error(`auxBalance: ${aux.rows.length} rows`);
    const apiAux = await median(N, () => get('/api/ledger/auxBalance', { filter: JSON.stringify(af) }));
    const sqlAux = await median(N, () => rowsOf(db, `select c.code, c.name, b.subject_id, sum(b.debit_all), sum(b.credit_all)
      from aux_balances b join customers c on c.id = b.aux_id where b.company_id = 1 and b.account_year_id = ${f.accountYearId} and b.aux_type_id = 3
      group by c.code, c.name, b.subject_id order by c.code, b.subject_id`));
    row('GET auxBalance by customer, the year', apiAux, 'raw SQL (aux_balances)', sqlAux, 'le', 1.5);
    row('GET auxBalance vs its service function alone', apiAux, 'service', await median(N, () => auxBalance(db, 1, { ...af, ...opt, leafOnly: false })), 'none', 0);
    const hlAux = hl(['bal', '--pivot', 'customer']);
    row('GET auxBalance by customer, the year', apiAux, '`hledger bal --pivot customer`', hlAux, 'ge', 1000);

    // Rebuild from empty tables: every balance row of the year inserted again (foreign keys checked
    // per row). Rolled back; last, because the deleted and re-inserted rows stay behind as dead rows.
    let fromEmpty = 0;
    try {
      await db.transaction(async (t) => {
        const tx = t as unknown as Tx;
        await tx.execute(sql.raw(`delete from aux_balances where account_year_id = ${big.set.yearId}`));
        await tx.execute(sql.raw(`delete from subject_balances where account_year_id = ${big.set.yearId}`));
        fromEmpty = await timed(() => rebuildBalancesIn(tx, { accountYearId: big.set.yearId }));
        throw new Rollback();
      });
    } catch (e) {
      if (!(e instanceof Rollback)) throw e;
    }
    out.push({ backend, lines, measure: 'rebuildBalances of the year after its balance rows were deleted (every row written again; one run)', value: ms(fromEmpty), peer: '', ratio: '', goal: '', met: '' });
    log(`rebuild from empty tables ${ms(fromEmpty)}`);

    await app.close();
    return out;
  } finally {
    await handle.close();
    if (scratch) await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function ledgerMillionSettings() {
  const lines = Number(process.env.BENCH_LEDGER_LINES ?? 1_000_000);
  const pgliteLines = Number(process.env.BENCH_LEDGER_LINES_PGLITE ?? Math.min(lines, 200_000));
  const backends = (process.env.BENCH_LEDGER_BACKENDS ?? 'pglite,postgres').split(',').map((s) => s.trim()) as Array<'pglite' | 'postgres'>;
  return { lines, pgliteLines, backends, withHledger: process.env.BENCH_LEDGER_HLEDGER !== '0' };
}

export function machineFacts(): string {
  const [l1, l5, l15] = loadavg();
  return `${cpus().length} cores, load average ${l1.toFixed(2)} / ${l5.toFixed(2)} / ${l15.toFixed(2)}, ${new Date().toISOString()}`;
}

export const ledgerTableHead = '| backend | lines | measure | value | peer | ratio | goal | |\n|---|---:|---|---:|---|---:|---|---|';
export const ledgerTableRow = (r: LedgerBenchRow) => `| ${r.backend} | ${r.lines.toLocaleString('en')} | ${r.measure} | ${r.value} | ${r.peer} | ${r.ratio} | ${r.goal} | ${r.met} |`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const s = ledgerMillionSettings();
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const all: LedgerBenchRow[] = [];
  console.log(`machine: ${machineFacts()}`);
  for (const backend of s.backends) {
    const n = backend === 'pglite' ? s.pgliteLines : s.lines;
    if (!n) continue;
    try {
      const rows = await ledgerMillionBench(backend, n, { adminUrl: pgUrl, withHledger: s.withHledger });
      all.push(...rows);
      console.log(`\n${ledgerTableHead}`);
      for (const r of rows) console.log(ledgerTableRow(r));
    } catch (e) {
      console.log(`| ${backend} | ${n} | (failed: ${(e as Error).message.split('\n')[0]}) | | | | | |`);
      console.error((e as Error & { cause?: unknown }).cause ?? e);
    }
    console.log(`machine after ${backend}: ${machineFacts()}`);
  }
  process.exit(0);
}
