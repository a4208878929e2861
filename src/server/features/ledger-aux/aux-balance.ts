/**
 * 辅助核算余额表 (GET /ledger/auxBalance): per value of an auxiliary type, and per leaf subject under
 * it, the opening balance before the range, the range's movements, the year to date and the closing
 * balance; each value's row sums its subjects; totals sum the values. Read from aux_balances (one
 * row per period × subject × value with movements) and the year's auxiliary openings.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withTx } from '../../db/tx';
import { auxBalances, subjects } from '../../db/schema';
import type { AuxBalanceDto, AuxBalanceFilter, AuxBalanceRowDto } from '../../../contract/ledger-aux';
import { inCodeRange, sideOf } from '../ledger/subject-balance';
import { readAuxOpenings } from './aux-openings';
import { auxValues, periodRange, type PeriodRange } from './scope';
import type { Tx } from '../../db/tx';

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
 * The figures per value × subject (key `auxId:subjectId`) of one type: openings, movements before,
 * in and through the range, by aux_balances.
 */
export async function auxFigures(tx: Tx, companyId: number, f: { accountYearId: number; auxTypeId: number; includeUnbooked: boolean }, range: PeriodRange, auxIds?: ReadonlySet<number>): Promise<Map<string, AuxFigures>> {
  const booked = !f.includeUnbooked;
  const debitCol = booked ? auxBalances.debitBooked : auxBalances.debitAll;
  const creditCol = booked ? auxBalances.creditBooked : auxBalances.creditAll;
  const inRange = sql`${auxBalances.periodId} = any(${sql.param(range.inRange)}::integer[])`;
  const moved = await tx.select({
    auxId: auxBalances.auxId,
    subjectId: auxBalances.subjectId,
    beforeDebit: sql<string>`coalesce(sum(${debitCol}) filter (where not (${inRange})), 0)`,
    beforeCredit: sql<string>`coalesce(sum(${creditCol}) filter (where not (${inRange})), 0)`,
    debit: sql<string>`coalesce(sum(${debitCol}) filter (where ${inRange}), 0)`,
    credit: sql<string>`coalesce(sum(${creditCol}) filter (where ${inRange}), 0)`,
  }).from(auxBalances)
    .where(and(eq(auxBalances.accountYearId, f.accountYearId), eq(auxBalances.companyId, companyId), eq(auxBalances.auxTypeId, f.auxTypeId),
      sql`${auxBalances.periodId} = any(${sql.param(range.throughEnd)}::integer[])`))
    .groupBy(auxBalances.auxId, auxBalances.subjectId);
  const out = new Map<string, AuxFigures>();
  const at = (auxId: number, subjectId: number) => {
    const k = `${auxId}:${subjectId}`;
    let x = out.get(k);
    if (!x) out.set(k, (x = zeroFigures()));
    return x;
  };
  for (const o of (await readAuxOpenings(tx, f.accountYearId)).values()) {
    if (o.auxTypeId !== f.auxTypeId || (auxIds && !auxIds.has(o.auxId))) continue;
    addFigures(at(o.auxId, o.subjectId), { opening: o.balance, debit: 0, credit: 0, ytdDebit: o.ytdDebit, ytdCredit: o.ytdCredit });
  }
  for (const m of moved) {
    if (auxIds && !auxIds.has(m.auxId)) continue;
    const [bd, bc, d, c] = [Number(m.beforeDebit), Number(m.beforeCredit), Number(m.debit), Number(m.credit)];
    addFigures(at(m.auxId, m.subjectId), { opening: bd - bc, debit: d, credit: c, ytdDebit: bd + d, ytdCredit: bc + c });
  }
  return out;
}

function figuresDto(x: AuxFigures) {
  const closing = x.opening + x.debit - x.credit;
  const o = sideOf(x.opening);
  const c = sideOf(closing);
  return {
    openingSide: o.side, openingCents: String(o.cents), openingDebit: String(Math.max(x.opening, 0)), openingCredit: String(Math.max(-x.opening, 0)),
    debit: String(x.debit), credit: String(x.credit), ytdDebit: String(x.ytdDebit), ytdCredit: String(x.ytdCredit),
    closingSide: c.side, closingCents: String(c.cents), closingDebit: String(Math.max(closing, 0)), closingCredit: String(Math.max(-closing, 0)),
  };
}

