/**
 * Subject figures for the reports, read from the per-period balance tables (decision 025) and the
 * year's opening balances (`subjectOpenings`), never from the voucher lines: per subject of the
 * account year, the balance at the start of the year and at the end of a period, the period's and
 * the year-to-date movements, each rolled up so a parent sums its subtree; and, for the per-side
 * functions (DP / CP), the debit and the credit balances of the leaves below each subject summed
 * apart (a customer with a credit balance is an advance received, not a negative receivable).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/tx';
import { accountYears, accounts, companies, periods, subjectBalances, subjects } from '../../db/schema';
import { DomainError } from '../../../domain/result-codes';
import type { FormulaFunction } from '../../../domain/report-formula';
import { auxOpenings, subjectOpenings } from '../ledger/opening';

export interface ReportContext {
  companyId: number;
  companyName: string;
  accountName: string;
  accountYearId: number;
  year: number;
  /** The year's periods in order. */
  periods: Array<{ id: number; startAt: string; endAt: string }>;
}

/** The ledger set's account year `year` and its periods; MISSING_ACCOUNT_OR_PERIOD when there is none. */
export async function reportContext(tx: Tx, accountId: number, year: number): Promise<ReportContext> {
  const [head] = await tx.select({ yearId: accountYears.id, companyId: accounts.companyId, accountName: accounts.name, companyName: companies.name })
    .from(accountYears)
    .innerJoin(accounts, and(eq(accounts.id, accountYears.accountId), eq(accounts.companyId, accountYears.companyId)))
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .where(and(eq(accountYears.accountId, accountId), eq(accountYears.year, year))).limit(1);
  if (!head) throw new DomainError('MISSING_ACCOUNT_OR_PERIOD');
  const list = await tx.select({ id: periods.id, startAt: periods.startAt, endAt: periods.endAt }).from(periods)
    .where(and(eq(periods.accountYearId, head.yearId), eq(periods.companyId, head.companyId))).orderBy(asc(periods.startAt), asc(periods.id));
  return { companyId: head.companyId, companyName: head.companyName, accountName: head.accountName, accountYearId: head.yearId, year, periods: list };
}

/** The period `month` (1-based) of the context; MISSING_ACCOUNT_OR_PERIOD past the year's last. */
export function periodAt(ctx: ReportContext, month: number) {
  const p = ctx.periods[month - 1];
  if (!p) throw new DomainError('MISSING_ACCOUNT_OR_PERIOD');
  return p;
}

interface Sums {
  /** Balance at the start of the year, debit positive. */
  opening: number;
  /** Balance at the end of the target period, debit positive. */
  closing: number;
  /**
   * The period's and the year-to-date movements without the profit transfer (结转损益, by hand too)
   * and its reversals: the period's own business, what the income statement shows. Before the
   * year's start in this ledger set (a mid-year start) only the subject's own side is known to be
   * business (the cumulative figures entered hold the months' transfers on the other side).
   */
  periodDebit: number;
  periodCredit: number;
  ytdDebit: number;
  ytdCredit: number;
  /** Leaves' debit and credit balances, summed apart (both positive). */
  openingDebitSide: number;
  openingCreditSide: number;
  closingDebitSide: number;
  closingCreditSide: number;
}

const zero = (): Sums => ({
  opening: 0, closing: 0, periodDebit: 0, periodCredit: 0, ytdDebit: 0, ytdCredit: 0, openingDebitSide: 0, openingCreditSide: 0, closingDebitSide: 0, closingCreditSide: 0 });

export interface SubjectInfo {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  nameEn: string | null;
  level: number;
  /** Normal side: true debit. */
  direction: boolean;
}

export interface YearFigures {
  chart: SubjectInfo[];
  /** Rolled-up figures by subject code. */
  byCode: Map<string, Sums>;
}

/** The profit and loss subjects (class 5) at the top of the chart, each with its rolled-up figures. */
function profitAndLoss(f: YearFigures): Array<{ subject: SubjectInfo; sums: Sums }> {
  return f.chart.filter((s) => s.parentId === null && s.code.startsWith('5')).map((subject) => ({ subject, sums: f.byCode.get(subject.code)! }));
}

