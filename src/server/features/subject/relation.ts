/**
 * Subject relations (科目对照, decision 024): reads, saves (create or replace, all or none), "map by
 * code" and deletes, each in one transaction; and the lookup the synchronised copy of vouchers uses.
 * The rules are those of src/domain/subject-relation.ts, which the mapping screen runs too.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { withTx, type Tx } from '../../db/tx';
import { accountYears, accounts, subjectRelations, subjects } from '../../db/schema';
import { DomainError, type ResultCode } from '../../../domain/result-codes';
import { auxTypes, type Language } from '../../../domain/enums';
import { droppedAuxTypes, proposeByCode, subjectRelationProblem, type MappableSubject, type SubjectRelationProblem } from '../../../domain/subject-relation';
import type { SubjectRelationDto } from '../../../contract/subject-relation';
import { localTypeName } from '../../../domain/names';

type RelationRow = typeof subjectRelations.$inferSelect;
type SubjectRow = typeof subjects.$inferSelect;

const fail = (code: ResultCode, params: Record<string, string | number> = {}, appendix?: unknown): never => {
  throw new DomainError(code, params, appendix);
};

/** "客户、部门" / "Customer, Department". */
export function auxTypeNames(ids: readonly number[], lang: Language): string {
  const names = ids.map((id) => auxTypes.find((a) => a.id === id)).filter((a) => a !== undefined).map((a) => localTypeName(lang, a));
  return names.join(lang === 'en_US' ? ', ' : '、');
}

export const subjectLabel = (s: { code: string; name: string }) => `${s.code} ${s.name}`;

/** The refusal of a rule, with the subjects and types named in the caller's language. */
export function relationFailure(p: SubjectRelationProblem, source: SubjectRow, target: SubjectRow, lang: Language): never {
  if (p.code === 'SUBJECT_RELATION_SUBJECT_UNUSABLE') return fail(p.code, { subject: subjectLabel(p.subject) });
  return fail(p.code, { source: subjectLabel(source), target: subjectLabel(target), types: auxTypeNames(p.auxTypeIds, lang) }, { sourceSubjectId: source.id, targetSubjectId: target.id, auxTypeIds: p.auxTypeIds });
}

/** The two years of a relation set: of one company, of two different ledger sets. */
async function yearPair(tx: Tx, sourceYearId: number, targetYearId: number) {
  const rows = await tx.select({ id: accountYears.id, year: accountYears.year, companyId: accountYears.companyId, accountId: accountYears.accountId }).from(accountYears).where(inArray(accountYears.id, [sourceYearId, targetYearId]));
  const source = rows.find((r) => r.id === sourceYearId);
  const target = rows.find((r) => r.id === targetYearId);
  if (!source || !target) return fail('NO_PERMISSION');
  if (source.companyId !== target.companyId || source.accountId === target.accountId) fail('SUBJECT_RELATION_SAME_LEDGER');
  return { source, target };
}

const src = alias(subjects, 'src');
const tgt = alias(subjects, 'tgt');

async function selectRelations(tx: Tx, where: ReturnType<typeof and>): Promise<SubjectRelationDto[]> {
  const rows = await tx.select({ r: subjectRelations, s: src, t: tgt, accountId: accountYears.accountId })
    .from(subjectRelations)
    .innerJoin(src, eq(src.id, subjectRelations.sourceSubjectId))
    .innerJoin(tgt, eq(tgt.id, subjectRelations.targetSubjectId))
    .innerJoin(accountYears, eq(accountYears.id, subjectRelations.targetAccountYearId))
    .where(where)
    .orderBy(asc(src.code), asc(subjectRelations.targetAccountYearId));
  const end = (s: SubjectRow) => ({ id: s.id, code: s.code, name: s.name, nameEn: s.nameEn, auxTypeIds: s.auxTypeIds });
  return rows.map(({ r, s, t, accountId }) => ({
    id: r.id, sourceAccountYearId: r.sourceAccountYearId, targetAccountYearId: r.targetAccountYearId, targetAccountId: accountId,
    source: end(s), target: end(t), dropAuxTypeIds: r.dropAuxTypeIds, version: r.version,
  }));
}

