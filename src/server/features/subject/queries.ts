/** Database access for subjects and their code rules: no rules here (see service.ts). */
import { and, asc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { CompanyScope } from '../../db/tx';
import { accountYears, specificSubjects, subjectCodeRules, subjects } from '../../db/schema';
import { countAll, likeKeyword, orderBy } from '../../db/queries/list';
import type { Paging } from '../../../contract/common';
import type { subjectFilter } from '../../../contract/subject';
import type { SubjectInsert, SubjectRow } from './dto';

/** The list filter, plus the auxiliary-type query's types (any of them). */
export type SubjectFilter = z.output<typeof subjectFilter> & { auxTypeId?: number[] };

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function selectSubjects(scope: CompanyScope, p: Paging<SubjectFilter>) {
  const { db } = scope;
  const f = p.filter;
  const conds: SQL[] = [eq(subjects.accountYearId, f.accountYearId)];
  if (f.id) conds.push(inArray(subjects.id, f.id));
  if (f.code) conds.push(f.code.length ? inArray(subjects.code, f.code) : sql`false`);
  if (f.codePrefix) conds.push(like(subjects.code, `${escapeLike(f.codePrefix)}%`));
  if (f.kind) conds.push(eq(subjects.kind, f.kind));
  if (f.level !== undefined) conds.push(eq(subjects.level, f.level));
  if (f.parentId !== undefined) conds.push(eq(subjects.parentId, f.parentId));
  if (f.leaf !== undefined) conds.push(eq(subjects.leaf, f.leaf));
  if (f.disabled !== undefined) conds.push(eq(subjects.disabled, f.disabled));
  if (f.auxTypeId) conds.push(sql`${subjects.auxTypeIds} && ${`{${f.auxTypeId.join(',')}}`}::integer[]`);
  const kw = likeKeyword(f.keyword);
  if (kw) conds.push(or(ilike(subjects.code, kw), ilike(subjects.name, kw), ilike(subjects.nameEn, kw), ilike(subjects.abbr, kw))!);
  const where = scope.where(subjects, ...conds);
  const rows = await db
    .select({ s: subjects, total: countAll })
    .from(subjects)
    .where(where)
    .orderBy(...orderBy(p.sort, { code: subjects.code, name: subjects.name, level: subjects.level, id: subjects.id }, [asc(subjects.code)]))
    .limit(p.limit)
    .offset(p.offset);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [r] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(subjects).where(where);
    total = r.n;
  }
  return { rows: rows.map((r) => r.s), total };
}