/**
 * The period's income and expense: the top-level class 5 subjects' net movements without the profit
 * transfer (credit less debit for income, debit less credit for expense), so month-end transfers do
 * not cancel them, and an investment loss or an interest income (booked on the other side) counts
 * against its line. The comprehensive statistics and the business dashboard read them alike.
 */
export function incomeExpense(f: YearFigures): { income: number; expense: number } {
  let income = 0;
  let expense = 0;
  for (const { subject, sums } of profitAndLoss(f)) {
    if (subject.direction) expense += sums.periodDebit - sums.periodCredit;
    else income += sums.periodCredit - sums.periodDebit;
  }
  return { income, expense };
}

/**
 * Profit still on the profit and loss subjects at the end of the figures' period and at the
 * year's start: their balances (debit positive) negated, so credit positive (income over expense).
 */
export function unclosedProfit(f: YearFigures): { closing: number; opening: number } {
  const pl = profitAndLoss(f);
  return { closing: -pl.reduce((t, x) => t + x.sums.closing, 0), opening: -pl.reduce((t, x) => t + x.sums.opening, 0) };
}

/**
 * Figures of every subject of the year through period index `through` (0-based) and for the periods
 * `from`..`through` as "the period" (a single month: from = through). `booked`: bookkept vouchers only.
 */
