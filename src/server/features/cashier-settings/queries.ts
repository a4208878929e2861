/** Database access for banks, bank accounts and income/outcome kinds: no rules here (see service.ts). */
import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { CompanyScope } from '../../db/tx';
import { companies, accountYears, bankAccounts, banks, cashierKinds, currencies, subjects } from '../../db/schema';
import { countAll, likeKeyword, orderBy } from '../../db/queries/list';
import type { Paging } from '../../../contract/common';
import type { bankAccountFilter, bankFilter, cashierKindFilter } from '../../../contract/cashier-settings';
import { sameCode } from '../../db/codes';

export type BankFilter = z.output<typeof bankFilter>;
export type BankAccountFilter = z.output<typeof bankAccountFilter>;
export type CashierKindFilter = z.output<typeof cashierKindFilter>;
export type BankRow = typeof banks.$inferSelect;
export type BankAccountRow = typeof bankAccounts.$inferSelect;
export type CashierKindRow = typeof cashierKinds.$inferSelect;
export type Ref = { id: number; code: string; name: string };
export type SubjectRef = { id: number; accountYearId: number; code: string; name: string; nameEn: string | null };

async function total(scope: CompanyScope, rows: Array<{ count: number }>, table: Parameters<CompanyScope['where']>[0], where: SQL): Promise<number> {
  if (rows[0]) return Number(rows[0].count);
  const [r] = await scope.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(table).where(where);
  return Number(r.n);
}

// ---- banks ---------------------------------------------------------------------------------------

export async function selectBanks(scope: CompanyScope, p: Paging<BankFilter>) {
  const f = p.filter;
  const conds: SQL[] = [];
  if (f.id) conds.push(inArray(banks.id, f.id));
  if (f.disabled !== undefined) conds.push(eq(banks.disabled, f.disabled));
  const kw = likeKeyword(f.keyword);
  if (kw) conds.push(or(ilike(banks.code, kw), ilike(banks.name, kw))!);
  const where = scope.where(banks, ...conds);
  const rows = await scope.db.select({ b: banks, count: countAll }).from(banks).where(where)
    .orderBy(...orderBy(p.sort, { code: banks.code, name: banks.name, id: banks.id }, [asc(banks.code), asc(banks.id)])).limit(p.limit).offset(p.offset);
  return { rows: rows.map((r) => r.b), total: await total(scope, rows, banks, where) };
}

