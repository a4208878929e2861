/** Database access for companies. Deleting is soft (deleted = true): ledgers keep pointing at them. */
import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { cashJournalLines, companies, expenses, invoices, periods, userCompanies, vouchers } from '../../db/schema';
import { countAll, likeKeyword, orderBy } from '../../db/queries/list';
import type { Paging } from '../../../contract/common';
import type { companyFilter } from '../../../contract/company';
import type { CompanyRow } from './dto';

export type CompanyFilter = z.output<typeof companyFilter>;

export async function listCompanies(db: Db, p: Paging<CompanyFilter>, visibleIds: number[] | null) {
  const f = p.filter;
  const conds: SQL[] = [];
  if (visibleIds) conds.push(visibleIds.length ? inArray(companies.id, visibleIds) : sql`false`);
  conds.push(eq(companies.deleted, f.deleted === true));
  const kw = likeKeyword(f.keyword);
  if (kw) conds.push(or(ilike(companies.name, kw), ilike(companies.shortCut, kw))!);
  if (f.id) conds.push(inArray(companies.id, f.id));
  if (f.userId !== undefined) conds.push(sql`exists (select 1 from ${userCompanies} uc where uc.company_id = ${companies.id} and uc.user_id = ${f.userId})`);
  const rows = await db
    .select({ c: companies, total: countAll })
    .from(companies)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(...orderBy(p.sort, { id: companies.id, name: companies.name, shortCut: companies.shortCut, createdAt: companies.createdAt }, [sql`${companies.id}`]))
    .limit(p.limit)
    .offset(p.offset);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [r] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(companies).where(conds.length ? and(...conds) : undefined);
    total = r.n;
  }
  return { rows: rows.map((r) => r.c), total };
}

export async function findCompany(db: Db, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

export async function insertCompany(db: Db, values: Omit<typeof companies.$inferInsert, 'id'>): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  return row;
}

export async function linkUser(db: Db, companyId: number, userId: number): Promise<void> {
  await db.insert(userCompanies).values({ userId, companyId }).onConflictDoNothing();
}

export async function updateCompany(db: Db, id: number, patch: Partial<typeof companies.$inferInsert>): Promise<CompanyRow> {
  const [row] = await db.update(companies).set({ ...patch, updatedAt: sql`now()` }).where(eq(companies.id, id)).returning();
  return row;
}

export async function softDeleteCompany(db: Db, id: number): Promise<void> {
  await db.update(companies).set({ deleted: true, updatedAt: sql`now()` }).where(eq(companies.id, id));
}

/** Locks a live company's row for the rest of the transaction (undefined: missing or deleted). */
export async function lockLiveCompany(db: Db, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(and(eq(companies.id, id), eq(companies.deleted, false))).for('update');
  return row;
}

/**
 * Whether the company holds books: vouchers, a settled period, invoices, reimbursements or cash
 * journal lines — records nobody may lose with one click (a deleted company cannot be restored).
 */
export async function companyHoldsBooks(db: Db, id: number): Promise<boolean> {
  const any = async (table: typeof vouchers | typeof invoices | typeof expenses | typeof cashJournalLines) =>
    (await db.select({ one: sql<number>`1` }).from(table).where(eq(table.companyId, id)).limit(1)).length > 0;
  const settled = async () => (await db.select({ id: periods.id }).from(periods).where(and(eq(periods.companyId, id), eq(periods.rolled, true))).limit(1)).length > 0;
  return (await any(vouchers)) || (await settled()) || (await any(invoices)) || (await any(expenses)) || (await any(cashJournalLines));
}