export async function listRelations(db: Db, companyId: number, sourceYearId: number, targetYearId?: number): Promise<SubjectRelationDto[]> {
  return selectRelations(db, and(
    eq(subjectRelations.companyId, companyId),
    eq(subjectRelations.sourceAccountYearId, sourceYearId),
    targetYearId === undefined ? undefined : eq(subjectRelations.targetAccountYearId, targetYearId),
  ));
}

async function subjectsOfYear(tx: Tx, yearId: number, ids?: number[]): Promise<Map<number, SubjectRow>> {
  const rows = await tx.select().from(subjects).where(and(eq(subjects.accountYearId, yearId), ids ? inArray(subjects.id, ids) : undefined));
  return new Map(rows.map((s) => [s.id, s]));
}

const mappable = (s: SubjectRow): MappableSubject => ({ id: s.id, code: s.code, name: s.name, leaf: s.leaf, disabled: s.disabled, auxTypeIds: s.auxTypeIds });
const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Creates or replaces the relations of the given source subjects to the target year, all or none.
 * Each must pass the rules; the stored dropped types are exactly those the target does not take.
 * A relation that does not change is not written.
 */
export async function saveRelations(db: Db, companyId: number, lang: Language, body: { sourceAccountYearId: number; targetAccountYearId: number; items: Array<{ sourceSubjectId: number; targetSubjectId: number; dropAuxTypeIds: number[] }> }): Promise<SubjectRelationDto[]> {
  return withTx(db, async (tx) => {
    const { source, target } = await yearPair(tx, body.sourceAccountYearId, body.targetAccountYearId);
    if (source.companyId !== companyId) fail('NO_PERMISSION');
    if (new Set(body.items.map((i) => i.sourceSubjectId)).size !== body.items.length) fail('INVALID_INPUT', { detail: 'sourceSubjectId' });
    const sources = await subjectsOfYear(tx, source.id, body.items.map((i) => i.sourceSubjectId));
    const targets = await subjectsOfYear(tx, target.id, body.items.map((i) => i.targetSubjectId));
    const existing = new Map((await tx.select().from(subjectRelations)
      .where(and(eq(subjectRelations.targetAccountYearId, target.id), inArray(subjectRelations.sourceSubjectId, body.items.map((i) => i.sourceSubjectId)))).for('update'))
      .map((r) => [r.sourceSubjectId, r]));
    const ids: number[] = [];
    for (const item of body.items) {
      const s = sources.get(item.sourceSubjectId);
      const t = targets.get(item.targetSubjectId);
      if (!s || !t) return fail('NO_PERMISSION');
      const problem = subjectRelationProblem(mappable(s), mappable(t), item.dropAuxTypeIds);
      if (problem) relationFailure(problem, s, t, lang);
      const drop = droppedAuxTypes(s, t);
      const old = existing.get(s.id);
      if (old && old.targetSubjectId === t.id && sameIds(old.dropAuxTypeIds, drop)) {
        ids.push(old.id);
        continue;
      }
      const [row] = await tx.insert(subjectRelations)
        .values({ companyId, sourceAccountYearId: source.id, sourceSubjectId: s.id, targetAccountYearId: target.id, targetSubjectId: t.id, dropAuxTypeIds: drop })
        .onConflictDoUpdate({ target: [subjectRelations.sourceSubjectId, subjectRelations.targetAccountYearId], set: { targetSubjectId: t.id, dropAuxTypeIds: drop, updatedAt: sql`now()`, version: sql`${subjectRelations.version} + 1` } })
        .returning({ id: subjectRelations.id });
      ids.push(row.id);
    }
    return selectRelations(tx, inArray(subjectRelations.id, ids));
  });
}