export async function auxBalance(db: Db, companyId: number, f: AuxBalanceFilter): Promise<AuxBalanceDto> {
  return withTx(db, async (tx) => {
    const range = await periodRange(tx, companyId, f.accountYearId, f.startPeriodId, f.endPeriodId);
    const named = f.auxIds && f.auxIds.length > 0 ? f.auxIds : undefined;
    const values = await auxValues(tx, { companyId, accountId: f.accountId, accountYearId: f.accountYearId, auxTypeId: f.auxTypeId, ids: named });
    const chart = await rangeSubjects(tx, companyId, f.accountYearId, f.subjectCodeFrom, f.subjectCodeTo);
    const figures = await auxFigures(tx, companyId, f, range, named ? new Set(named) : undefined);

    const rows: AuxBalanceRowDto[] = [];
    const totals = { openingDebit: 0, openingCredit: 0, debit: 0, credit: 0, ytdDebit: 0, ytdCredit: 0, closingDebit: 0, closingCredit: 0 };
    // Zero rows: the pairs of a value with the leaf subjects that carry the type.
    const carrying = new Set(chart.filter((s) => s.leaf && s.auxTypeIds.includes(f.auxTypeId)).map((s) => s.id));
    // The figures by value, each value's subjects in chart order: the walk is proportional to the
    // pairs that exist, not to values × subjects (thousands of customers × the chart).
    const chartIndex = new Map(chart.map((s, i) => [s.id, i]));
    const byValue = new Map<number, Map<number, AuxFigures>>();
    for (const [key, fig] of figures) {
      const [auxId, subjectId] = key.split(':').map(Number) as [number, number];
      if (!chartIndex.has(subjectId)) continue;
      let m = byValue.get(auxId);
      if (!m) byValue.set(auxId, (m = new Map()));
      m.set(subjectId, fig);
    }
    for (const v of values.values()) {
      const own = byValue.get(v.id);
      if (!own && !f.showZero) continue;
      const subjectsOf = f.showZero
        ? chart.filter((s) => own?.has(s.id) || carrying.has(s.id))
        : [...own!.keys()].sort((a, b) => chartIndex.get(a)! - chartIndex.get(b)!).map((id) => chart[chartIndex.get(id)!]!);
      const valueSum = zeroFigures();
      const subjectRows: AuxBalanceRowDto[] = [];
      for (const s of subjectsOf) {
        const fig = own?.get(s.id) ?? zeroFigures();
        // Each pair counts once in the totals, split by its own side (a value's debtors and creditors are not netted).
        const closing = fig.opening + fig.debit - fig.credit;
        totals.openingDebit += Math.max(fig.opening, 0);
        totals.openingCredit += Math.max(-fig.opening, 0);
        totals.debit += fig.debit;
        totals.credit += fig.credit;
        totals.ytdDebit += fig.ytdDebit;
        totals.ytdCredit += fig.ytdCredit;
        totals.closingDebit += Math.max(closing, 0);
        totals.closingCredit += Math.max(-closing, 0);
        addFigures(valueSum, fig);
        if (!f.showZero && isZero(fig)) continue;
        subjectRows.push({
          kind: 'SUBJECT', auxId: v.id, auxCode: v.code, auxName: v.name,
          subjectId: s.id, subjectCode: s.code, subjectName: s.name, subjectNameEn: s.nameEn, ...figuresDto(fig),
        });
      }
      if (subjectRows.length === 0) continue;
      rows.push({ kind: 'VALUE', auxId: v.id, auxCode: v.code, auxName: v.name, subjectId: null, subjectCode: null, subjectName: null, subjectNameEn: null, ...figuresDto(valueSum) });
      rows.push(...subjectRows);
    }
    return { rows, totals: Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, String(v)])) as AuxBalanceDto['totals'] };
  });
}
