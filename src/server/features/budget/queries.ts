/** Database access for budgets and vendors: no rules here (see service.ts). */
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { CompanyScope } from '../../db/tx';
import { accounts, accountYears, budgets, employees, vendors } from '../../db/schema';
import { codeNameKeyword, countAll, orderBy } from '../../db/queries/list';
import { withNameInitials } from '../../db/name-initials';
import type { Paging } from '../../../contract/common';
import type { budgetFilter, vendorFilter } from '../../../contract/budget';
import { sameCode } from '../../db/codes';

export type BudgetFilter = z.output<typeof budgetFilter>;
export type VendorFilter = z.output<typeof vendorFilter>;
export type BudgetRow = typeof budgets.$inferSelect;
export type VendorRow = typeof vendors.$inferSelect;
export type Ref = { id: number; code: string; name: string };

/** A leaf's own amount, a parent's the sum of the leaves below it (same year, code prefix). */
const totalOf = sql<number>`(case when ${budgets.leaf} then ${budgets.amount} else coalesce((select sum(lv.amount) from budgets lv where lv.account_year_id = ${budgets.accountYearId} and lv.leaf and lv.code like ${budgets.code} || '%'), 0) end)`;

export async function selectBudgets(scope: CompanyScope, p: Paging<BudgetFilter>) {
  const f = p.filter;
  const conds: SQL[] = [eq(budgets.accountYearId, f.accountYearId)];
  if (f.id) conds.push(inArray(budgets.id, f.id));
  if (f.kind) conds.push(eq(budgets.kind, f.kind));
  if (f.parentId !== undefined) conds.push(eq(budgets.parentId, f.parentId));
  if (f.leaf !== undefined) conds.push(eq(budgets.leaf, f.leaf));
  if (f.disabled !== undefined) conds.push(eq(budgets.disabled, f.disabled));
  const kw = codeNameKeyword(f.keyword, budgets, [budgets.abbr]);
  if (kw) conds.push(kw);
  const where = scope.where(budgets, ...conds);
  const rows = await scope.db
    .select({ b: budgets, total: sql<string>`cast(${totalOf} as bigint)`, principal: { id: employees.id, code: employees.code, name: employees.name }, count: countAll })
    .from(budgets)
    .leftJoin(employees, and(eq(employees.companyId, budgets.companyId), eq(employees.id, budgets.principalId)))
    .where(where)
    .orderBy(...orderBy(p.sort, { code: budgets.code, name: budgets.name, kind: budgets.kind, level: budgets.level, id: budgets.id }, [asc(budgets.kind), asc(budgets.code)]))
    .limit(p.limit)
    .offset(p.offset);
  let total = rows[0]?.count;
  if (total === undefined) {
    const [r] = await scope.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(budgets).where(where);
    total = r.n;
  }
  return { rows: rows.map((r) => ({ b: r.b, total: Number(r.total), principal: r.principal?.id ? (r.principal as Ref) : null })), total: Number(total) };
}

export async function allBudgetsOfYear(db: Db, accountYearId: number): Promise<BudgetRow[]> {
  return db.select().from(budgets).where(eq(budgets.accountYearId, accountYearId)).orderBy(asc(budgets.code));
}