export async function findBank(db: Db, id: number, lock = false): Promise<BankRow | undefined> {
  const q = db.select().from(banks).where(eq(banks.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}
export async function findBankByCode(db: Db, companyId: number, code: string, except?: number) {
  const [row] = await db.select({ id: banks.id }).from(banks).where(and(eq(banks.companyId, companyId), sameCode(banks.code, code), except ? ne(banks.id, except) : undefined)).limit(1);
  return row;
}
export async function insertBank(db: Db, v: typeof banks.$inferInsert): Promise<BankRow> {
  const [row] = await db.insert(banks).values(v).returning();
  return row;
}
export async function patchBank(db: Db, id: number, set: Partial<typeof banks.$inferInsert>): Promise<BankRow> {
  const [row] = await db.update(banks).set({ ...set, version: sql`${banks.version} + 1` }).where(eq(banks.id, id)).returning();
  return row;
}
export async function deleteBank(db: Db, id: number): Promise<void> {
  await db.delete(banks).where(eq(banks.id, id));
}
export async function bankOnAccounts(db: Db, bankId: number): Promise<boolean> {
  return (await db.select({ id: bankAccounts.id }).from(bankAccounts).where(eq(bankAccounts.bankId, bankId)).limit(1)).length > 0;
}

// ---- shared --------------------------------------------------------------------------------------

/** Locks the company row: code and account number checks of one company run one after the other. */
export async function lockCompany(db: Db, companyId: number): Promise<void> {
  await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1).for('update');
}

export async function yearOf(db: Db, accountYearId: number) {
  const [row] = await db.select({ id: accountYears.id, accountId: accountYears.accountId, companyId: accountYears.companyId }).from(accountYears).where(eq(accountYears.id, accountYearId)).limit(1);
  return row;
}

export async function findSubject(db: Db, accountYearId: number, id: number) {
  const [row] = await db.select({ id: subjects.id, code: subjects.code, leaf: subjects.leaf, disabled: subjects.disabled }).from(subjects)
    .where(and(eq(subjects.accountYearId, accountYearId), eq(subjects.id, id))).limit(1);
  return row;
}

const subjectCols = { id: subjects.id, accountYearId: subjects.accountYearId, code: subjects.code, name: subjects.name, nameEn: subjects.nameEn };
// Left joins may answer null or an object of nulls.
const subjectOf = (s: SubjectRef | null): SubjectRef | null => (s?.id ? s : null);
const refOf = (r: Ref | null): Ref | null => (r?.id ? r : null);

// ---- bank accounts -------------------------------------------------------------------------------

export async function selectBankAccounts(scope: CompanyScope, p: Paging<BankAccountFilter>) {
  const f = p.filter;
  const conds: SQL[] = [eq(bankAccounts.accountId, f.accountId)];
  if (f.id) conds.push(inArray(bankAccounts.id, f.id));
  if (f.kind) conds.push(eq(bankAccounts.kind, f.kind));
  if (f.bankId) conds.push(eq(bankAccounts.bankId, f.bankId));
  if (f.disabled !== undefined) conds.push(eq(bankAccounts.disabled, f.disabled));
  const kw = likeKeyword(f.keyword);
  if (kw) conds.push(or(ilike(bankAccounts.code, kw), ilike(bankAccounts.name, kw), ilike(bankAccounts.accountNo, kw))!);
  const where = scope.where(bankAccounts, ...conds);
  const cur = alias(currencies, 'cur');
  const rows = await scope.db
    .select({ a: bankAccounts, bank: { id: banks.id, code: banks.code, name: banks.name }, currency: { id: cur.id, code: cur.code, name: cur.name }, subject: subjectCols, count: countAll })
    .from(bankAccounts)
    .leftJoin(banks, and(eq(banks.companyId, bankAccounts.companyId), eq(banks.id, bankAccounts.bankId)))
    .leftJoin(cur, and(eq(cur.companyId, bankAccounts.companyId), eq(cur.id, bankAccounts.currencyId)))
    .leftJoin(subjects, eq(subjects.id, bankAccounts.subjectId))
    .where(where)
    .orderBy(...orderBy(p.sort, { code: bankAccounts.code, name: bankAccounts.name, kind: bankAccounts.kind, id: bankAccounts.id }, [asc(bankAccounts.code), asc(bankAccounts.id)]))
    .limit(p.limit).offset(p.offset);
  return {
    rows: rows.map((r) => ({ a: r.a, bank: refOf(r.bank), currency: refOf(r.currency), subject: subjectOf(r.subject) })),
    total: await total(scope, rows, bankAccounts, where),
  };
}

export async function findBankAccount(db: Db, id: number, lock = false): Promise<BankAccountRow | undefined> {
  const q = db.select().from(bankAccounts).where(eq(bankAccounts.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}
export async function bankAccountClash(db: Db, companyId: number, field: 'code' | 'accountNo', value: string, except?: number) {
  const col = field === 'code' ? bankAccounts.code : bankAccounts.accountNo;
  const [row] = await db.select({ id: bankAccounts.id }).from(bankAccounts).where(and(eq(bankAccounts.companyId, companyId), field === 'code' ? sameCode(col, value) : eq(col, value), except ? ne(bankAccounts.id, except) : undefined)).limit(1);
  return row;
}
export async function insertBankAccount(db: Db, v: typeof bankAccounts.$inferInsert): Promise<BankAccountRow> {
  const [row] = await db.insert(bankAccounts).values(v).returning();
  return row;
}
export async function patchBankAccount(db: Db, id: number, set: Partial<typeof bankAccounts.$inferInsert>): Promise<BankAccountRow> {
  const [row] = await db.update(bankAccounts).set({ ...set, version: sql`${bankAccounts.version} + 1` }).where(eq(bankAccounts.id, id)).returning();
  return row;
}
export async function deleteBankAccount(db: Db, id: number): Promise<void> {
  await db.delete(bankAccounts).where(eq(bankAccounts.id, id));
}
export async function ownedBy(db: Db, table: 'banks' | 'currencies', companyId: number, id: number): Promise<boolean> {
  const t = table === 'banks' ? banks : currencies;
  return (await db.select({ id: t.id }).from(t).where(and(eq(t.companyId, companyId), eq(t.id, id))).limit(1)).length > 0;
}

// ---- income / outcome kinds ----------------------------------------------------------------------

export async function selectCashierKinds(scope: CompanyScope, direction: 'INCOME' | 'OUTCOME', p: Paging<CashierKindFilter>) {
  const f = p.filter;
  const conds: SQL[] = [eq(cashierKinds.accountId, f.accountId), eq(cashierKinds.direction, direction)];
  if (f.id) conds.push(inArray(cashierKinds.id, f.id));
  if (f.disabled !== undefined) conds.push(eq(cashierKinds.disabled, f.disabled));
  const kw = likeKeyword(f.keyword);
  if (kw) conds.push(or(ilike(cashierKinds.code, kw), ilike(cashierKinds.name, kw))!);
  const where = scope.where(cashierKinds, ...conds);
  const rows = await scope.db.select({ k: cashierKinds, subject: subjectCols, count: countAll }).from(cashierKinds)
    .leftJoin(subjects, eq(subjects.id, cashierKinds.subjectId)).where(where)
    .orderBy(...orderBy(p.sort, { code: cashierKinds.code, name: cashierKinds.name, id: cashierKinds.id }, [asc(cashierKinds.code), asc(cashierKinds.id)]))
    .limit(p.limit).offset(p.offset);
  return { rows: rows.map((r) => ({ k: r.k, subject: subjectOf(r.subject) })), total: await total(scope, rows, cashierKinds, where) };
}
export async function findCashierKind(db: Db, id: number, lock = false): Promise<CashierKindRow | undefined> {
  const q = db.select().from(cashierKinds).where(eq(cashierKinds.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}
export async function cashierKindByCode(db: Db, accountId: number, direction: string, code: string, except?: number) {
  const [row] = await db.select({ id: cashierKinds.id }).from(cashierKinds)
    .where(and(eq(cashierKinds.accountId, accountId), eq(cashierKinds.direction, direction), sameCode(cashierKinds.code, code), except ? ne(cashierKinds.id, except) : undefined)).limit(1);
  return row;
}
export async function insertCashierKind(db: Db, v: typeof cashierKinds.$inferInsert): Promise<CashierKindRow> {
  const [row] = await db.insert(cashierKinds).values(v).returning();
  return row;
}
export async function patchCashierKind(db: Db, id: number, set: Partial<typeof cashierKinds.$inferInsert>): Promise<CashierKindRow> {
  const [row] = await db.update(cashierKinds).set({ ...set, version: sql`${cashierKinds.version} + 1` }).where(eq(cashierKinds.id, id)).returning();
  return row;
}
export async function deleteCashierKind(db: Db, id: number): Promise<void> {
  await db.delete(cashierKinds).where(eq(cashierKinds.id, id));
}
