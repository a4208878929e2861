/**
 * 科目余额表 (subject balance, GET /ledger/subjectBalance): per subject of the account year, the
 * opening balance before the start period, the movements of the period range, the year to date
 * through the end period and the closing balance, rolled up so every parent sums its children.
 * Read from subject_balances (one row per subject and period with movements) and the year's
 * opening balances; the voucher lines are never scanned.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withTx } from '../../db/tx';
import { periods, subjectBalances, subjects } from '../../db/schema';
import { DomainError } from '../../../domain/result-codes';
import type { BalanceSide, SubjectBalanceDto, SubjectBalanceFilter, SubjectBalanceRowDto } from '../../../contract/ledger';
import { subjectOpenings } from './opening';

interface Figures {
  /** Opening balance, debit positive. */
  opening: number;
  debit: number;
  credit: number;
  ytdDebit: number;
  ytdCredit: number;
}

const zero = (): Figures => ({ opening: 0, debit: 0, credit: 0, ytdDebit: 0, ytdCredit: 0 });

/** The side a debit-positive balance stands on, and its amount. */
export function sideOf(balance: number): { side: BalanceSide; cents: number } {
  return balance > 0 ? { side: 'DEBIT', cents: balance } : balance < 0 ? { side: 'CREDIT', cents: -balance } : { side: 'FLAT', cents: 0 };
}

/** Whether a subject's code falls in the range; a bound also takes in the subjects below it. */
export function inCodeRange(code: string, from?: string, to?: string): boolean {
  if (from !== undefined && code < from) return false;
  if (to !== undefined && code > to && !code.startsWith(to)) return false;
  return true;
}

