/**
 * 辅助核算余额表 (GET /ledger/auxBalance): per value of an auxiliary type, and per leaf subject under
 * it, the opening balance before the range, the range's movements, the year to date and the closing
 * balance; each value's row sums its subjects; totals sum the values. Read from aux_balances (one
 * row per period × subject × value with movements) and the year's auxiliary openings. Departments
 * and budget items form trees: a parent's rows sum its subtree (domain/tree-rollup.ts), with a
 * level and leaf-only choice as the subject balance has. Every value asked, the part of each
 * subject's figures that no value holds comes last as the unassigned rows (unassigned.ts), so the
 * totals reconcile to the subject balance table.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/tx';
import { subjects } from '../../db/schema';
import type { AuxBalanceDto, AuxBalanceFilter, AuxBalanceRowDto } from '../../../contract/ledger-aux';
import { balanceColumns, inCodeRange, sideOf } from '../ledger/subject-balance';
import { auxTree, auxValues, periodRange, type AuxValue, type PeriodRange } from './scope';
import { rollUp, subtreeOf, treeLayout } from '../../../domain/tree-rollup';
import type { Tx } from '../../db/tx';
import type { Language } from '../../../domain/enums';
import { subjectOwnFigures, UNASSIGNED_AUX_ID, unassignedName, type SubjectOwnFigures } from './unassigned';

export interface AuxFigures {
  /** Opening balance, debit positive. */
  opening: number;
  debit: number;
  credit: number;
  ytdDebit: number;
  ytdCredit: number;
}

export const zeroFigures = (): AuxFigures => ({ opening: 0, debit: 0, credit: 0, ytdDebit: 0, ytdCredit: 0 });
export const isZero = (x: AuxFigures) => x.opening === 0 && x.debit === 0 && x.credit === 0 && x.ytdDebit === 0 && x.ytdCredit === 0;
export function addFigures(t: AuxFigures, a: AuxFigures): void {
  t.opening += a.opening;
  t.debit += a.debit;
  t.credit += a.credit;
  t.ytdDebit += a.ytdDebit;
  t.ytdCredit += a.ytdCredit;
}

export interface RangeSubject { id: number; code: string; name: string; nameEn: string | null; auxTypeIds: number[]; leaf: boolean; parentId: number | null; direction: boolean }

/** The year's subjects in the code range, by code. */
export async function rangeSubjects(tx: Tx, companyId: number, accountYearId: number, from?: string, to?: string): Promise<RangeSubject[]> {
  const rows = await tx.select({ id: subjects.id, code: subjects.code, name: subjects.name, nameEn: subjects.nameEn, auxTypeIds: subjects.auxTypeIds, leaf: subjects.leaf, parentId: subjects.parentId, direction: subjects.direction })
    .from(subjects).where(and(eq(subjects.accountYearId, accountYearId), eq(subjects.companyId, companyId))).orderBy(asc(subjects.code));
  return rows.filter((s) => inCodeRange(s.code, from, to));
}

/**
 * The figures of one type per value and subject under it (value id → subject id → figures):
 * openings, movements before, in and through the range. One statement reads aux_balances of the
 * year through the end period, grouped by value and subject, and the year's auxiliary openings of
 * the type beside them; the answer is built in one pass, proportional to the pairs that exist.
 */
