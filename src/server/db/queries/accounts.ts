/** Ledger sets (accounts), account years and periods. */
import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { accounts, accountYears, periods } from '../schema';
import { countAll, iso, idList, likeKeyword, orderBy } from './list';
import type { Paging } from '../../../contract/common';
import { DomainError } from '../../../domain/result-codes';
import { accountYearSpan, adjustPeriod, monthlyPeriods, periodName } from '../../../domain/periods';

export type AccountRow = typeof accounts.$inferSelect;
export type AccountYearRow = typeof accountYears.$inferSelect;
export type PeriodRow = typeof periods.$inferSelect;

export const periodDto = (p: PeriodRow) => ({ id: p.id, accountYearId: p.accountYearId, startAt: p.startAt, endAt: p.endAt, rolled: p.rolled, name: periodName(p) });
export const accountYearDto = (y: AccountYearRow, ps?: PeriodRow[]) => ({
  id: y.id, accountId: y.accountId, year: y.year, startAt: y.startAt, endAt: y.endAt,
  ...(ps ? { periods: ps.map(periodDto) } : {}),
});
export const accountDto = (a: AccountRow, years?: ReturnType<typeof accountYearDto>[]) => ({
  id: a.id, companyId: a.companyId, name: a.name, main: (a.main ? 1 : 0) as 0 | 1, state: a.state as 'NORMAL' | 'DRAFT' | 'DELETED', deleted: a.deleted, createdAt: iso(a.createdAt),
  ...(years ? { accountYears: years } : {}),
});

export async function listAccounts(db: Db, p: Paging, companyIds: number[]) {
  const f = p.filter;
  const conds: SQL[] = [companyIds.length ? inArray(accounts.companyId, companyIds) : sql`false`];
  const deleted = f.deleted === true || f.deleted === 'true';
  conds.push(eq(accounts.deleted, deleted));
  const kw = likeKeyword(f.keyword);
  if (kw) conds.push(ilike(accounts.name, kw));
  const ids = idList(f.id);
  if (ids) conds.push(ids.length ? inArray(accounts.id, ids) : sql`false`);
  const rows = await db
    .select({ a: accounts, total: countAll })
    .from(accounts)
    .where(and(...conds))
    .orderBy(...orderBy(p.sort, { id: accounts.id, name: accounts.name, createdAt: accounts.createdAt }, [sql`${accounts.main} desc`, sql`${accounts.id}`]))
    .limit(p.limit)
    .offset(p.offset);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [r] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(accounts).where(and(...conds));
    total = r.n;
  }
  const list = rows.map((r) => r.a);
  let yearsByAccount: Map<number, ReturnType<typeof accountYearDto>[]> | undefined;
  if (p.expand.has('accountYears') || p.expand.has('accountYears.periods')) {
    const withPeriods = p.expand.has('accountYears.periods');
    yearsByAccount = new Map(list.map((a) => [a.id, []]));
    if (list.length) {
      const ys = await db.select().from(accountYears).where(inArray(accountYears.accountId, list.map((a) => a.id))).orderBy(asc(accountYears.year));
      const ps = withPeriods && ys.length ? await db.select().from(periods).where(inArray(periods.accountYearId, ys.map((y) => y.id))).orderBy(asc(periods.startAt)) : [];
      for (const y of ys) yearsByAccount.get(y.accountId)!.push(accountYearDto(y, withPeriods ? ps.filter((x) => x.accountYearId === y.id) : undefined));
    }
  }
  return { content: list.map((a) => accountDto(a, yearsByAccount?.get(a.id))), total };
}

export async function createAccount(db: Db, v: { companyId: number; name: string; main: boolean; state?: string; year?: number }): Promise<AccountRow> {
  return db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: sql<number>`cast(count(*) as integer)` }).from(accounts).where(and(eq(accounts.companyId, v.companyId), eq(accounts.deleted, false), eq(accounts.main, true)));
    const main = v.main || n === 0; // the first ledger set of a company is its main one
    if (main) await tx.update(accounts).set({ main: false }).where(eq(accounts.companyId, v.companyId));
    const [row] = await tx.insert(accounts).values({ companyId: v.companyId, name: v.name, main, state: v.state ?? 'NORMAL' }).returning();
    if (v.year) await insertYear(tx as unknown as Db, row, v.year);
    return row;
  });
}

/** Renames a ledger set or changes its state; a body with nothing to change answers the set as it is. */
export async function updateAccount(db: Db, account: AccountRow, patch: { name?: string; state?: 'NORMAL' | 'DRAFT' }): Promise<AccountRow> {
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
  if (!Object.keys(set).length) return account;
  const [row] = await db.update(accounts).set(set).where(eq(accounts.id, account.id)).returning();
  return row;
}

export async function setMainAccount(db: Db, account: AccountRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(accounts).set({ main: false }).where(eq(accounts.companyId, account.companyId));
    await tx.update(accounts).set({ main: true }).where(eq(accounts.id, account.id));
  });
}

export async function mainAccountOf(db: Db, companyId: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(and(eq(accounts.companyId, companyId), eq(accounts.deleted, false))).orderBy(sql`${accounts.main} desc`, asc(accounts.id)).limit(1);
  return row;
}

/**
 * Checks that decide whether a ledger set is in use. Later modules (vouchers, subjects, balances)
 * register their own; a set with a settled period is always in use.
 */
