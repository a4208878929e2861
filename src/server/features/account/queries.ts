/** Database access for ledger sets, account years and periods: no rules here (see service.ts). */
import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { CompanyScope } from '../../db/tx';
import { accounts, accountYears, periods } from '../../db/schema';
import { countAll, likeKeyword, orderBy } from '../../db/queries/list';
import type { Paging } from '../../../contract/common';
import type { z } from 'zod';
import type { accountFilter } from '../../../contract/account';
import type { AccountRow, AccountYearRow, PeriodRow } from './dto';

export type AccountFilter = z.output<typeof accountFilter>;

/** The ledger sets of the scope's company (the company condition comes from the scope, never forgotten). */
export async function selectAccounts(scope: CompanyScope, p: Paging<AccountFilter>) {
  const { db } = scope;
  const f = p.filter;
  const conds: SQL[] = [eq(accounts.deleted, f.deleted === true)];
  const kw = likeKeyword(f.keyword);
  if (kw) conds.push(ilike(accounts.name, kw));
  if (f.id) conds.push(inArray(accounts.id, f.id));
  const rows = await db
    .select({ a: accounts, total: countAll })
    .from(accounts)
    .where(scope.where(accounts, ...conds))
    .orderBy(...orderBy(p.sort, { id: accounts.id, name: accounts.name, createdAt: accounts.createdAt }, [sql`${accounts.main} desc`, sql`${accounts.id}`]))
    .limit(p.limit)
    .offset(p.offset);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [r] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(accounts).where(scope.where(accounts, ...conds));
    total = r.n;
  }
  return { rows: rows.map((r) => r.a), total };
}

/** A live ledger set, optionally locked for the rest of the transaction. */
export async function findAccount(db: Db, id: number, lock = false): Promise<AccountRow | undefined> {
  const q = db.select().from(accounts).where(and(eq(accounts.id, id), eq(accounts.deleted, false))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findAccountYear(db: Db, id: number, lock = false): Promise<AccountYearRow | undefined> {
  const q = db.select().from(accountYears).where(eq(accountYears.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findPeriod(db: Db, id: number): Promise<PeriodRow | undefined> {
  const [row] = await db.select().from(periods).where(eq(periods.id, id)).limit(1);
  return row;
}

export async function countMainAccounts(db: Db, companyId: number): Promise<number> {
  const [{ n }] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(accounts).where(and(eq(accounts.companyId, companyId), eq(accounts.deleted, false), eq(accounts.main, true)));
  return Number(n);
}

export async function clearMain(db: Db, companyId: number): Promise<void> {
  await db.update(accounts).set({ main: false }).where(eq(accounts.companyId, companyId));
}

export async function insertAccount(db: Db, v: { companyId: number; name: string; main: boolean; state: string }): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values(v).returning();
  return row;
}

export async function patchAccount(db: Db, id: number, set: Partial<Pick<AccountRow, 'name' | 'state' | 'main' | 'deleted'>>): Promise<AccountRow> {
  const [row] = await db.update(accounts).set({ ...set, version: sql`${accounts.version} + 1` }).where(eq(accounts.id, id)).returning();
  return row;
}

export async function firstLiveAccount(db: Db, companyId: number, mainFirst: boolean): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(and(eq(accounts.companyId, companyId), eq(accounts.deleted, false)))
    .orderBy(...(mainFirst ? [sql`${accounts.main} desc`] : []), asc(accounts.id)).limit(1);
  return row;
}

/** Whether any period of the ledger set (or of one account year) is settled. */
export async function hasSettledPeriod(db: Db, where: { accountId: number } | { accountYearId: number }): Promise<boolean> {
  const q = db.select({ id: periods.id }).from(periods).innerJoin(accountYears, eq(accountYears.id, periods.accountYearId));
  const cond = 'accountId' in where ? eq(accountYears.accountId, where.accountId) : eq(periods.accountYearId, where.accountYearId);
  const [r] = await q.where(and(cond, eq(periods.rolled, true))).limit(1);
  return !!r;
}

export async function laterYearExists(db: Db, year: AccountYearRow): Promise<boolean> {
  const [later] = await db.select({ id: accountYears.id }).from(accountYears).where(and(eq(accountYears.accountId, year.accountId), sql`${accountYears.startAt} > ${year.startAt}`)).limit(1);
  return !!later;
}

export async function deleteYearRows(db: Db, yearId: number): Promise<void> {
  await db.delete(periods).where(eq(periods.accountYearId, yearId));
  await db.delete(accountYears).where(eq(accountYears.id, yearId));
}

export async function overlappingYear(db: Db, accountId: number, span: { startAt: string; endAt: string }) {
  const [clash] = await db
    .select({ id: accountYears.id, year: accountYears.year })
    .from(accountYears)
    .where(and(eq(accountYears.accountId, accountId), sql`${accountYears.startAt} <= ${span.endAt} and ${accountYears.endAt} >= ${span.startAt}`))
    .limit(1);
  return clash;
}

export async function insertYear(db: Db, account: AccountRow, year: number, span: { startAt: string; endAt: string }, ps: Array<{ startAt: string; endAt: string }>): Promise<AccountYearRow> {
  const [y] = await db.insert(accountYears).values({ companyId: account.companyId, accountId: account.id, year, ...span }).returning();
  await db.insert(periods).values(ps.map((p) => ({ companyId: account.companyId, accountYearId: y.id, ...p })));
  return y;
}

export async function selectYears(db: Db, accountIds: number[], year?: number): Promise<AccountYearRow[]> {
  if (!accountIds.length) return [];
  const conds = [inArray(accountYears.accountId, accountIds)];
  if (year !== undefined) conds.push(eq(accountYears.year, year));
  return db.select().from(accountYears).where(and(...conds)).orderBy(asc(accountYears.year));
}

export async function selectPeriods(db: Db, accountYearIds: number[]): Promise<PeriodRow[]> {
  if (!accountYearIds.length) return [];
  return db.select().from(periods).where(inArray(periods.accountYearId, accountYearIds)).orderBy(asc(periods.startAt));
}

export async function setPeriodSpan(db: Db, id: number, span: { startAt: string; endAt: string }): Promise<void> {
  await db.update(periods).set({ ...span, version: sql`${periods.version} + 1` }).where(eq(periods.id, id));
}