export async function auxFiguresByValue(tx: Tx, companyId: number, f: { accountYearId: number; auxTypeId: number; includeUnbooked: boolean }, range: PeriodRange, auxIds?: ReadonlySet<number>): Promise<Map<number, Map<number, AuxFigures>>> {
  const c = balanceColumns(f.includeUnbooked);
  const named = auxIds ? sql`and b.aux_id = any(${sql.param([...auxIds])}::integer[])` : sql``;
  const namedOpening = auxIds ? sql`and x.aux_id = any(${sql.param([...auxIds])}::integer[])` : sql``;
  const col = sql.raw(({ 1: 'department_id', 2: 'employee_id', 3: 'customer_id', 4: 'vendor_id', 5: 'project_id', 6: 'budget_id' } as Record<number, string>)[f.auxTypeId] ?? 'department_id');
  const rows = rowsOf<{ aux_id: number; subject_id: number; opening: string; debit: string; credit: string; ytd_debit: string; ytd_credit: string }>(await tx.execute(sql`
    select b.aux_id, b.subject_id,
      coalesce(sum(b.${c.debit} - b.${c.credit}) filter (where not p.inr), 0) as opening,
      coalesce(sum(b.${c.debit}) filter (where p.inr), 0) as debit, coalesce(sum(b.${c.credit}) filter (where p.inr), 0) as credit,
      sum(b.${c.debit}) as ytd_debit, sum(b.${c.credit}) as ytd_credit
    from aux_balances b
      join (select id, id = any(${sql.param(range.inRange)}::integer[]) as inr from unnest(${sql.param(range.throughEnd)}::integer[]) id) p on p.id = b.period_id
    where b.account_year_id = ${f.accountYearId} and b.company_id = ${companyId} and b.aux_type_id = ${f.auxTypeId} ${named}
    group by b.aux_id, b.subject_id
    union all
    select x.aux_id, x.subject_id, sum(x.balance_cents), 0, 0, sum(x.ytd_debit_cents), sum(x.ytd_credit_cents)
    from (select o.${col} as aux_id, o.subject_id, o.balance_cents, o.ytd_debit_cents, o.ytd_credit_cents from opening_aux_balances o
      where o.account_year_id = ${f.accountYearId} and o.${col} is not null) x
    where true ${namedOpening}
    group by x.aux_id, x.subject_id`));
  const out = new Map<number, Map<number, AuxFigures>>();
  for (const r of rows) {
    let m = out.get(r.aux_id);
    if (!m) out.set(r.aux_id, (m = new Map()));
    const fig = { opening: Number(r.opening), debit: Number(r.debit), credit: Number(r.credit), ytdDebit: Number(r.ytd_debit), ytdCredit: Number(r.ytd_credit) };
    const had = m.get(r.subject_id);
    if (had) addFigures(had, fig);
    else m.set(r.subject_id, fig);
  }
  return out;
}

/** The same figures keyed `auxId:subjectId` (the budget execution summary's shape). */
export async function auxFigures(tx: Tx, companyId: number, f: { accountYearId: number; auxTypeId: number; includeUnbooked: boolean }, range: PeriodRange, auxIds?: ReadonlySet<number>): Promise<Map<string, AuxFigures>> {
  const out = new Map<string, AuxFigures>();
  for (const [auxId, m] of await auxFiguresByValue(tx, companyId, f, range, auxIds)) for (const [subjectId, fig] of m) out.set(`${auxId}:${subjectId}`, fig);
  return out;
}

/**
 * One answer row, built as a single object literal: a customer balance answers tens of thousands of
 * them, and spreading partial objects into each cost more than the figures (allocation and GC).
 */
function balanceRow(kind: 'VALUE' | 'SUBJECT', v: { auxId: number; auxCode: string; auxName: string; auxLevel: number; auxLeaf: boolean }, s: RangeSubject | null, x: AuxFigures): AuxBalanceRowDto {
  const closing = x.opening + x.debit - x.credit;
  const o = sideOf(x.opening);
  const c = sideOf(closing);
  return {
    kind, auxId: v.auxId, auxCode: v.auxCode, auxName: v.auxName, auxLevel: v.auxLevel, auxLeaf: v.auxLeaf,
    subjectId: s ? s.id : null, subjectCode: s ? s.code : null, subjectName: s ? s.name : null, subjectNameEn: s ? s.nameEn : null,
    openingSide: o.side, openingCents: String(o.cents), openingDebit: String(Math.max(x.opening, 0)), openingCredit: String(Math.max(-x.opening, 0)),
    debit: String(x.debit), credit: String(x.credit), ytdDebit: String(x.ytdDebit), ytdCredit: String(x.ytdCredit),
    closingSide: c.side, closingCents: String(c.cents), closingDebit: String(Math.max(closing, 0)), closingCredit: String(Math.max(-closing, 0)),
  };
}

/** Adds a value's subject figures into another's (a parent's roll-up). */
function addSubjects(t: Map<number, AuxFigures>, a: ReadonlyMap<number, AuxFigures>): void {
  for (const [subjectId, fig] of a) {
    let x = t.get(subjectId);
    if (!x) t.set(subjectId, (x = zeroFigures()));
    addFigures(x, fig);
  }
}

