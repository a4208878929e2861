/**
 * Rules of subjects and their code rule (spec 02 §5). Every write locks the account year first, so
 * the writes of one year's chart run one after the other: two clerks cannot both pass the duplicate
 * check, or add a child to a subject being deleted. "In use" is decided by explicit calls
 * (usedSubjectIds, ledgerUsedSubjectIds): vouchers and balances add their checks there.
 */
import type { Db } from '../../db/client';
import { assertVersion, companyScope, withTx, type Tx } from '../../db/tx';
import { DomainError } from '../../../domain/result-codes';
import {
  codeRuleProblem, codesFitRule, DEFAULT_SUBJECT_CODE_RULE, defaultDirectionOfKind, isValidSubjectCode, kindOfCode, levelOfCode, parentCodeOf,
} from '../../../domain/subject-code';
import { SMALL_ENTERPRISE_CHART } from '../../../domain/standard-chart';
import type { Paging } from '../../../contract/common';
import type { SpecificSubjectDto, SubjectDto } from '../../../contract/subject';
import { BANK_CODE, CASH_CODE, specificSubjectProblem, type SpecificKind } from '../../../domain/specific-subjects';
import { subjectDto, type SubjectInsert, type SubjectRow } from './dto';
import * as q from './queries';
import { subjectsLinkedByCashier } from '../cashier-settings/usage';
import { subjectsWithOpenings } from '../opening/usage';
import { AUX_DIMENSION_OF_TYPE, auxValueOfYear, fillAuxOnLines, subjectLinesInSettledPeriod, subjectsOnVouchers } from '../voucher/usage';

/** Where a new account year's chart comes from. */
export type ChartSource = 'STANDARD' | 'PREVIOUS';

/**
 * Subjects the ledger uses (voucher lines; opening balances add theirs); every "in use" decision
 * below follows.
 */
export async function ledgerUsedSubjectIds(tx: Tx, ids: number[]): Promise<number[]> {
  const [lines, openings] = await Promise.all([subjectsOnVouchers(tx, ids), subjectsWithOpenings(tx, ids)]);
  return [...new Set([...lines, ...openings])];
}

/** Subjects in use: with children, used by the ledger, or linked by a bank account or an income/outcome kind. */
export async function usedSubjectIds(tx: Tx, ids: number[]): Promise<number[]> {
  const [withChildren, ledger, cashier] = await Promise.all([q.idsWithChildren(tx, ids), ledgerUsedSubjectIds(tx, ids), subjectsLinkedByCashier(tx, ids)]);
  return [...new Set([...withChildren, ...ledger, ...cashier])];
}

/**
 * Gives a new account year its code rule and subjects, inside the caller's transaction: copied from
 * the ledger set's previous year (when asked and one exists), else the default rule and the
 * small-enterprise standard chart.
 */
export async function createChartForYear(tx: Tx, year: { id: number; companyId: number; accountId: number; startAt: string }, source: ChartSource = 'STANDARD'): Promise<void> {
  const prev = source === 'PREVIOUS' ? await q.previousYear(tx, year) : undefined;
  if (prev) {
    const rule = await q.selectCodeRule(tx, prev.id);
    await q.replaceCodeRule(tx, year.companyId, year.id, rule.length ? rule : DEFAULT_SUBJECT_CODE_RULE);
    const old = await q.allSubjectsOfYear(tx, prev.id);
    const oldCode = new Map(old.map((s) => [s.id, s.code]));
    const newId = new Map<string, number>();
    const maxLevel = Math.max(0, ...old.map((s) => s.level));
    for (let level = 1; level <= maxLevel; level++) {
      const rows: SubjectInsert[] = old.filter((s) => s.level === level).map(({ id: _id, version: _v, ...s }) => ({
        ...s, accountYearId: year.id, parentId: s.parentId === null ? null : newId.get(oldCode.get(s.parentId)!) ?? null,
      }));
      for (const r of await q.insertSubjects(tx, rows)) newId.set(r.code, r.id);
    }
    // The specific subjects follow their subjects into the new year (by code).
    const roles = await q.selectSpecificSubjects(tx, prev.id);
    await q.insertSpecificSubjects(tx, roles.flatMap(({ r, s }) => {
      const subjectId = newId.get(s.code);
      return subjectId ? [{ companyId: year.companyId, accountYearId: year.id, kind: r.kind, subjectId }] : [];
    }));
    return;
  }
  await q.replaceCodeRule(tx, year.companyId, year.id, DEFAULT_SUBJECT_CODE_RULE);
  const inserted = await q.insertSubjects(tx, SMALL_ENTERPRISE_CHART.map((s) => ({
    companyId: year.companyId, accountYearId: year.id, code: s.code, name: s.name, nameEn: s.nameEn,
    kind: kindOfCode(s.code)!, direction: s.debit, level: 1, leaf: true, beCash: s.code === CASH_CODE || s.code === BANK_CODE,
  })));
  // The standard chart's cash and bank subjects play those roles from the start.
  const defaults: [SpecificKind, string][] = [['CASH', CASH_CODE], ['BANK', BANK_CODE]];
  await q.insertSpecificSubjects(tx, defaults.flatMap(([kind, code]) => {
    const s = inserted.find((r) => r.code === code);
    return s ? [{ companyId: year.companyId, accountYearId: year.id, kind, subjectId: s.id }] : [];
  }));
}

