/**
 * The auxiliary sub-ledger at 60,000 lines (issue 9: "report grids stay responsive with 60,000-line
 * sub-ledgers"): the demo on PGlite, plus 30,000 vouchers of one customer (60,000 lines on 1122 and
 * 5001) loaded in bulk; then GET /ledger/auxDetail pages of 100 rows at the start, middle and end,
 * and GET /ledger/auxBalance by customer, medians of repeated runs. Prints figures, asserts nothing.
 * Run: npx tsx bench/aux-detail.ts
 */
import { and, asc, eq } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { openDb } from '../src/server/db/client';
import { seedDemo } from '../src/server/db/seed';
import { accountYears, customers, periods, projects, subjects, users, voucherKinds } from '../src/server/db/schema';
import { createVouchersInBulk, type BulkVoucher } from '../src/server/features/voucher/service';
import { RIGHTS } from '../src/domain/rights';

const VOUCHERS = Number(process.env.AUX_BENCH_VOUCHERS ?? 30_000);

async function median(n: number, fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(n / 2)];
}

async function main() {
  const handle = await openDb({ dataDir: 'memory://' });
  const db = handle.db;
  await seedDemo(db);
  const [year] = await db.select().from(accountYears).where(and(eq(accountYears.accountId, 1), eq(accountYears.year, 2026)));
  const [cust] = await db.select({ id: customers.id }).from(customers).where(eq(customers.companyId, year.companyId)).orderBy(asc(customers.id)).limit(1);
  const [proj] = await db.select({ id: projects.id }).from(projects).where(eq(projects.companyId, year.companyId)).orderBy(asc(projects.id)).limit(1);
  const chart = await db.select({ id: subjects.id, code: subjects.code }).from(subjects).where(eq(subjects.accountYearId, year.id));
  const s = (code: string) => chart.find((x) => x.code === code)!.id;
  const [kind] = await db.select({ id: voucherKinds.id }).from(voucherKinds).where(eq(voucherKinds.accountId, 1)).orderBy(asc(voucherKinds.sort)).limit(1);
  const [clerk] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'clerk'));
  const actor = { id: clerk.id, kind: 'OTHER' as const, rightIds: [RIGHTS.VOUCHER_EDIT] };
  const t0 = performance.now();
  for (let start = 0; start < VOUCHERS; start += 2_000) {
    const list: BulkVoucher[] = [];
    for (let i = start; i < Math.min(start + 2_000, VOUCHERS); i++) {
      const month = (i % 12) + 1;
      const cents = ((i * 7919) % 4_900 + 100) * 100;
      list.push({
        kindId: kind.id, markTime: `2026-${String(month).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`, billCount: 0, steps: [],
        items: [
          { summary: '确认应收律师费', subjectId: s('1122'), direction: true, amount: cents, auxes: [{ auxTypeId: 3, auxId: cust.id }] },
          { summary: '确认应收律师费', subjectId: s('5001'), direction: false, amount: cents, auxes: [{ auxTypeId: 5, auxId: proj.id }] },
        ],
      });
    }
    await createVouchersInBulk(db, actor, year.companyId, 1, list);
  }
  console.log(`loaded ${VOUCHERS} vouchers (${VOUCHERS * 2} lines) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const app = await buildApp({ db, dbKind: handle.kind, loginRateLimitMax: 1_000_000 });
  await app.ready();
  const token = (await app.inject({ method: 'POST', url: '/api/idm/user/login', payload: { username: 'admin', password: 'admin123' } })).json().data.accessToken;
  const headers = { authorization: `Bearer ${token}` };
  const yearPeriods = await db.select({ id: periods.id }).from(periods).where(eq(periods.accountYearId, year.id)).orderBy(asc(periods.startAt));
  const filter = { accountId: 1, accountYearId: year.id, startPeriodId: yearPeriods[0].id, endPeriodId: yearPeriods.at(-1)!.id };
  const detail = (offset: number) => app.inject({ method: 'GET', url: '/api/ledger/auxDetail', headers, query: { filter: JSON.stringify({ ...filter, auxTypeId: 3, auxId: cust.id }), offset: String(offset), limit: '100' } });
  const total = (await detail(0)).json().data.total as number;
  console.log(`sub-ledger rows: ${total}`);
  for (const [label, offset] of [['first page', 0], ['middle page', Math.floor(total / 2)], ['last page', total - 100]] as const) {
    const page = (await detail(offset)).json().data;
    if (page.rows.length !== 100) throw new Error(`page at ${offset}: ${page.rows.length} rows`);
    console.log(`auxDetail ${label} (offset ${offset}): median ${(await median(15, () => detail(offset))).toFixed(1)} ms`);
  }
  const balance = () => app.inject({ method: 'GET', url: '/api/ledger/auxBalance', headers, query: { filter: JSON.stringify({ ...filter, auxTypeId: 3 }) } });
  console.log(`auxBalance by customer, whole year: median ${(await median(15, balance)).toFixed(1)} ms`);
  await app.close();
  await handle.close();
}

void main().then(() => process.exit(0), (err) => {
  console.error(err);
  process.exit(1);
});
