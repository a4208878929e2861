/** Database access for reimbursements and expense kinds: no rules here (see service.ts). */
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, like, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { CompanyScope } from '../../db/tx';
import { accountYears, companies, employees, expenseInvoices, expenseKinds, expenses, users } from '../../db/schema';
import { countAll, likeKeyword, orderBy } from '../../db/queries/list';
import type { Paging } from '../../../contract/common';
import type { expenseFilter, expenseKindFilter } from '../../../contract/expense';
import { normalizeInvoiceNo } from '../../../domain/reimbursement';
import { sameCode } from '../../db/codes';

export type ExpenseFilter = z.output<typeof expenseFilter>;
export type ExpenseKindFilter = z.output<typeof expenseKindFilter>;
export type ExpenseRow = typeof expenses.$inferSelect;
export type ExpenseKindRow = typeof expenseKinds.$inferSelect;
export type InvoiceRow = typeof expenseInvoices.$inferSelect;

export async function lockCompany(db: Db, companyId: number): Promise<void> {
  await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1).for('update');
}

/** The first and last day of the company's account years (every ledger set's), or null when it has none. */
export async function accountYearSpan(db: Db, companyId: number): Promise<{ from: string; to: string } | null> {
  const [r] = await db.select({
    from: sql<string | null>`to_char(min(${accountYears.startAt}), 'YYYY-MM-DD')`,
    to: sql<string | null>`to_char(max(${accountYears.endAt}), 'YYYY-MM-DD')`,
  }).from(accountYears).where(eq(accountYears.companyId, companyId));
  return r?.from && r.to ? { from: r.from, to: r.to } : null;
}

// ---- expense kinds -------------------------------------------------------------------------------

export async function selectKinds(scope: CompanyScope, p: Paging<ExpenseKindFilter>) {
  const f = p.filter;
  const conds: SQL[] = [];
  if (f.id) conds.push(inArray(expenseKinds.id, f.id));
  if (f.disabled !== undefined) conds.push(eq(expenseKinds.disabled, f.disabled));
  const kw = likeKeyword(f.keyword);
  if (kw) conds.push(ilike(expenseKinds.name, kw));
  const where = scope.where(expenseKinds, ...conds);
  const rows = await scope.db.select({ k: expenseKinds, count: countAll }).from(expenseKinds).where(where)
    .orderBy(...orderBy(p.sort, { name: expenseKinds.name, id: expenseKinds.id }, [asc(expenseKinds.id)])).limit(p.limit).offset(p.offset);
  const total = rows[0] ? Number(rows[0].count) : Number((await scope.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(expenseKinds).where(where))[0].n);
  return { rows: rows.map((r) => r.k), total };
}