const specificDto = ({ r, s }: { r: { id: number; accountYearId: number; kind: string; subjectId: number }; s: SubjectRow }): SpecificSubjectDto => ({
  id: r.id, accountYearId: r.accountYearId, kind: r.kind as SpecificKind, subjectId: r.subjectId, code: s.code, name: s.name, nameEn: s.nameEn, leaf: s.leaf, disabled: s.disabled,
});

export async function listSpecificSubjects(db: Db, accountYearId: number, kind?: SpecificKind): Promise<SpecificSubjectDto[]> {
  return (await q.selectSpecificSubjects(db, accountYearId, kind)).map(specificDto);
}

/**
 * Replaces the subjects of one role in a year, all or none: every id must be a subject of that year
 * (else NO_PERMISSION, like a foreign id) that may play the role (SPECIFIC_SUBJECT_INVALID with the
 * codes; rules in domain/specific-subjects.ts). Subjects already holding the role keep it even when
 * since disabled, so a clerk can still remove others without first cleaning those up.
 */
export async function saveSpecificSubjects(db: Db, companyId: number, accountYearId: number, kind: SpecificKind, subjectIds: number[]): Promise<SpecificSubjectDto[]> {
  return withTx(db, async (tx) => {
    await lockYear(tx, accountYearId);
    const rows = subjectIds.length ? await q.lockSubjects(tx, accountYearId, subjectIds) : [];
    if (rows.length !== subjectIds.length) throw new DomainError('NO_PERMISSION');
    const current = new Set((await q.selectSpecificSubjects(tx, accountYearId, kind)).map(({ r }) => r.subjectId));
    const refused = rows.filter((s) => {
      const problem = specificSubjectProblem(kind, s);
      return problem !== null && !(problem === 'disabled' && current.has(s.id));
    });
    if (refused.length) throw new DomainError('SPECIFIC_SUBJECT_INVALID', { codes: codesOf(refused) });
    await q.replaceSpecificSubjects(tx, companyId, accountYearId, kind, subjectIds);
    return (await q.selectSpecificSubjects(tx, accountYearId, kind)).map(specificDto);
  });
}

export async function listSubjects(db: Db, companyId: number, p: Paging<q.SubjectFilter>): Promise<{ content: SubjectDto[]; total: number }> {
  const { rows, total } = await q.selectSubjects(companyScope(db, companyId), p);
  return { content: rows.map(subjectDto), total };
}

export async function getSubject(db: Db, id: number): Promise<SubjectDto> {
  const row = await q.findSubject(db, id);
  if (!row) throw new DomainError('NO_PERMISSION');
  return subjectDto(row);
}

export interface SubjectCreate {
  accountYearId: number;
  code: string;
  name: string;
  nameEn?: string | null;
  abbr?: string | null;
  direction?: boolean;
  disabled: boolean;
  beCash: boolean;
  auxTypeIds?: number[];
}

/**
 * Adds a subject. The code must fit the year's rule with a kind digit first (tip2), be new in the
 * year (tip1) and, below level 1, have its parent (tip3), which must not be used by the ledger.
 * Kind comes from the first digit, direction from the parent (level 1: as sent, else by kind);
 * the parent stops being a leaf.
 */