/** "Map by code" (spec: a default suggestion): relations for every unmapped enabled source leaf whose code the target year has. */
export async function mapByCode(db: Db, companyId: number, sourceYearId: number, targetYearId: number) {
  return withTx(db, async (tx) => {
    const { source, target } = await yearPair(tx, sourceYearId, targetYearId);
    if (source.companyId !== companyId) fail('NO_PERMISSION');
    // Saves of this pair run one after the other (two clicks cannot both insert).
    await tx.select({ id: accountYears.id }).from(accountYears).where(eq(accountYears.id, source.id)).for('update');
    const sources = [...(await subjectsOfYear(tx, source.id)).values()].sort((a, b) => a.code.localeCompare(b.code));
    const targets = [...(await subjectsOfYear(tx, target.id)).values()];
    const mapped = new Set((await tx.select({ id: subjectRelations.sourceSubjectId }).from(subjectRelations)
      .where(and(eq(subjectRelations.sourceAccountYearId, source.id), eq(subjectRelations.targetAccountYearId, target.id)))).map((r) => r.id));
    const { proposals, skipped } = proposeByCode(sources.map(mappable), targets.map(mappable), mapped);
    const rows: RelationRow[] = [];
    for (let i = 0; i < proposals.length; i += 500) {
      rows.push(...await tx.insert(subjectRelations).values(proposals.slice(i, i + 500).map((p) => ({
        companyId, sourceAccountYearId: source.id, sourceSubjectId: p.source.id, targetAccountYearId: target.id, targetSubjectId: p.target.id, dropAuxTypeIds: p.dropAuxTypeIds,
      }))).onConflictDoNothing().returning());
    }
    return {
      mapped: rows.length ? await selectRelations(tx, inArray(subjectRelations.id, rows.map((r) => r.id))) : [],
      skipped: skipped.map((x) => ({ sourceSubjectId: x.source.id, code: x.source.code, name: x.source.name, reason: x.reason })),
    };
  });
}

/** Deletes relations of the source year by id, all or none (a foreign or missing id refuses the call). */
export async function deleteRelations(db: Db, sourceYearId: number, ids: number[]): Promise<void> {
  await withTx(db, async (tx) => {
    const unique = [...new Set(ids)];
    const rows = await tx.delete(subjectRelations).where(and(eq(subjectRelations.sourceAccountYearId, sourceYearId), inArray(subjectRelations.id, unique))).returning({ id: subjectRelations.id });
    if (rows.length !== unique.length) fail('NO_PERMISSION');
  });
}

/** The relations of these source subjects to one target year, with both subjects (for the synchronised copy). */
export async function relationsTo(tx: Tx, sourceSubjectIds: number[], targetYearId: number): Promise<Map<number, { relation: RelationRow; source: SubjectRow; target: SubjectRow }>> {
  if (!sourceSubjectIds.length) return new Map();
  const rows = await tx.select({ r: subjectRelations, s: src, t: tgt }).from(subjectRelations)
    .innerJoin(src, eq(src.id, subjectRelations.sourceSubjectId))
    .innerJoin(tgt, eq(tgt.id, subjectRelations.targetSubjectId))
    .where(and(inArray(subjectRelations.sourceSubjectId, sourceSubjectIds), eq(subjectRelations.targetAccountYearId, targetYearId)));
  return new Map(rows.map(({ r, s, t }) => [r.sourceSubjectId, { relation: r, source: s, target: t }]));
}

/** The name of a ledger set and the year number of one of its account years (for messages). */
export async function accountYearLabel(tx: Tx, yearId: number): Promise<{ account: string; year: number } | undefined> {
  const [row] = await tx.select({ account: accounts.name, year: accountYears.year }).from(accountYears).innerJoin(accounts, eq(accounts.id, accountYears.accountId)).where(eq(accountYears.id, yearId));
  return row;
}