export async function findSubject(db: Db, id: number, lock = false): Promise<SubjectRow | undefined> {
  const q = db.select().from(subjects).where(eq(subjects.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findSubjectByCode(db: Db, accountYearId: number, code: string, lock = false): Promise<SubjectRow | undefined> {
  const q = db.select().from(subjects).where(and(eq(subjects.accountYearId, accountYearId), eq(subjects.code, code))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The subjects of a year among the ids, locked; missing or foreign ids are simply absent. */
export async function lockSubjects(db: Db, accountYearId: number, ids: number[]): Promise<SubjectRow[]> {
  if (!ids.length) return [];
  return db.select().from(subjects).where(and(eq(subjects.accountYearId, accountYearId), inArray(subjects.id, ids))).orderBy(asc(subjects.id)).for('update');
}

export async function allSubjectsOfYear(db: Db, accountYearId: number): Promise<SubjectRow[]> {
  return db.select().from(subjects).where(eq(subjects.accountYearId, accountYearId)).orderBy(asc(subjects.code));
}

/** Ids among these that have at least one child. */
export async function idsWithChildren(db: Db, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectDistinct({ id: subjects.parentId }).from(subjects).where(inArray(subjects.parentId, ids));
  return rows.map((r) => r.id!).filter((id) => id !== null);
}

export async function countChildren(db: Db, parentId: number): Promise<number> {
  const [r] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(subjects).where(eq(subjects.parentId, parentId));
  return Number(r.n);
}

export async function insertSubjects(db: Db, rows: SubjectInsert[]): Promise<SubjectRow[]> {
  if (!rows.length) return [];
  return db.insert(subjects).values(rows).returning();
}

export async function patchSubject(db: Db, id: number, set: Partial<Pick<SubjectRow, 'name' | 'nameEn' | 'abbr' | 'direction' | 'disabled' | 'beCash' | 'auxTypeIds' | 'leaf'>>): Promise<SubjectRow> {
  const [row] = await db.update(subjects).set({ ...set, version: sql`${subjects.version} + 1` }).where(eq(subjects.id, id)).returning();
  return row;
}

/** A level-1 subject's direction flows to its whole subtree. */
export async function setSubtreeDirection(db: Db, accountYearId: number, codePrefix: string, direction: boolean): Promise<void> {
  await db.update(subjects).set({ direction, version: sql`${subjects.version} + 1` })
    .where(and(eq(subjects.accountYearId, accountYearId), like(subjects.code, `${escapeLike(codePrefix)}_%`), sql`${subjects.direction} <> ${direction}`));
}

export async function deleteSubjects(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(subjects).where(inArray(subjects.id, ids));
}

export async function maxLevel(db: Db, accountYearId: number): Promise<number> {
  const [r] = await db.select({ n: sql<number>`cast(coalesce(max(${subjects.level}), 0) as integer)` }).from(subjects).where(eq(subjects.accountYearId, accountYearId));
  return Number(r.n);
}

/** The code rule's level lengths, level 1 first. */
export async function selectCodeRule(db: Db, accountYearId: number): Promise<number[]> {
  const rows = await db.select().from(subjectCodeRules).where(eq(subjectCodeRules.accountYearId, accountYearId)).orderBy(asc(subjectCodeRules.level));
  return rows.map((r) => r.length);
}

export async function replaceCodeRule(db: Db, companyId: number, accountYearId: number, lengths: readonly number[]): Promise<void> {
  await db.delete(subjectCodeRules).where(eq(subjectCodeRules.accountYearId, accountYearId));
  await db.insert(subjectCodeRules).values(lengths.map((length, i) => ({ companyId, accountYearId, level: i + 1, length })));
}

/** Locks the account year: subject and rule writes of one year run one after the other. */
export async function lockAccountYear(db: Db, accountYearId: number) {
  const [row] = await db.select().from(accountYears).where(eq(accountYears.id, accountYearId)).limit(1).for('update');
  return row;
}

/** The account year of the same ledger set just before this one, if any. */
export async function previousYear(db: Db, year: { accountId: number; startAt: string }) {
  const [row] = await db.select().from(accountYears)
    .where(and(eq(accountYears.accountId, year.accountId), sql`${accountYears.startAt} < ${year.startAt}`))
    .orderBy(sql`${accountYears.startAt} desc`).limit(1);
  return row;
}

/** The specific subjects of a year (one kind or all) with their subjects, by kind then code. */
export async function selectSpecificSubjects(db: Db, accountYearId: number, kind?: string) {
  const conds: SQL[] = [eq(specificSubjects.accountYearId, accountYearId)];
  if (kind) conds.push(eq(specificSubjects.kind, kind));
  return db.select({ r: specificSubjects, s: subjects }).from(specificSubjects)
    .innerJoin(subjects, eq(subjects.id, specificSubjects.subjectId))
    .where(and(...conds))
    .orderBy(asc(specificSubjects.kind), asc(subjects.code));
}

export async function replaceSpecificSubjects(db: Db, companyId: number, accountYearId: number, kind: string, subjectIds: readonly number[]): Promise<void> {
  await db.delete(specificSubjects).where(and(eq(specificSubjects.accountYearId, accountYearId), eq(specificSubjects.kind, kind)));
  if (subjectIds.length) await db.insert(specificSubjects).values(subjectIds.map((subjectId) => ({ companyId, accountYearId, kind, subjectId })));
}

export async function insertSpecificSubjects(db: Db, rows: (typeof specificSubjects.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(specificSubjects).values(rows).onConflictDoNothing();
}

/** The subject of the year with the code and every subject under it. */
export async function subtreeIds(db: Db, accountYearId: number, code: string): Promise<number[]> {
  return (await db.select({ id: subjects.id }).from(subjects)
    .where(and(eq(subjects.accountYearId, accountYearId), or(eq(subjects.code, code), like(subjects.code, `${escapeLike(code)}_%`))))).map((r) => r.id);
}