export async function findKind(db: Db, id: number, lock = false): Promise<ExpenseKindRow | undefined> {
  const q = db.select().from(expenseKinds).where(eq(expenseKinds.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}
export async function findKindByName(db: Db, companyId: number, name: string, except?: number) {
  const [row] = await db.select({ id: expenseKinds.id }).from(expenseKinds)
    .where(and(eq(expenseKinds.companyId, companyId), eq(expenseKinds.name, name), except ? ne(expenseKinds.id, except) : undefined)).limit(1);
  return row;
}
export async function kindsByIds(db: Db, companyId: number, ids: number[]): Promise<ExpenseKindRow[]> {
  if (!ids.length) return [];
  return db.select().from(expenseKinds).where(and(eq(expenseKinds.companyId, companyId), inArray(expenseKinds.id, ids)));
}
export async function insertKind(db: Db, v: typeof expenseKinds.$inferInsert): Promise<ExpenseKindRow> {
  const [row] = await db.insert(expenseKinds).values(v).returning();
  return row;
}
export async function patchKind(db: Db, id: number, set: Partial<typeof expenseKinds.$inferInsert>): Promise<ExpenseKindRow> {
  const [row] = await db.update(expenseKinds).set({ ...set, version: sql`${expenseKinds.version} + 1` }).where(eq(expenseKinds.id, id)).returning();
  return row;
}

// ---- documents -----------------------------------------------------------------------------------

const marker = alias(users, 'marker');
const locker = alias(users, 'locker');
const lineSum = sql<number>`coalesce((select cast(sum(${expenseInvoices.amount}) as bigint) from ${expenseInvoices} where ${expenseInvoices.expenseId} = ${expenses.id}), 0)`.mapWith(Number);
const lineCount = sql<number>`(select cast(count(*) as integer) from ${expenseInvoices} where ${expenseInvoices.expenseId} = ${expenses.id})`.mapWith(Number);

function filterConds(f: ExpenseFilter): SQL[] {
  const conds: SQL[] = [];
  if (f.id) conds.push(inArray(expenses.id, f.id));
  if (f.markFrom) conds.push(sql`${expenses.markAt} >= ${f.markFrom}`);
  if (f.markTo) conds.push(sql`${expenses.markAt} <= ${f.markTo}`);
  if (f.submitterId) conds.push(eq(expenses.submitterId, f.submitterId));
  if (f.state === 'AUDITED') conds.push(isNotNull(expenses.lockAt));
  if (f.state === 'UNAUDITED') conds.push(isNull(expenses.lockAt));
  const code = (f.code ?? '').replace(/\D/g, '');
  if (code) conds.push(like(expenses.code, `%${code}%`));
  if (f.expenseKindId) conds.push(sql`exists (select 1 from ${expenseInvoices} where ${expenseInvoices.expenseId} = ${expenses.id} and ${expenseInvoices.expenseKindId} = ${f.expenseKindId})`);
  const no = likeKeyword(f.invoiceNo === undefined ? undefined : normalizeInvoiceNo(f.invoiceNo));
  if (no) conds.push(sql`exists (select 1 from ${expenseInvoices} where ${expenseInvoices.expenseId} = ${expenses.id} and ${expenseInvoices.noKey} like ${no})`);
  return conds;
}

export async function selectExpenses(scope: CompanyScope, p: Paging<ExpenseFilter>) {
  const where = scope.where(expenses, ...filterConds(p.filter));
  const rows = await scope.db
    .select({ e: expenses, submitterName: employees.name, submitterCode: employees.code, markerName: marker.name, lockerName: locker.name, amount: lineSum, invoiceCount: lineCount, count: countAll })
    .from(expenses)
    .leftJoin(employees, and(eq(employees.companyId, expenses.companyId), eq(employees.id, expenses.submitterId)))
    .leftJoin(marker, eq(marker.id, expenses.markerId))
    .leftJoin(locker, eq(locker.id, expenses.lockerId))
    .where(where)
    .orderBy(...orderBy(p.sort, { code: expenses.code, markAt: expenses.markAt, submitAt: expenses.submitAt, payAt: expenses.payAt, payAmount: expenses.payAmount, lockAt: expenses.lockAt, id: expenses.id }, [desc(expenses.code), desc(expenses.id)]))
    .limit(p.limit)
    .offset(p.offset);
  const total = rows[0] ? Number(rows[0].count) : Number((await scope.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(expenses).where(where))[0].n);
  return { rows, total };
}
export type ExpenseListRow = Awaited<ReturnType<typeof selectExpenses>>['rows'][number];

export async function invoicesOf(db: Db, expenseIds: number[]) {
  if (!expenseIds.length) return [];
  return db.select({ i: expenseInvoices, kindName: expenseKinds.name }).from(expenseInvoices)
    .innerJoin(expenseKinds, and(eq(expenseKinds.companyId, expenseInvoices.companyId), eq(expenseKinds.id, expenseInvoices.expenseKindId)))
    .where(inArray(expenseInvoices.expenseId, expenseIds))
    .orderBy(asc(expenseInvoices.expenseId), asc(expenseInvoices.lineNo));
}

export async function findExpense(db: Db, id: number, lock = false): Promise<ExpenseRow | undefined> {
  const q = db.select().from(expenses).where(eq(expenses.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function expensesForUpdate(db: Db, companyId: number, ids: number[]): Promise<ExpenseRow[]> {
  return db.select().from(expenses).where(and(eq(expenses.companyId, companyId), inArray(expenses.id, ids))).orderBy(asc(expenses.id)).for('update');
}

/** The highest code of a month (prefix "202611"). */
export async function lastCodeOf(db: Db, companyId: number, prefix: string): Promise<string | undefined> {
  const [row] = await db.select({ code: expenses.code }).from(expenses).where(and(eq(expenses.companyId, companyId), like(expenses.code, `${prefix}%`))).orderBy(desc(expenses.code)).limit(1);
  return row?.code;
}

export async function insertExpense(db: Db, v: typeof expenses.$inferInsert): Promise<ExpenseRow> {
  const [row] = await db.insert(expenses).values(v).returning();
  return row;
}
export async function patchExpense(db: Db, id: number, set: Partial<typeof expenses.$inferInsert>): Promise<ExpenseRow> {
  const [row] = await db.update(expenses).set({ ...set, version: sql`${expenses.version} + 1` }).where(eq(expenses.id, id)).returning();
  return row;
}
export async function deleteExpense(db: Db, id: number): Promise<void> {
  await db.delete(expenses).where(eq(expenses.id, id));
}
export async function replaceInvoices(db: Db, expenseId: number, rows: Array<typeof expenseInvoices.$inferInsert>): Promise<void> {
  await db.delete(expenseInvoices).where(eq(expenseInvoices.expenseId, expenseId));
  if (rows.length) await db.insert(expenseInvoices).values(rows);
}

/** Lines of the company with one of these number keys, outside the given document. */
export async function takenNos(db: Db, companyId: number, keys: string[], exceptExpenseId?: number) {
  if (!keys.length) return [];
  return db.select({ noKey: expenseInvoices.noKey, no: expenseInvoices.no, expenseId: expenseInvoices.expenseId, code: expenses.code })
    .from(expenseInvoices)
    .innerJoin(expenses, eq(expenses.id, expenseInvoices.expenseId))
    .where(and(eq(expenseInvoices.companyId, companyId), inArray(expenseInvoices.noKey, keys), exceptExpenseId ? ne(expenseInvoices.expenseId, exceptExpenseId) : undefined));
}

export async function employeeOf(db: Db, companyId: number, id: number) {
  const [row] = await db.select({ id: employees.id, disabled: employees.disabled }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, id))).limit(1);
  return row;
}


/** Whether the employee submitted a reimbursement (the employee used-check asks). */
export async function submitsReimbursements(db: Db, companyId: number, employeeId: number): Promise<boolean> {
  const [row] = await db.select({ id: expenses.id }).from(expenses).where(and(eq(expenses.companyId, companyId), eq(expenses.submitterId, employeeId))).limit(1);
  return !!row;
}

export async function employeeByCode(db: Db, companyId: number, code: string) {
  const [row] = await db.select({ id: employees.id, disabled: employees.disabled }).from(employees).where(and(eq(employees.companyId, companyId), sameCode(employees.code, code))).limit(1);
  return row;
}
