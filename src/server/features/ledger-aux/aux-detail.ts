/**
 * 辅助明细账 (GET /ledger/auxDetail): every voucher line carrying one auxiliary value (a department or
 * budget item: or a value below it; optionally of one subject and the subjects below it), with the opening row, the running balance and each
 * period's total and year-to-date rows, a page at a time (detail.ts). Without a subject, a value standing
 * on several subjects is read in one section per subject (sectionsOf).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf, withTx, type Tx } from '../../db/tx';
import { auxBalances } from '../../db/schema';
import { DomainError } from '../../../domain/result-codes';
import type { AuxDetailDto, AuxDetailFilter, LedgerDetailRowDto } from '../../../contract/ledger-aux';
import { readAuxOpenings } from './aux-openings';
import { auxFiguresByValue, isZero, rangeSubjects, type RangeSubject } from './aux-balance';
import { detailPage, transferSums, unassignedSums } from './detail';
import { subjectOwnFigures, UNASSIGNED_AUX_ID, unassignedName } from './unassigned';
import type { Language } from '../../../domain/enums';
import { auxTree, auxValues, periodRange, type PeriodRange } from './scope';
import { subtreeOf, treeLayout } from '../../../domain/tree-rollup';

/** A subject and every subject below it (by code), of the year; another year's or company's subject is refused. */
export async function subjectSubtree(tx: Tx, companyId: number, accountYearId: number, subjectId: number): Promise<number[]> {
  const chart = await rangeSubjects(tx, companyId, accountYearId);
  const root = chart.find((s) => s.id === subjectId);
  if (!root) throw new DomainError('NO_PERMISSION');
  return chart.filter((s) => s.code.startsWith(root.code)).map((s) => s.id);
}

/** The opening (debit positive) and the year's debit and credit before the range, of some values × subjects. */
export async function openingOf(tx: Tx, companyId: number, o: { accountYearId: number; auxTypeId: number; auxIds: number[]; subjectIds: number[] | null; includeUnbooked: boolean; excludeTransfers?: boolean }, range: PeriodRange) {
  let opening = 0;
  let ytdDebit = 0;
  let ytdCredit = 0;
  const values = new Set(o.auxIds);
  const subjects = o.subjectIds === null ? null : new Set(o.subjectIds);
  for (const x of (await readAuxOpenings(tx, o.accountYearId)).values()) {
    if (x.auxTypeId !== o.auxTypeId || !values.has(x.auxId) || (subjects && !subjects.has(x.subjectId))) continue;
    opening += x.balance;
    ytdDebit += x.ytdDebit;
    ytdCredit += x.ytdCredit;
  }
  if (range.before.length > 0) {
    const booked = !o.includeUnbooked;
    const [m] = await tx.select({
      debit: sql<string>`coalesce(sum(${booked ? auxBalances.debitBooked : auxBalances.debitAll}), 0)::text`,
      credit: sql<string>`coalesce(sum(${booked ? auxBalances.creditBooked : auxBalances.creditAll}), 0)::text`,
    }).from(auxBalances).where(and(
      eq(auxBalances.companyId, companyId), eq(auxBalances.accountYearId, o.accountYearId), eq(auxBalances.auxTypeId, o.auxTypeId),
      sql`${auxBalances.auxId} = any(${sql.param(o.auxIds)}::integer[])`,
      sql`${auxBalances.periodId} = any(${sql.param(range.before)}::integer[])`,
      o.subjectIds === null ? undefined : sql`${auxBalances.subjectId} = any(${sql.param(o.subjectIds)}::integer[])`,
    ));
    opening += Number(m.debit) - Number(m.credit);
    ytdDebit += Number(m.debit);
    ytdCredit += Number(m.credit);
    if (o.excludeTransfers) {
      for (const x of await transferSums(tx, { ...o, companyId, periodIds: range.before })) {
        opening -= x.debit - x.credit;
        ytdDebit -= x.debit;
        ytdCredit -= x.credit;
      }
    }
  }
  return { opening, ytdDebit, ytdCredit };
}

