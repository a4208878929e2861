/** Companies. Deleting is soft (deleted = true): ledgers keep pointing at them. */
import { and, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { companies, userCompanies } from '../schema';
import { countAll, idList, likeKeyword, orderBy } from './list';
import type { Paging } from '../../../contract/common';

export type CompanyRow = typeof companies.$inferSelect;

export async function listCompanies(db: Db, p: Paging, visibleIds: number[] | null, includeDeleted: boolean) {
  const f = p.filter;
  const conds: SQL[] = [];
  if (visibleIds) conds.push(visibleIds.length ? inArray(companies.id, visibleIds) : sql`false`);
  const deleted = f.deleted === true || f.deleted === 'true' ? true : f.deleted === false || f.deleted === 'false' ? false : includeDeleted ? undefined : false;
  if (deleted !== undefined) conds.push(eq(companies.deleted, deleted));
  const kw = likeKeyword(f.keyword);
  if (kw) conds.push(or(ilike(companies.name, kw), ilike(companies.shortCut, kw))!);
  const ids = idList(f.id);
  if (ids) conds.push(ids.length ? inArray(companies.id, ids) : sql`false`);
  if (f.userId !== undefined) conds.push(sql`exists (select 1 from ${userCompanies} uc where uc.company_id = ${companies.id} and uc.user_id = ${Number(f.userId)})`);
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

export async function createCompany(db: Db, values: Omit<typeof companies.$inferInsert, 'id'>, linkUserId?: number): Promise<CompanyRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(companies).values(values).returning();
    if (linkUserId) await tx.insert(userCompanies).values({ userId: linkUserId, companyId: row.id }).onConflictDoNothing();
    return row;
  });
}

export async function updateCompany(db: Db, id: number, patch: Partial<typeof companies.$inferInsert>): Promise<CompanyRow> {
  const [row] = await db.update(companies).set({ ...patch, updatedAt: sql`now()` }).where(eq(companies.id, id)).returning();
  return row;
}

export async function softDeleteCompany(db: Db, id: number): Promise<void> {
  await db.update(companies).set({ deleted: true, updatedAt: sql`now()` }).where(eq(companies.id, id));
}