/** The auxiliary types whose values form a tree (auxTree answers null for the others). */
const TREE_TYPES = new Set([1, 6]);

/**
 * Per subject, the part of its figures over the range that no value of the type holds: the
 * subject's own figures less `held` (what the values hold, summed per subject). Subjects that take
 * the type or hold some of its values only; zero parts are left out unless `keepZero` has them.
 */
export function unassignedFigures(chart: readonly RangeSubject[], auxTypeId: number, own: ReadonlyMap<number, SubjectOwnFigures>, held: ReadonlyMap<number, AuxFigures>, range: PeriodRange, keepZero: boolean): Map<number, AuxFigures> {
  const before = new Set(range.before);
  const inRange = new Set(range.inRange);
  const out = new Map<number, AuxFigures>();
  for (const s of chart) {
    const carrying = s.leaf && s.auxTypeIds.includes(auxTypeId);
    if (!carrying && !held.has(s.id)) continue;
    const o = own.get(s.id);
    const x: AuxFigures = { opening: o?.opening ?? 0, debit: 0, credit: 0, ytdDebit: o?.openingYtdDebit ?? 0, ytdCredit: o?.openingYtdCredit ?? 0 };
    for (const [periodId, m] of o?.byPeriod ?? []) {
      if (before.has(periodId)) x.opening += m.debit - m.credit;
      else if (!inRange.has(periodId)) continue;
      else {
        x.debit += m.debit;
        x.credit += m.credit;
      }
      x.ytdDebit += m.debit;
      x.ytdCredit += m.credit;
    }
    const h = held.get(s.id);
    if (h) {
      x.opening -= h.opening;
      x.debit -= h.debit;
      x.credit -= h.credit;
      x.ytdDebit -= h.ytdDebit;
      x.ytdCredit -= h.ytdCredit;
    }
    if (!isZero(x) || (keepZero && carrying)) out.set(s.id, x);
  }
  return out;
}