export async function subjectBalance(db: Db, companyId: number, f: SubjectBalanceFilter): Promise<SubjectBalanceDto> {
  return withTx(db, async (tx) => {
    const yearPeriods = await tx.select({ id: periods.id, companyId: periods.companyId }).from(periods)
      .where(eq(periods.accountYearId, f.accountYearId)).orderBy(asc(periods.startAt), asc(periods.id));
    const order = new Map(yearPeriods.map((p, i) => [p.id, i]));
    const start = order.get(f.startPeriodId);
    const end = order.get(f.endPeriodId);
    if (start === undefined || end === undefined || yearPeriods[0].companyId !== companyId) throw new DomainError('MISSING_ACCOUNT_OR_PERIOD');
    if (start > end) throw new DomainError('PERIOD_END_BEFORE_START');
    const inRange = new Set(yearPeriods.slice(start, end + 1).map((p) => p.id));
    const throughEnd = yearPeriods.slice(0, end + 1).map((p) => p.id);

    const booked = !f.includeUnbooked;
    const debitCol = booked ? subjectBalances.debitBooked : subjectBalances.debitAll;
    const creditCol = booked ? subjectBalances.creditBooked : subjectBalances.creditAll;
    const inRangeIds = [...inRange];
    // One row per subject with movements: before the range, in it (year to date = both).
    const moved = await tx.select({
      subjectId: subjectBalances.subjectId,
      beforeDebit: sql<string>`coalesce(sum(${debitCol}) filter (where not (${subjectBalances.periodId} = any(${sql.param(inRangeIds)}::integer[]))), 0)`,
      beforeCredit: sql<string>`coalesce(sum(${creditCol}) filter (where not (${subjectBalances.periodId} = any(${sql.param(inRangeIds)}::integer[]))), 0)`,
      debit: sql<string>`coalesce(sum(${debitCol}) filter (where ${subjectBalances.periodId} = any(${sql.param(inRangeIds)}::integer[])), 0)`,
      credit: sql<string>`coalesce(sum(${creditCol}) filter (where ${subjectBalances.periodId} = any(${sql.param(inRangeIds)}::integer[])), 0)`,
    }).from(subjectBalances)
      .where(and(eq(subjectBalances.accountYearId, f.accountYearId), eq(subjectBalances.companyId, companyId),
        sql`${subjectBalances.periodId} = any(${sql.param(throughEnd)}::integer[])`))
      .groupBy(subjectBalances.subjectId);

    const chart = await tx.select({
      id: subjects.id, parentId: subjects.parentId, code: subjects.code, name: subjects.name, nameEn: subjects.nameEn,
      level: subjects.level, leaf: subjects.leaf, direction: subjects.direction,
    }).from(subjects).where(and(eq(subjects.accountYearId, f.accountYearId), eq(subjects.companyId, companyId)))
      .orderBy(asc(subjects.code));
    const byId = new Map(chart.map((s) => [s.id, s]));
    const figures = new Map(chart.map((s) => [s.id, zero()]));
    /** Adds a subject's own figures to it and to every subject above it. */
    const post = (subjectId: number, add: Figures) => {
      for (let s = byId.get(subjectId); s; s = s.parentId === null ? undefined : byId.get(s.parentId)) {
        const t = figures.get(s.id)!;
        t.opening += add.opening;
        t.debit += add.debit;
        t.credit += add.credit;
        t.ytdDebit += add.ytdDebit;
        t.ytdCredit += add.ytdCredit;
      }
    };
    for (const [subjectId, o] of await subjectOpenings(tx, f.accountYearId)) {
      post(subjectId, { opening: o.balance, debit: 0, credit: 0, ytdDebit: o.ytdDebit, ytdCredit: o.ytdCredit });
    }
    for (const m of moved) {
      const beforeDebit = Number(m.beforeDebit);
      const beforeCredit = Number(m.beforeCredit);
      const debit = Number(m.debit);
      const credit = Number(m.credit);
      post(m.subjectId, { opening: beforeDebit - beforeCredit, debit, credit, ytdDebit: beforeDebit + debit, ytdCredit: beforeCredit + credit });
    }

    const rows: SubjectBalanceRowDto[] = [];
    const totals = { openingDebit: 0, openingCredit: 0, debit: 0, credit: 0, ytdDebit: 0, ytdCredit: 0, closingDebit: 0, closingCredit: 0 };
    for (const s of chart) {
      if (!inCodeRange(s.code, f.subjectCodeFrom, f.subjectCodeTo)) continue;
      const x = figures.get(s.id)!;
      const closing = x.opening + x.debit - x.credit;
      // The totals sum the topmost subjects of the range (the others are inside them), whatever is shown.
      const parent = s.parentId === null ? undefined : byId.get(s.parentId);
      if (!parent || !inCodeRange(parent.code, f.subjectCodeFrom, f.subjectCodeTo)) {
        totals.openingDebit += Math.max(x.opening, 0);
        totals.openingCredit += Math.max(-x.opening, 0);
        totals.debit += x.debit;
        totals.credit += x.credit;
        totals.ytdDebit += x.ytdDebit;
        totals.ytdCredit += x.ytdCredit;
        totals.closingDebit += Math.max(closing, 0);
        totals.closingCredit += Math.max(-closing, 0);
      }
      if (f.level !== undefined && s.level > f.level) continue;
      if (!f.showZero && x.opening === 0 && x.debit === 0 && x.credit === 0 && x.ytdDebit === 0 && x.ytdCredit === 0) continue;
      const o = sideOf(x.opening);
      const c = sideOf(closing);
      rows.push({
        subjectId: s.id, parentId: s.parentId, code: s.code, name: s.name, nameEn: s.nameEn, level: s.level, leaf: s.leaf, direction: s.direction,
        openingSide: o.side, openingCents: String(o.cents), openingDebit: String(Math.max(x.opening, 0)), openingCredit: String(Math.max(-x.opening, 0)),
        debit: String(x.debit), credit: String(x.credit), ytdDebit: String(x.ytdDebit), ytdCredit: String(x.ytdCredit),
        closingSide: c.side, closingCents: String(c.cents), closingDebit: String(Math.max(closing, 0)), closingCredit: String(Math.max(-closing, 0)),
      });
    }
    return { rows, totals: Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, String(v)])) as SubjectBalanceDto['totals'] };
  });
}