export async function createSubject(db: Db, companyId: number, v: SubjectCreate): Promise<SubjectDto> {
  return withTx(db, async (tx) => {
    await lockYear(tx, v.accountYearId);
    const rule = await q.selectCodeRule(tx, v.accountYearId);
    if (!isValidSubjectCode(rule, v.code)) throw new DomainError('SUBJECT_CODE_INVALID', { code: v.code });
    if (await q.findSubjectByCode(tx, v.accountYearId, v.code)) throw new DomainError('SUBJECT_CODE_DUPLICATE', { code: v.code });
    const level = levelOfCode(rule, v.code)!;
    const kind = kindOfCode(v.code)!;
    const parentCode = parentCodeOf(rule, v.code);
    let parent: SubjectRow | undefined;
    if (parentCode !== null) {
      parent = await q.findSubjectByCode(tx, v.accountYearId, parentCode, true);
      if (!parent) throw new DomainError('SUBJECT_PARENT_MISSING', { parentCode });
      if ((await ledgerUsedSubjectIds(tx, [parent.id])).length) throw new DomainError('SUBJECT_PARENT_IN_USE', { code: parent.code });
    }
    const [row] = await q.insertSubjects(tx, [{
      companyId, accountYearId: v.accountYearId, parentId: parent?.id ?? null, code: v.code, name: v.name, nameEn: v.nameEn ?? null, abbr: v.abbr ?? null,
      kind, direction: parent ? parent.direction : v.direction ?? defaultDirectionOfKind(kind), level, leaf: true,
      disabled: v.disabled, beCash: v.beCash, auxTypeIds: v.auxTypeIds ?? [],
    }]);
    if (parent?.leaf) await q.patchSubject(tx, parent.id, { leaf: false });
    return subjectDto(row);
  });
}

export interface SubjectPatch {
  name?: string;
  nameEn?: string | null;
  abbr?: string | null;
  direction?: boolean;
  disabled?: boolean;
  beCash?: boolean;
  auxTypeIds?: number[];
  auxValues?: Array<{ auxTypeId: number; id: number }>;
  version?: number;
}

/**
 * Changes a subject's names, flags and auxiliary types; code and kind never change. Only a level-1
 * subject's direction can change, and its subtree follows. Nothing to change answers the subject as
 * it is, without a write.
 */
export async function updateSubject(db: Db, id: number, patch: SubjectPatch): Promise<SubjectDto> {
  return withTx(db, async (tx) => {
    const found = await q.findSubject(tx, id);
    if (!found) throw new DomainError('NO_PERMISSION');
    await lockYear(tx, found.accountYearId);
    const s = (await q.findSubject(tx, id, true))!;
    const { version, ...fields } = patch;
    assertVersion(s.version, version);
    const set: Parameters<typeof q.patchSubject>[2] = {};
    if (fields.name !== undefined && fields.name !== s.name) set.name = fields.name;
    if (fields.nameEn !== undefined && fields.nameEn !== s.nameEn) set.nameEn = fields.nameEn;
    if (fields.abbr !== undefined && fields.abbr !== s.abbr) set.abbr = fields.abbr;
    if (fields.disabled !== undefined && fields.disabled !== s.disabled) set.disabled = fields.disabled;
    if (fields.beCash !== undefined && fields.beCash !== s.beCash) set.beCash = fields.beCash;
    if (fields.auxTypeIds !== undefined && fields.auxTypeIds.join(',') !== s.auxTypeIds.join(',')) {
      set.auxTypeIds = fields.auxTypeIds;
      await changeAuxTypesOfUsed(tx, s, fields.auxTypeIds, fields.auxValues ?? []);
    }
    if (fields.direction !== undefined && fields.direction !== s.direction) {
      // A child's direction is its parent's (spec 02 §4: disabled when the subject has a parent).
      if (s.parentId !== null) throw new DomainError('INVALID_INPUT', { field: 'direction', rule: 'childDirection' });
      // Spec 02 §4 fixes a saved subject's direction: once the books use it or a sub-subject (lines,
      // openings, a bank account), turning it round would turn every balance shown for it.
      const subtree = await q.subtreeIds(tx, s.accountYearId, s.code);
      const [ledger, cashier] = await Promise.all([ledgerUsedSubjectIds(tx, subtree), subjectsLinkedByCashier(tx, subtree)]);
      if (ledger.length || cashier.length) throw new DomainError('SUBJECT_DIRECTION_USED', { code: s.code });
      set.direction = fields.direction;
      await q.setSubtreeDirection(tx, s.accountYearId, s.code, fields.direction);
    }
    if (!Object.keys(set).length) return subjectDto(s);
    return subjectDto(await q.patchSubject(tx, s.id, set));
  });
}

/**
 * Tip7 (spec 02 §5): on a subject the books use, auxiliary types can be added — each with a value
 * of the company (vendors of the ledger set, budgets of the year) written onto the existing lines
 * that lack one — but not removed. Lines in a settled period cannot take a value: PERIOD_SETTLED.
 */