/**
 * The opening (debit positive) and the year's debit and credit before the range of the part of some
 * leaf subjects carrying no value of the type (未指定): their openings less the values' openings,
 * and their lines without a value before the range, as the balance's unassigned row reads it.
 */
async function unassignedOpening(tx: Tx, companyId: number, o: { accountYearId: number; auxTypeId: number; subjectIds: number[]; includeUnbooked: boolean }, range: PeriodRange) {
  const subjects = new Set(o.subjectIds);
  let opening = 0;
  let ytdDebit = 0;
  let ytdCredit = 0;
  for (const [id, x] of await subjectOwnFigures(tx, companyId, o, [])) {
    if (!subjects.has(id)) continue;
    opening += x.opening;
    ytdDebit += x.openingYtdDebit;
    ytdCredit += x.openingYtdCredit;
  }
  for (const x of (await readAuxOpenings(tx, o.accountYearId)).values()) {
    if (x.auxTypeId !== o.auxTypeId || !subjects.has(x.subjectId)) continue;
    opening -= x.balance;
    ytdDebit -= x.ytdDebit;
    ytdCredit -= x.ytdCredit;
  }
  for (const m of (await unassignedSums(tx, { ...o, companyId, periodIds: range.before })).values()) {
    opening += m.debit - m.credit;
    ytdDebit += m.debit;
    ytdCredit += m.credit;
  }
  return { opening, ytdDebit, ytdCredit };
}

export async function auxDetail(db: Db, companyId: number, f: AuxDetailFilter, page: { offset: number; limit: number }, lang: Language = 'zh_CN'): Promise<AuxDetailDto> {
  return withTx(db, async (tx) => {
    const range = await periodRange(tx, companyId, f.accountYearId, f.startPeriodId, f.endPeriodId);
    if (f.auxId === UNASSIGNED_AUX_ID) {
      // The subject's lines without a value of the type (the balance's 未指定 row drilled): leaves only carry lines and openings.
      const chart = await rangeSubjects(tx, companyId, f.accountYearId);
      const root = chart.find((s) => s.id === f.subjectId);
      if (!root) throw new DomainError('NO_PERMISSION');
      const subjectIds = chart.filter((s) => s.leaf && s.code.startsWith(root.code)).map((s) => s.id);
      const ask = { accountYearId: f.accountYearId, auxTypeId: f.auxTypeId, subjectIds, includeUnbooked: f.includeUnbooked };
      const o = await unassignedOpening(tx, companyId, ask, range);
      const { total, rows } = await detailPage(tx, {
        ...ask, auxIds: null, companyId, range, opening: o.opening, openingYtdDebit: o.ytdDebit, openingYtdCredit: o.ytdCredit, offset: page.offset, limit: page.limit,
      });
      return { auxId: UNASSIGNED_AUX_ID, auxCode: '', auxName: unassignedName(lang), total, rows };
    }
    const value = (await auxValues(tx, { companyId, accountId: f.accountId, accountYearId: f.accountYearId, auxTypeId: f.auxTypeId, ids: [f.auxId] })).get(f.auxId)!;
    const subjectIds = f.subjectId === undefined ? null : await subjectSubtree(tx, companyId, f.accountYearId, f.subjectId);
    // A department or budget item takes in its subtree's lines, as its row in the balance sums them.
    const tree = await auxTree(tx, { companyId, accountYearId: f.accountYearId, auxTypeId: f.auxTypeId });
    const auxIds = tree ? [...subtreeOf(treeLayout(tree), new Set([f.auxId]))] : [f.auxId];
    const ask = { accountYearId: f.accountYearId, auxTypeId: f.auxTypeId, auxIds, subjectIds, includeUnbooked: f.includeUnbooked };
    if (subjectIds === null) {
      const sections = await sectionsOf(tx, companyId, ask, range);
      if (sections.length > 1) {
        const { total, rows } = await sectionPage(tx, companyId, ask, range, sections, page);
        return { auxId: value.id, auxCode: value.code, auxName: value.name, total, rows };
      }
    }
    const o = await openingOf(tx, companyId, ask, range);
    const { total, rows } = await detailPage(tx, {
      ...ask, companyId, range, opening: o.opening, openingYtdDebit: o.ytdDebit, openingYtdCredit: o.ytdCredit, offset: page.offset, limit: page.limit,
    });
    return { auxId: value.id, auxCode: value.code, auxName: value.name, total, rows };
  });
}