export async function findBudget(db: Db, id: number, lock = false): Promise<BudgetRow | undefined> {
  const q = db.select().from(budgets).where(eq(budgets.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findBudgetByCode(db: Db, accountYearId: number, code: string, lock = false): Promise<BudgetRow | undefined> {
  const q = db.select().from(budgets).where(and(eq(budgets.accountYearId, accountYearId), eq(budgets.code, code))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function hasChildBudget(db: Db, id: number): Promise<boolean> {
  const [r] = await db.select({ id: budgets.id }).from(budgets).where(eq(budgets.parentId, id)).limit(1);
  return Boolean(r);
}

export async function insertBudget(db: Db, v: typeof budgets.$inferInsert): Promise<BudgetRow> {
  const [row] = await db.insert(budgets).values(withNameInitials(v)).returning();
  return row;
}

export async function patchBudget(db: Db, id: number, set: Partial<typeof budgets.$inferInsert>): Promise<BudgetRow> {
  const [row] = await db.update(budgets).set({ ...withNameInitials(set), version: sql`${budgets.version} + 1` }).where(eq(budgets.id, id)).returning();
  return row;
}

/** A level-1 kind flows to its subtree. */
export async function setSubtreeKind(db: Db, accountYearId: number, code: string, kind: string): Promise<void> {
  await db.update(budgets).set({ kind, version: sql`${budgets.version} + 1` })
    .where(and(eq(budgets.accountYearId, accountYearId), sql`${budgets.code} like ${code} || '_%'`, sql`${budgets.kind} <> ${kind}`));
}

export async function deleteBudget(db: Db, id: number): Promise<void> {
  await db.delete(budgets).where(eq(budgets.id, id));
}

/** Locks the account year: budget writes of one year run one after the other. */
export async function lockAccountYear(db: Db, accountYearId: number): Promise<void> {
  await db.select({ id: accountYears.id }).from(accountYears).where(eq(accountYears.id, accountYearId)).limit(1).for('update');
}

/** Locks the ledger set: vendor code checks of one set run one after the other. */
export async function lockAccount(db: Db, accountId: number): Promise<void> {
  await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).limit(1).for('update');
}

export async function refOfEmployee(scope: CompanyScope, id: number): Promise<Ref | null> {
  const [r] = await scope.db.select({ id: employees.id, code: employees.code, name: employees.name }).from(employees).where(scope.where(employees, eq(employees.id, id))).limit(1);
  return r ?? null;
}

// ---- vendors -----------------------------------------------------------------------------------

export async function selectVendors(scope: CompanyScope, p: Paging<VendorFilter>) {
  const f = p.filter;
  const conds: SQL[] = [eq(vendors.accountId, f.accountId)];
  if (f.id) conds.push(inArray(vendors.id, f.id));
  if (f.ownerId) conds.push(eq(vendors.ownerId, f.ownerId));
  if (f.disabled !== undefined) conds.push(eq(vendors.disabled, f.disabled));
  const kw = codeNameKeyword(f.keyword, vendors);
  if (kw) conds.push(kw);
  const where = scope.where(vendors, ...conds);
  const rows = await scope.db
    .select({ v: vendors, owner: { id: employees.id, code: employees.code, name: employees.name }, count: countAll })
    .from(vendors)
    .leftJoin(employees, and(eq(employees.companyId, vendors.companyId), eq(employees.id, vendors.ownerId)))
    .where(where)
    .orderBy(...orderBy(p.sort, { code: vendors.code, name: vendors.name, id: vendors.id, createdAt: vendors.createdAt }, [asc(vendors.code), asc(vendors.id)]))
    .limit(p.limit)
    .offset(p.offset);
  let total = rows[0]?.count;
  if (total === undefined) {
    const [r] = await scope.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(vendors).where(where);
    total = r.n;
  }
  return { rows: rows.map((r) => ({ v: r.v, owner: r.owner?.id ? (r.owner as Ref) : null })), total: Number(total) };
}

export async function findVendor(db: Db, id: number, lock = false): Promise<VendorRow | undefined> {
  const q = db.select().from(vendors).where(eq(vendors.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The ledger set's vendor of this code in any case (but `exceptId`, the vendor being renamed). */
export async function findVendorByCode(db: Db, accountId: number, code: string, exceptId?: number): Promise<VendorRow | undefined> {
  const [row] = await db.select().from(vendors).where(and(eq(vendors.accountId, accountId), sameCode(vendors.code, code), exceptId === undefined ? undefined : ne(vendors.id, exceptId))).limit(1);
  return row;
}

export async function insertVendor(db: Db, v: typeof vendors.$inferInsert): Promise<VendorRow> {
  const [row] = await db.insert(vendors).values(withNameInitials(v)).returning();
  return row;
}

export async function patchVendor(db: Db, id: number, set: Partial<typeof vendors.$inferInsert>): Promise<VendorRow> {
  const [row] = await db.update(vendors).set({ ...withNameInitials(set), version: sql`${vendors.version} + 1` }).where(eq(vendors.id, id)).returning();
  return row;
}

export async function deleteVendor(db: Db, id: number): Promise<void> {
  await db.delete(vendors).where(eq(vendors.id, id));
}