async function changeAuxTypesOfUsed(tx: Tx, s: SubjectRow, next: number[], values: Array<{ auxTypeId: number; id: number }>): Promise<void> {
  if (!(await ledgerUsedSubjectIds(tx, [s.id])).length) return;
  if (s.auxTypeIds.some((id) => !next.includes(id))) throw new DomainError('SUBJECT_AUX_IN_USE');
  const added = next.filter((id) => !s.auxTypeIds.includes(id));
  const given = new Map(values.map((v) => [v.auxTypeId, v.id]));
  const missing = added.filter((id) => !given.has(id));
  if (missing.length) throw new DomainError('SUBJECT_AUX_VALUES_REQUIRED', {}, { auxTypeIds: missing });
  for (const typeId of added) {
    const dimension = AUX_DIMENSION_OF_TYPE[typeId]!;
    if (!(await auxValueOfYear(tx, dimension, s.accountYearId, given.get(typeId)!))) throw new DomainError('NO_PERMISSION');
  }
  if (await subjectLinesInSettledPeriod(tx, s.id)) throw new DomainError('PERIOD_SETTLED');
  for (const typeId of added) await fillAuxOnLines(tx, s.id, AUX_DIMENSION_OF_TYPE[typeId]!, given.get(typeId)!);
}

/**
 * Deletes subjects of one year, all or none: every id must be a subject of the year, a leaf
 * (SUBJECT_NOT_LEAF with the codes) and unused (SUBJECT_IN_USE with the codes). A parent left
 * without children becomes a leaf again.
 */
export async function deleteSubjects(db: Db, accountYearId: number, ids: number[]): Promise<void> {
  await withTx(db, async (tx) => {
    await lockYear(tx, accountYearId);
    const unique = [...new Set(ids)];
    const rows = await q.lockSubjects(tx, accountYearId, unique);
    if (rows.length !== unique.length) throw new DomainError('NO_PERMISSION');
    const withChildren = new Set(await q.idsWithChildren(tx, unique));
    const notLeaf = rows.filter((s) => !s.leaf || withChildren.has(s.id));
    if (notLeaf.length) throw new DomainError('SUBJECT_NOT_LEAF', { codes: codesOf(notLeaf) });
    const used = new Set(await usedSubjectIds(tx, unique));
    const usedRows = rows.filter((s) => used.has(s.id));
    if (usedRows.length) throw new DomainError('SUBJECT_IN_USE', { codes: codesOf(usedRows) });
    await q.deleteSubjects(tx, unique);
    const parents = [...new Set(rows.map((s) => s.parentId).filter((p): p is number => p !== null))];
    for (const parentId of parents) if ((await q.countChildren(tx, parentId)) === 0) await q.patchSubject(tx, parentId, { leaf: true });
  });
}

export async function subjectUsed(db: Db, id: number): Promise<boolean> {
  return withTx(db, async (tx) => (await usedSubjectIds(tx, [id])).length > 0);
}

export async function usedLevel(db: Db, accountYearId: number): Promise<number> {
  return q.maxLevel(db, accountYearId);
}

export async function getCodeRule(db: Db, accountYearId: number) {
  const [lengths, used] = await Promise.all([q.selectCodeRule(db, accountYearId), q.maxLevel(db, accountYearId)]);
  return { accountYearId, levels: lengths.map((length, i) => ({ level: i + 1, length })), usedLevel: used };
}

/**
 * Replaces a year's code rule within the limits (15 levels, 40 digits, 1–10 per level). Refused
 * when an existing subject's code would fall on another level (or none) under the new rule.
 */
export async function saveCodeRule(db: Db, accountYearId: number, lengths: number[]) {
  return withTx(db, async (tx) => {
    const year = await lockYear(tx, accountYearId);
    if (codeRuleProblem(lengths)) throw new DomainError('SUBJECT_CODE_RULE_INVALID');
    const misfits = codesFitRule(lengths, await q.allSubjectsOfYear(tx, accountYearId));
    if (misfits.length) throw new DomainError('SUBJECT_CODE_RULE_IN_USE', { codes: listCodes(misfits) });
    await q.replaceCodeRule(tx, year.companyId, accountYearId, lengths);
    return getCodeRule(tx, accountYearId);
  });
}

async function lockYear(tx: Tx, accountYearId: number) {
  const year = await q.lockAccountYear(tx, accountYearId);
  if (!year) throw new DomainError('NO_PERMISSION');
  return year;
}

const listCodes = (codes: string[]) => (codes.length > 10 ? [...codes.slice(0, 10), '…'] : codes).join(', ');
const codesOf = (rows: SubjectRow[]) => listCodes(rows.map((s) => s.code).sort());