/** A subject's part of the value's sub-ledger: where its rows start in the whole list and how many there are. */
interface Section { subject: RangeSubject; start: number; size: number }

/**
 * The value's sub-ledger without a subject chosen is read subject by subject: one section per leaf
 * subject the value stands on this year (an opening or a line through the range), in code order,
 * each with its own opening row, lines, running balance and period and year totals. A customer's
 * 应收账款 and 主营业务收入, or a department's 管理费用 and 应付职工薪酬, never net into one balance
 * (Kingdee's 核算项目明细账 and Yonyou's item ledgers read the same way). Each section takes
 * 1 + Σ (lines + 2) rows over the range, as a one-subject list does.
 */
async function sectionsOf(tx: Tx, companyId: number, ask: { accountYearId: number; auxTypeId: number; auxIds: number[]; includeUnbooked: boolean }, range: PeriodRange): Promise<Section[]> {
  const figures = await auxFiguresByValue(tx, companyId, ask, range, new Set(ask.auxIds));
  const standing = new Set<number>();
  for (const bySubject of figures.values()) for (const [subjectId, x] of bySubject) if (!isZero(x)) standing.add(subjectId);
  if (standing.size < 2) return [];
  const lines = new Map(rowsOf<{ subject_id: number; n: string }>(await tx.execute(sql`
    select subject_id, sum(${sql.raw(ask.includeUnbooked ? 'lines_all' : 'lines_booked')})::text as n
    from aux_balances
    where company_id = ${companyId} and account_year_id = ${ask.accountYearId} and aux_type_id = ${ask.auxTypeId}
      and aux_id = any(${sql.param(ask.auxIds)}::integer[]) and period_id = any(${sql.param(range.inRange)}::integer[])
    group by subject_id`)).map((r) => [Number(r.subject_id), Number(r.n)]));
  const sections: Section[] = [];
  let start = 0;
  for (const subject of await rangeSubjects(tx, companyId, ask.accountYearId)) {
    if (!standing.has(subject.id)) continue;
    const size = 1 + 2 * range.inRange.length + (lines.get(subject.id) ?? 0);
    sections.push({ subject, start, size });
    start += size;
  }
  return sections;
}

/** The page of a sectioned sub-ledger: each section the page touches read as a one-subject list, its rows placed in the whole list and its opening and total rows naming the subject. */
async function sectionPage(tx: Tx, companyId: number, ask: { accountYearId: number; auxTypeId: number; auxIds: number[]; includeUnbooked: boolean }, range: PeriodRange, sections: Section[], page: { offset: number; limit: number }) {
  const last = sections[sections.length - 1];
  const total = last.start + last.size;
  const end = Math.min(page.offset + page.limit, total);
  const rows: LedgerDetailRowDto[] = [];
  for (const s of sections) {
    if (s.start + s.size <= page.offset || s.start >= end) continue;
    const one = { ...ask, subjectIds: [s.subject.id] };
    const o = await openingOf(tx, companyId, one, range);
    const from = Math.max(page.offset - s.start, 0);
    const part = await detailPage(tx, {
      ...one, companyId, range, opening: o.opening, openingYtdDebit: o.ytdDebit, openingYtdCredit: o.ytdCredit, offset: from, limit: Math.min(end - s.start, s.size) - from,
    });
    if (part.total !== s.size) throw new Error(`auxDetail: section of subject ${s.subject.code} counted ${s.size} rows, read ${part.total}`);
    for (const r of part.rows) {
      rows.push(r.kind === 'LINE'
        ? { ...r, index: s.start + r.index }
        : { ...r, index: s.start + r.index, subjectId: s.subject.id, subjectCode: s.subject.code, subjectName: s.subject.name, subjectNameEn: s.subject.nameEn });
    }
  }
  return { total, rows };
}