export async function yearFigures(tx: Tx, ctx: ReportContext, o: { from: number; through: number; booked: boolean }): Promise<YearFigures> {
  const inPeriod = ctx.periods.slice(o.from, o.through + 1).map((p) => p.id);
  const throughEnd = ctx.periods.slice(0, o.through + 1).map((p) => p.id);
  const debitCol = o.booked ? subjectBalances.debitBooked : subjectBalances.debitAll;
  const creditCol = o.booked ? subjectBalances.creditBooked : subjectBalances.creditAll;
  const inPeriodSql = sql`${subjectBalances.periodId} = any(${sql.param(inPeriod)}::integer[])`;
  const moved = throughEnd.length ? await tx.select({
    subjectId: subjectBalances.subjectId,
    debit: sql<string>`coalesce(sum(${debitCol}), 0)`,
    credit: sql<string>`coalesce(sum(${creditCol}), 0)`,
    periodDebit: sql<string>`coalesce(sum(${debitCol}) filter (where ${inPeriodSql}), 0)`,
    periodCredit: sql<string>`coalesce(sum(${creditCol}) filter (where ${inPeriodSql}), 0)`,
  }).from(subjectBalances)
    .where(and(eq(subjectBalances.accountYearId, ctx.accountYearId), eq(subjectBalances.companyId, ctx.companyId),
      sql`${subjectBalances.periodId} = any(${sql.param(throughEnd)}::integer[])`))
    .groupBy(subjectBalances.subjectId) : [];

  // The profit transfer's lines (结转损益: the generated one, one made by hand, their red reversals)
  // in the same periods, taken out of the movements the income statement reads.
  const transferred = throughEnd.length ? rowsOf<{ subjectId: number; debit: string; credit: string; periodDebit: string; periodCredit: string }>(await tx.execute(sql`
    select vi.subject_id as "subjectId",
      coalesce(sum(vi.amount_cents) filter (where vi.direction), 0)::text as debit,
      coalesce(sum(vi.amount_cents) filter (where not vi.direction), 0)::text as credit,
      coalesce(sum(vi.amount_cents) filter (where vi.direction and v.period_id = any(${sql.param(inPeriod)}::integer[])), 0)::text as "periodDebit",
      coalesce(sum(vi.amount_cents) filter (where not vi.direction and v.period_id = any(${sql.param(inPeriod)}::integer[])), 0)::text as "periodCredit"
    from vouchers v
    join voucher_items vi on vi.company_id = v.company_id and vi.voucher_id = v.id
    where v.company_id = ${ctx.companyId} and v.account_year_id = ${ctx.accountYearId} and v.state = 'NORMAL'
      and v.period_id = any(${sql.param(throughEnd)}::integer[])
      ${o.booked ? sql`and v.book_keep_at is not null` : sql``}
      and (v.source = 'PROFIT_TRANSFER'
        or (v.source = 'REVERSAL' and exists (select 1 from vouchers t where t.company_id = v.company_id and t.id = v.origin_id and t.source = 'PROFIT_TRANSFER'))
        -- A closing entry made by hand (or its reversal): lines on 本年利润 (3103) and on profit and loss subjects only.
        or (exists (select 1 from voucher_items p join subjects ps on ps.id = p.subject_id where p.company_id = v.company_id and p.voucher_id = v.id and ps.code like '3103%')
          and not exists (select 1 from voucher_items q join subjects qs on qs.id = q.subject_id
            where q.company_id = v.company_id and q.voucher_id = v.id and qs.code not like '5%' and qs.code not like '3103%')))
    group by vi.subject_id`)) : [];

  const chartRows = await tx.select({
    id: subjects.id, parentId: subjects.parentId, code: subjects.code, name: subjects.name, nameEn: subjects.nameEn, level: subjects.level, direction: subjects.direction, auxTypeIds: subjects.auxTypeIds,
  }).from(subjects).where(and(eq(subjects.accountYearId, ctx.accountYearId), eq(subjects.companyId, ctx.companyId))).orderBy(asc(subjects.code));
  const chart: SubjectInfo[] = chartRows.map(({ auxTypeIds: _aux, ...s }) => s);
  const parties = await partySides(tx, ctx, chartRows, throughEnd, o.booked);
  const byId = new Map(chart.map((s) => [s.id, s]));
  const own = new Map(chart.map((s) => [s.id, zero()]));
  for (const [subjectId, o2] of await subjectOpenings(tx, ctx.accountYearId)) {
    const f = own.get(subjectId);
    if (!f) continue;
    // The year opened before the books' first day (a mid-year start): the balance then less what
    // the year had moved by that day.
    f.opening += o2.balance - o2.ytdDebit + o2.ytdCredit;
    f.closing += o2.balance;
    if (byId.get(subjectId)!.direction) f.ytdDebit += o2.ytdDebit;
    else f.ytdCredit += o2.ytdCredit;
  }
  for (const m of moved) {
    const f = own.get(m.subjectId);
    if (!f) continue;
    const debit = Number(m.debit);
    const credit = Number(m.credit);
    f.closing += debit - credit;
    f.ytdDebit += debit;
    f.ytdCredit += credit;
    f.periodDebit += Number(m.periodDebit);
    f.periodCredit += Number(m.periodCredit);
  }
  for (const x of transferred) {
    const f = own.get(Number(x.subjectId));
    if (!f) continue;
    f.ytdDebit -= Number(x.debit);
    f.ytdCredit -= Number(x.credit);
    f.periodDebit -= Number(x.periodDebit);
    f.periodCredit -= Number(x.periodCredit);
  }
  // Each subject's own balance is split by side before it is added upwards: the leaves' debit and
  // credit balances are summed apart (a parent's own postings, if any, count like a leaf's).
  const rolled = new Map(chart.map((s) => [s.id, zero()]));
  for (const s of chart) {
    const f = own.get(s.id)!;
    // A subject kept by customer or vendor splits by party: one client's advance is not another's debt.
    const party = parties.get(s.id);
    const add: Sums = {
      ...f,
      ...(party ? party(f) : {
        openingDebitSide: Math.max(f.opening, 0),
        openingCreditSide: Math.max(-f.opening, 0),
        closingDebitSide: Math.max(f.closing, 0),
        closingCreditSide: Math.max(-f.closing, 0),
      }),
    };
    for (let at: SubjectInfo | undefined = s; at; at = at.parentId === null ? undefined : byId.get(at.parentId)) {
      const t = rolled.get(at.id)!;
      for (const k of Object.keys(t) as Array<keyof Sums>) t[k] += add[k];
    }
  }
  return { chart, byCode: new Map(chart.map((s) => [s.code, rolled.get(s.id)!])) };
}

type SideSums = Pick<Sums, 'openingDebitSide' | 'openingCreditSide' | 'closingDebitSide' | 'closingCreditSide'>;

/**
 * For each subject kept by customer (auxiliary type 3) or else by vendor (4): its balances per party
 * at the year's start and at the end of the figures' period, their debit and their credit sides
 * summed apart (会小企01表: 应收账款 and 预收账款 per customer, 应付账款 and 预付账款 per vendor). What
 * the breakdown does not hold (a line or an opening without a party) counts as one more party.
 */