export async function auxBalance(db: Db, companyId: number, f: AuxBalanceFilter, lang: Language = 'zh_CN'): Promise<AuxBalanceDto> {
  // Reads only, each a statement of its own (no transaction: under read committed every statement
  // sees its own snapshot either way), so the values, the chart and the tree are read on other
  // connections of the pool while the figures are summed (PGlite runs them one after the other).
  const range = await periodRange(db, companyId, f.accountYearId, f.startPeriodId, f.endPeriodId);
  const named = f.auxIds && f.auxIds.length > 0 ? f.auxIds : undefined;
  const [values, chart, tree, figures, subjectsOwn] = await Promise.all([
    auxValues(db, { companyId, accountId: f.accountId, accountYearId: f.accountYearId, auxTypeId: f.auxTypeId, ids: named }),
    rangeSubjects(db, companyId, f.accountYearId, f.subjectCodeFrom, f.subjectCodeTo),
    auxTree(db, { companyId, accountYearId: f.accountYearId, auxTypeId: f.auxTypeId }),
    // A tree type reads every value's figures: a parent named sums its whole subtree.
    auxFiguresByValue(db, companyId, f, range, named && !TREE_TYPES.has(f.auxTypeId) ? new Set(named) : undefined),
    // Every value asked: the subjects' own figures, for their parts outside every value.
    named ? undefined : subjectOwnFigures(db, companyId, f, range.throughEnd),
  ]);

  // Zero rows: the pairs of a value with the leaf subjects that carry the type.
  const carrying = new Set(chart.filter((s) => s.leaf && s.auxTypeIds.includes(f.auxTypeId)).map((s) => s.id));
  // The figures by value, each value's subjects those of the chart in range: the walk is
  // proportional to the pairs that exist, not to values × subjects (thousands of customers × the chart).
  const chartIndex = new Map(chart.map((s, i) => [s.id, i]));
  const own = new Map<number, Map<number, AuxFigures>>();
  for (const [auxId, m] of figures) {
    let inRange = m;
    for (const subjectId of m.keys()) {
      if (chartIndex.has(subjectId)) continue;
      // A subject outside the code range: keep only those inside (a copy, rarely needed).
      inRange = new Map([...m].filter(([id]) => chartIndex.has(id)));
      break;
    }
    if (inRange.size) own.set(auxId, inRange);
  }

  // What is shown (values with their tree level), the figures each shows, and whose own pairs make the totals.
  let shown: Array<{ v: AuxValue; level: number; leaf: boolean }>;
  let byValue: Map<number, Map<number, AuxFigures>>;
  let counted: Iterable<number>;
  let levels = 1;
  if (tree) {
    const layout = treeLayout(tree);
    for (const l of layout.level.values()) levels = Math.max(levels, l);
    byValue = rollUp(layout, own, () => new Map<number, AuxFigures>(), addSubjects);
    shown = layout.order.filter((id) => values.has(id))
      .map((id) => ({ v: values.get(id)!, level: layout.level.get(id)!, leaf: layout.leaf.get(id)! }))
      .filter((x) => (f.level === undefined || x.level <= f.level) && (!f.leafOnly || x.leaf));
    counted = subtreeOf(layout, named ? new Set(named) : undefined);
  } else {
    byValue = own;
    shown = [...values.values()].map((v) => ({ v, level: 1, leaf: true }));
    counted = [...values.keys()];
  }

  // Every value asked: what the values hold per subject, and the rest of each subject's figures
  // (未指定), shown after the values, so the table reconciles to the subjects' balances.
  let unassigned = new Map<number, AuxFigures>();
  if (subjectsOwn) {
    const held = new Map<number, AuxFigures>();
    for (const id of counted) addSubjects(held, own.get(id) ?? new Map());
    unassigned = unassignedFigures(chart, f.auxTypeId, subjectsOwn, held, range, f.showZero);
  }

  // Totals: each value × subject pair once (a parent's rows are inside them), split by its own side
  // (a value's debtors and creditors are not netted), whatever level is shown; the unassigned parts too.
  const totals = { openingDebit: 0, openingCredit: 0, debit: 0, credit: 0, ytdDebit: 0, ytdCredit: 0, closingDebit: 0, closingCredit: 0 };
  for (const pairs of [...[...counted].map((id) => own.get(id)), unassigned]) {
    for (const fig of pairs?.values() ?? []) {
      const closing = fig.opening + fig.debit - fig.credit;
      totals.openingDebit += Math.max(fig.opening, 0);
      totals.openingCredit += Math.max(-fig.opening, 0);
      totals.debit += fig.debit;
      totals.credit += fig.credit;
      totals.ytdDebit += fig.ytdDebit;
      totals.ytdCredit += fig.ytdCredit;
      totals.closingDebit += Math.max(closing, 0);
      totals.closingCredit += Math.max(-closing, 0);
    }
  }

  const rows: AuxBalanceRowDto[] = [];
  for (const { v, level, leaf } of shown) {
    const mine = byValue.get(v.id);
    if (!mine && !f.showZero) continue;
    const subjectsOf = f.showZero
      ? chart.filter((s) => mine?.has(s.id) || carrying.has(s.id))
      : [...mine!.keys()].sort((a, b) => chartIndex.get(a)! - chartIndex.get(b)!).map((id) => chart[chartIndex.get(id)!]!);
    const value = { auxId: v.id, auxCode: v.code, auxName: v.name, auxLevel: level, auxLeaf: leaf };
    const valueSum = zeroFigures();
    const subjectRows: AuxBalanceRowDto[] = [];
    for (const s of subjectsOf) {
      const fig = mine?.get(s.id) ?? zeroFigures();
      addFigures(valueSum, fig);
      if (!f.showZero && isZero(fig)) continue;
      subjectRows.push(balanceRow('SUBJECT', value, s, fig));
    }
    if (subjectRows.length === 0) continue;
    rows.push(balanceRow('VALUE', value, null, valueSum));
    rows.push(...subjectRows);
  }
  if (unassigned.size) {
    const value = { auxId: UNASSIGNED_AUX_ID, auxCode: '', auxName: unassignedName(lang), auxLevel: 1, auxLeaf: true };
    const valueSum = zeroFigures();
    const subjectRows: AuxBalanceRowDto[] = [];
    for (const s of chart) {
      const fig = unassigned.get(s.id);
      if (!fig) continue;
      addFigures(valueSum, fig);
      subjectRows.push(balanceRow('SUBJECT', value, s, fig));
    }
    rows.push(balanceRow('VALUE', value, null, valueSum), ...subjectRows);
  }
  return { rows, totals: Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, String(v)])) as AuxBalanceDto['totals'], levels };
}