export type AccountUsageCheck = (db: Db, accountId: number) => Promise<boolean>;
export const accountUsageChecks: AccountUsageCheck[] = [
  async (db, accountId) => {
    const [r] = await db
      .select({ id: periods.id })
      .from(periods)
      .innerJoin(accountYears, eq(accountYears.id, periods.accountYearId))
      .where(and(eq(accountYears.accountId, accountId), eq(periods.rolled, true)))
      .limit(1);
    return !!r;
  },
];

export async function accountInUse(db: Db, accountId: number): Promise<boolean> {
  for (const check of accountUsageChecks) if (await check(db, accountId)) return true;
  return false;
}

export async function deleteAccount(db: Db, account: AccountRow): Promise<void> {
  if (await accountInUse(db, account.id)) throw new DomainError('IN_USE');
  await db.transaction(async (tx) => {
    await tx.update(accounts).set({ deleted: true, main: false, state: 'DELETED' }).where(eq(accounts.id, account.id));
    if (account.main) {
      const [next] = await tx.select().from(accounts).where(and(eq(accounts.companyId, account.companyId), eq(accounts.deleted, false))).orderBy(asc(accounts.id)).limit(1);
      if (next) await tx.update(accounts).set({ main: true }).where(eq(accounts.id, next.id));
    }
  });
}

/**
 * Checks that decide whether an account year is in use (vouchers, balances and subjects register
 * their own as they arrive); a year with a settled period is always in use.
 */
export type AccountYearUsageCheck = (db: Db, accountYearId: number) => Promise<boolean>;
export const accountYearUsageChecks: AccountYearUsageCheck[] = [
  async (db, accountYearId) => {
    const [r] = await db.select({ id: periods.id }).from(periods).where(and(eq(periods.accountYearId, accountYearId), eq(periods.rolled, true))).limit(1);
    return !!r;
  },
];

/**
 * Deletes an account year created by mistake, with its periods. Only the last year of a ledger set
 * can go (the years stay contiguous), and only while nothing uses it.
 */
export async function deleteAccountYear(db: Db, year: AccountYearRow): Promise<void> {
  const [later] = await db.select({ id: accountYears.id }).from(accountYears).where(and(eq(accountYears.accountId, year.accountId), sql`${accountYears.startAt} > ${year.startAt}`)).limit(1);
  if (later) throw new DomainError('YEAR_NOT_LAST');
  for (const check of accountYearUsageChecks) if (await check(db, year.id)) throw new DomainError('IN_USE');
  await db.transaction(async (tx) => {
    await tx.delete(periods).where(eq(periods.accountYearId, year.id));
    await tx.delete(accountYears).where(eq(accountYears.id, year.id));
  });
}

async function insertYear(db: Db, account: AccountRow, year: number, startAt?: string): Promise<AccountYearRow> {
  const span = accountYearSpan(year, startAt);
  const [y] = await db.insert(accountYears).values({ companyId: account.companyId, accountId: account.id, year, ...span }).returning();
  await db.insert(periods).values(monthlyPeriods(year, startAt).map((p) => ({ companyId: account.companyId, accountYearId: y.id, ...p })));
  return y;
}

/** Creates an account year with its 12 monthly periods. Years must not overlap within a ledger set. */
export async function createAccountYear(db: Db, account: AccountRow, year: number, startAt?: string): Promise<AccountYearRow> {
  const span = accountYearSpan(year, startAt);
  const clash = await db
    .select({ id: accountYears.id, year: accountYears.year })
    .from(accountYears)
    .where(and(eq(accountYears.accountId, account.id), sql`${accountYears.startAt} <= ${span.endAt} and ${accountYears.endAt} >= ${span.startAt}`))
    .limit(1);
  if (clash.length) throw new DomainError(clash[0].year === year ? 'YEAR_EXISTS' : 'PERIOD_OVERLAP');
  return db.transaction((tx) => insertYear(tx as unknown as Db, account, year, startAt));
}

export async function listYears(db: Db, accountId: number, year?: number, withPeriods = false) {
  const conds = [eq(accountYears.accountId, accountId)];
  if (year !== undefined) conds.push(eq(accountYears.year, year));
  const ys = await db.select().from(accountYears).where(and(...conds)).orderBy(asc(accountYears.year));
  if (!withPeriods || !ys.length) return ys.map((y) => accountYearDto(y));
  const ps = await db.select().from(periods).where(inArray(periods.accountYearId, ys.map((y) => y.id))).orderBy(asc(periods.startAt));
  return ys.map((y) => accountYearDto(y, ps.filter((p) => p.accountYearId === y.id)));
}

export async function listPeriods(db: Db, accountYearId: number): Promise<PeriodRow[]> {
  return db.select().from(periods).where(eq(periods.accountYearId, accountYearId)).orderBy(asc(periods.startAt));
}

/** Moves a period's boundaries (neighbours follow); a settled period that would change refuses (PERIOD_SETTLED). */
export async function updatePeriodBoundaries(db: Db, period: PeriodRow, next: { startAt: string; endAt: string }): Promise<PeriodRow[]> {
  if (period.rolled) throw new DomainError('PERIOD_SETTLED');
  const [year] = await db.select().from(accountYears).where(eq(accountYears.id, period.accountYearId)).limit(1);
  const all = await listPeriods(db, period.accountYearId);
  const changed = adjustPeriod(all, year, period.id, next);
  await db.transaction(async (tx) => {
    for (const c of changed) await tx.update(periods).set({ startAt: c.startAt, endAt: c.endAt }).where(eq(periods.id, c.id));
  });
  return listPeriods(db, period.accountYearId);
}
