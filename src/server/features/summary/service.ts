/**
 * Commonly used summaries of a company (/common/commonlySummary; contract/summary.ts). Every write
 * runs in one transaction holding the company's row, so two clerks saving the same text at once
 * get one row and one SUMMARY_DUPLICATE (the unique indexes are the backstop).
 */
import { and, asc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { assertVersion, companyScope, withTx } from '../../db/tx';
import { commonSummaries, companies } from '../../db/schema';
import { likeKeyword } from '../../db/queries/list';
import { DomainError } from '../../../domain/result-codes';
import type { Paging } from '../../../contract/common';
import type { CommonSummaryDto, commonSummaryFilter } from '../../../contract/summary';
import { sameCode } from '../../db/codes';

type Row = typeof commonSummaries.$inferSelect;
const dto = (r: Row): CommonSummaryDto => ({ id: r.id, companyId: r.companyId, code: r.code, summary: r.summary, version: r.version });

/** A summary by id (for the route's company guard); undefined when there is none. */
export async function findSummary(db: Db, id: number, lock = false): Promise<Row | undefined> {
  const q = db.select().from(commonSummaries).where(eq(commonSummaries.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The company's summaries by code (those without one last), then text; the keyword matches either. */
export async function listSummaries(db: Db, companyId: number, p: Paging<z.output<typeof commonSummaryFilter>>) {
  const scope = companyScope(db, companyId);
  const kw = likeKeyword(p.filter.keyword);
  const where = scope.where(commonSummaries, kw ? or(ilike(commonSummaries.summary, kw), ilike(commonSummaries.code, kw)) : undefined);
  const rows = await db.select().from(commonSummaries).where(where)
    .orderBy(sql`${commonSummaries.code} is null`, asc(commonSummaries.code), asc(commonSummaries.summary), asc(commonSummaries.id)).limit(p.limit).offset(p.offset);
  const [{ n }] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(commonSummaries).where(where);
  return { content: rows.map(dto), total: Number(n) };
}

async function checkUnique(tx: Db, companyId: number, v: { summary?: string; code?: string | null }, except?: number) {
  const others = (cond: ReturnType<typeof eq>) => tx.select({ id: commonSummaries.id }).from(commonSummaries)
    .where(and(eq(commonSummaries.companyId, companyId), cond, except ? ne(commonSummaries.id, except) : undefined)).limit(1);
  if (v.summary !== undefined && (await others(eq(commonSummaries.summary, v.summary))).length) throw new DomainError('SUMMARY_DUPLICATE', { summary: v.summary });
  if (v.code && (await others(sameCode(commonSummaries.code, v.code))).length) throw new DomainError('SUMMARY_CODE_DUPLICATE', { code: v.code });
}

const lockCompany = (tx: Db, companyId: number) => tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).limit(1).for('update');

export async function createSummary(db: Db, companyId: number, b: { code?: string | null; summary: string }): Promise<CommonSummaryDto> {
  return withTx(db, async (tx) => {
    await lockCompany(tx, companyId);
    await checkUnique(tx, companyId, b);
    const [row] = await tx.insert(commonSummaries).values({ companyId, code: b.code ?? null, summary: b.summary }).returning();
    return dto(row);
  });
}

/** Changes only what differs; nothing to change answers the summary as it is. */
export async function updateSummary(db: Db, id: number, patch: { code?: string | null; summary?: string; version?: number }): Promise<CommonSummaryDto> {
  return withTx(db, async (tx) => {
    const s = await findSummary(tx, id, true);
    if (!s) throw new DomainError('NO_PERMISSION');
    assertVersion(s.version, patch.version);
    const set: Partial<Pick<Row, 'code' | 'summary'>> = {};
    if (patch.summary !== undefined && patch.summary !== s.summary) set.summary = patch.summary;
    if (patch.code !== undefined && patch.code !== s.code) set.code = patch.code;
    if (!Object.keys(set).length) return dto(s);
    await lockCompany(tx, s.companyId);
    await checkUnique(tx, s.companyId, set, s.id);
    const [row] = await tx.update(commonSummaries).set({ ...set, version: sql`${commonSummaries.version} + 1` }).where(eq(commonSummaries.id, s.id)).returning();
    return dto(row);
  });
}

/** Nothing refers to a summary (voucher lines keep their own text), so any one may go. */
export async function deleteSummary(db: Db, id: number): Promise<void> {
  await db.delete(commonSummaries).where(eq(commonSummaries.id, id));
}