async function partySides(tx: Tx, ctx: ReportContext, chart: Array<{ id: number; auxTypeIds: number[] }>, throughEnd: number[], booked: boolean): Promise<Map<number, (f: Sums) => SideSums>> {
  const typeOf = new Map<number, number>();
  for (const s of chart) {
    const t = s.auxTypeIds.includes(3) ? 3 : s.auxTypeIds.includes(4) ? 4 : 0;
    if (t) typeOf.set(s.id, t);
  }
  if (!typeOf.size) return new Map();
  const ids = [...typeOf.keys()];
  const moved = throughEnd.length ? rowsOf<{ subjectId: number; auxTypeId: number; auxId: number; net: string }>(await tx.execute(sql`
    select subject_id as "subjectId", aux_type_id as "auxTypeId", aux_id as "auxId",
      sum(${sql.raw(booked ? 'debit_booked - credit_booked' : 'debit_all - credit_all')})::text as net
    from aux_balances
    where company_id = ${ctx.companyId} and account_year_id = ${ctx.accountYearId} and aux_type_id in (3, 4)
      and subject_id = any(${sql.param(ids)}::integer[]) and period_id = any(${sql.param(throughEnd)}::integer[])
    group by subject_id, aux_type_id, aux_id`)) : [];
  // Per subject: party → [year-start balance, closing balance], debit positive.
  const per = new Map<number, Map<number, [number, number]>>();
  const at = (subjectId: number, auxId: number) => {
    let m = per.get(subjectId);
    if (!m) per.set(subjectId, (m = new Map()));
    let v = m.get(auxId);
    if (!v) m.set(auxId, (v = [0, 0]));
    return v;
  };
  for (const a of await auxOpenings(tx, ctx.accountYearId)) {
    if (typeOf.get(a.subjectId) !== a.auxTypeId) continue;
    const v = at(a.subjectId, a.auxId);
    v[0] += a.balance - a.ytdDebit + a.ytdCredit;
    v[1] += a.balance;
  }
  for (const m of moved) {
    if (typeOf.get(Number(m.subjectId)) !== Number(m.auxTypeId)) continue;
    at(Number(m.subjectId), Number(m.auxId))[1] += Number(m.net);
  }
  const out = new Map<number, (f: Sums) => SideSums>();
  for (const id of ids) {
    const parties = [...(per.get(id)?.values() ?? [])];
    out.set(id, (f) => {
      const r: SideSums = { openingDebitSide: 0, openingCreditSide: 0, closingDebitSide: 0, closingCreditSide: 0 };
      const put = (opening: number, closing: number) => {
        r.openingDebitSide += Math.max(opening, 0);
        r.openingCreditSide += Math.max(-opening, 0);
        r.closingDebitSide += Math.max(closing, 0);
        r.closingCreditSide += Math.max(-closing, 0);
      };
      for (const [opening, closing] of parties) put(opening, closing);
      put(f.opening - parties.reduce((t, p) => t + p[0], 0), f.closing - parties.reduce((t, p) => t + p[1], 0));
      return r;
    });
  }
  return out;
}

/** What a formula's subject term reads in a balance sheet column (closing or year opening). */
export function balanceFigure(y: YearFigures, column: 'closing' | 'opening') {
  return (fn: FormulaFunction, code: string): number => {
    const f = y.byCode.get(code);
    if (!f) return 0;
    const bal = column === 'closing' ? f.closing : f.opening;
    switch (fn) {
      case 'D': return bal;
      case 'C': return -bal;
      case 'DP': return column === 'closing' ? f.closingDebitSide : f.openingDebitSide;
      case 'CP': return column === 'closing' ? f.closingCreditSide : f.openingCreditSide;
      default: return 0;
    }
  };
}

/**
 * What a formula's subject term reads in an income statement column (the period or the year to
 * date): movements of the period's business, the profit transfer left out (DR / CR one side, D / C net).
 */
export function movementFigure(y: YearFigures, column: 'period' | 'ytd') {
  return (fn: FormulaFunction, code: string): number => {
    const f = y.byCode.get(code);
    if (!f) return 0;
    const debit = column === 'period' ? f.periodDebit : f.ytdDebit;
    const credit = column === 'period' ? f.periodCredit : f.ytdCredit;
    switch (fn) {
      case 'DR': return debit;
      case 'CR': return credit;
      case 'D': return debit - credit;
      case 'C': return credit - debit;
      default: return 0;
    }
  };
}
