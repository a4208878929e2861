/**
 * The reports: balance sheet and income statement from the company's definitions (decision 033)
 * and the year's figures; the comprehensive statistics of a year; department income and expense.
 * Each is one read transaction over the balance tables (decision 025).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withTx } from '../../db/tx';
import { auxBalances, departments, subjects } from '../../db/schema';
import { DomainError } from '../../../domain/result-codes';
import { evaluateDefinition } from '../../../domain/report-formula';
import { FORM_NUMBERS, type ReportSide } from '../../../domain/report-layouts';
import type {
  BalanceSheetDto, DepartmentDetailDto, DepartmentDetailQuery, IncomeStatementDto, ReportPeriodQuery, StatisticsDto, StatisticsRowDto, YearReportQuery,
} from '../../../contract/report';
import { listReportRows } from './definitions';
import { balanceFigure, incomeExpense, movementFigure, periodAt, reportContext, unclosedProfit, yearFigures, type ReportContext } from './figures';
import { transferSums } from '../ledger-aux/detail';

const str = (n: number) => String(n);
const isHeading = (r: { lineNo: number | null; formula: string }) => r.lineNo === null && r.formula.trim() === '';

function head(ctx: ReportContext, q: { month: number; bookKeep: boolean }, kind: keyof typeof FORM_NUMBERS) {
  const p = periodAt(ctx, q.month);
  return { companyName: ctx.companyName, accountName: ctx.accountName, year: ctx.year, month: q.month, periodStart: p.startAt, periodEnd: p.endAt, bookKeep: q.bookKeep, formNumber: FORM_NUMBERS[kind] };
}

/** The company of the ledger set must be the one a `company` parameter names, when given. */
function assertCompany(ctx: ReportContext, company: number | undefined) {
  if (company !== undefined && company !== ctx.companyId) throw new DomainError('NO_PERMISSION');
}

export async function balanceSheet(db: Db, q: ReportPeriodQuery): Promise<BalanceSheetDto> {
  return withTx(db, async (tx) => {
    const ctx = await reportContext(tx, q.accountId, q.year);
    assertCompany(ctx, q.company);
    const h = head(ctx, q, 'BALANCE_SHEET');
    const month = q.month - 1;
    const figures = await yearFigures(tx, ctx, { from: month, through: month, booked: q.bookKeep });
    const rows = await listReportRows(tx, ctx.companyId, 'BALANCE_SHEET');
    const closing = evaluateDefinition(rows, balanceFigure(figures, 'closing'));
    const opening = evaluateDefinition(rows, balanceFigure(figures, 'opening'));
    const at = (role: string) => rows.findIndex((r) => r.role === role);
    const a = at('ASSETS_TOTAL');
    const l = at('LIABILITIES_EQUITY_TOTAL');
    const pick = (values: number[], i: number) => (i < 0 ? 0 : values[i]);
    const unclosed = unclosedProfit(figures);
    const totals = { assetsClosing: pick(closing, a), assetsOpening: pick(opening, a), liabilitiesEquityClosing: pick(closing, l), liabilitiesEquityOpening: pick(opening, l) };
    return {
      ...h,
      rows: rows.map((r, i) => ({
        id: r.id, side: r.side as ReportSide, lineNo: r.lineNo, label: r.label, labelEn: r.labelEn, indent: r.indent, bold: r.bold, heading: isHeading(r),
        closing: str(closing[i]), opening: str(opening[i]),
      })),
      totals: { assetsClosing: str(totals.assetsClosing), assetsOpening: str(totals.assetsOpening), liabilitiesEquityClosing: str(totals.liabilitiesEquityClosing), liabilitiesEquityOpening: str(totals.liabilitiesEquityOpening) },
      balanced: a >= 0 && l >= 0 && totals.assetsClosing === totals.liabilitiesEquityClosing && totals.assetsOpening === totals.liabilitiesEquityOpening,
      unclosedProfit: { closing: str(unclosed.closing), opening: str(unclosed.opening) },
    };
  });
}

export async function incomeStatement(db: Db, q: ReportPeriodQuery): Promise<IncomeStatementDto> {
  return withTx(db, async (tx) => {
    const ctx = await reportContext(tx, q.accountId, q.year);
    assertCompany(ctx, q.company);
    const h = head(ctx, q, 'INCOME_STATEMENT');
    const month = q.month - 1;
    const figures = await yearFigures(tx, ctx, { from: month, through: month, booked: q.bookKeep });
    const rows = await listReportRows(tx, ctx.companyId, 'INCOME_STATEMENT');
    const period = evaluateDefinition(rows, movementFigure(figures, 'period'));
    const ytd = evaluateDefinition(rows, movementFigure(figures, 'ytd'));
    return {
      ...h,
      rows: rows.map((r, i) => ({
        id: r.id, lineNo: r.lineNo, label: r.label, labelEn: r.labelEn, indent: r.indent, bold: r.bold, heading: isHeading(r),
        month: str(period[i]), ytd: str(ytd[i]),
      })),
    };
  });
}

/**
 * 综合统计表: per period of the year, income (credit movements of the credit-side profit and loss
 * subjects, class 5), expense (debit movements of the debit-side ones), profit, and the closing
 * balances of cash on hand, bank, receivables and payables.
 */
export async function statistics(db: Db, q: YearReportQuery): Promise<StatisticsDto> {
  return withTx(db, async (tx) => {
    const ctx = await reportContext(tx, q.accountId, q.year);
    const rows: StatisticsRowDto[] = [];
    let income = 0;
    let expense = 0;
    let last = { cash: 0, bank: 0, receivables: 0, payables: 0 };
    for (let i = 0; i < ctx.periods.length; i++) {
      const f = await yearFigures(tx, ctx, { from: i, through: i, booked: q.bookKeep });
      const { income: pIncome, expense: pExpense } = incomeExpense(f);
      const closing = (code: string) => f.byCode.get(code)?.closing ?? 0;
      last = { cash: closing('1001'), bank: closing('1002'), receivables: closing('1122'), payables: -closing('2202') };
      income += pIncome;
      expense += pExpense;
      const p = ctx.periods[i];
      rows.push({
        month: i + 1, periodStart: p.startAt, periodEnd: p.endAt, income: str(pIncome), expense: str(pExpense), profit: str(pIncome - pExpense),
        cash: str(last.cash), bank: str(last.bank), receivables: str(last.receivables), payables: str(last.payables),
      });
    }
    return {
      companyName: ctx.companyName, accountName: ctx.accountName, year: ctx.year, bookKeep: q.bookKeep, rows,
      total: { income: str(income), expense: str(expense), profit: str(income - expense), cash: str(last.cash), bank: str(last.bank), receivables: str(last.receivables), payables: str(last.payables) },
    };
  });
}

const DEPARTMENT = 1;

/**
 * 部门收支明细: the income and expense (class 5) movements carried by lines with a department
 * (auxiliary type 1) in a period range, department × subject, with each department's totals; the
 * lines of month-end transfers (结转损益) left out.
 */
export async function departmentDetail(db: Db, q: DepartmentDetailQuery): Promise<DepartmentDetailDto> {
  return withTx(db, async (tx) => {
    const ctx = await reportContext(tx, q.accountId, q.year);
    if (q.startMonth > q.endMonth) throw new DomainError('PERIOD_END_BEFORE_START');
    periodAt(ctx, q.endMonth);
    const ids = ctx.periods.slice(q.startMonth - 1, q.endMonth).map((p) => p.id);
    const debitCol = q.bookKeep ? auxBalances.debitBooked : auxBalances.debitAll;
    const creditCol = q.bookKeep ? auxBalances.creditBooked : auxBalances.creditAll;
    const found = await tx.select({
      departmentId: auxBalances.auxId,
      departmentCode: departments.code,
      departmentName: departments.name,
      subjectId: subjects.id,
      subjectCode: subjects.code,
      subjectName: subjects.name,
      subjectNameEn: subjects.nameEn,
      direction: subjects.direction,
      debit: sql<string>`sum(${debitCol})`,
      credit: sql<string>`sum(${creditCol})`,
    }).from(auxBalances)
      .innerJoin(subjects, and(eq(subjects.id, auxBalances.subjectId), eq(subjects.accountYearId, auxBalances.accountYearId)))
      .innerJoin(departments, and(eq(departments.id, auxBalances.auxId), eq(departments.companyId, auxBalances.companyId)))
      .where(and(eq(auxBalances.companyId, ctx.companyId), eq(auxBalances.accountYearId, ctx.accountYearId), eq(auxBalances.auxTypeId, DEPARTMENT),
        sql`${auxBalances.periodId} = any(${sql.param(ids)}::integer[])`, sql`${subjects.code} like '5%'`))
      .groupBy(auxBalances.auxId, departments.code, departments.name, subjects.id, subjects.code, subjects.name, subjects.nameEn, subjects.direction)
      .orderBy(asc(departments.code), asc(departments.name), asc(auxBalances.auxId), asc(subjects.code));
    // Month-end transfers (结转损益) carry the departments of the lines they close: not income or
    // expense of the department, left out (decision 048).
    const transfers = new Map<string, { debit: number; credit: number }>();
    for (const x of await transferSums(tx, { companyId: ctx.companyId, accountYearId: ctx.accountYearId, auxTypeId: DEPARTMENT, auxIds: null, subjectIds: null, periodIds: ids, includeUnbooked: !q.bookKeep })) {
      const key = `${x.auxId}:${x.subjectId}`;
      const t = transfers.get(key) ?? { debit: 0, credit: 0 };
      t.debit += x.debit;
      t.credit += x.credit;
      transfers.set(key, t);
    }
    const rows: DepartmentDetailDto['rows'] = [];
    const summary = new Map<number, { departmentId: number; departmentCode: string | null; departmentName: string; income: number; expense: number }>();
    for (const r of found) {
      const moved = transfers.get(`${r.departmentId}:${r.subjectId}`);
      const debit = Number(r.debit) - (moved?.debit ?? 0);
      const credit = Number(r.credit) - (moved?.credit ?? 0);
      if (debit === 0 && credit === 0) continue;
      const kind = r.direction ? 'EXPENSE' as const : 'INCOME' as const;
      const amount = kind === 'INCOME' ? credit - debit : debit - credit;
      rows.push({ departmentId: r.departmentId, departmentCode: r.departmentCode, departmentName: r.departmentName, subjectId: r.subjectId, subjectCode: r.subjectCode, subjectName: r.subjectName, subjectNameEn: r.subjectNameEn, kind, debit: str(debit), credit: str(credit), amount: str(amount) });
      const s = summary.get(r.departmentId) ?? { departmentId: r.departmentId, departmentCode: r.departmentCode, departmentName: r.departmentName, income: 0, expense: 0 };
      if (kind === 'INCOME') s.income += amount;
      else s.expense += amount;
      summary.set(r.departmentId, s);
    }
    const list = [...summary.values()];
    const income = list.reduce((t, s) => t + s.income, 0);
    const expense = list.reduce((t, s) => t + s.expense, 0);
    return {
      companyName: ctx.companyName, accountName: ctx.accountName, year: ctx.year, startMonth: q.startMonth, endMonth: q.endMonth, bookKeep: q.bookKeep, rows,
      departments: list.map((s) => ({ ...s, income: str(s.income), expense: str(s.expense), net: str(s.income - s.expense) })),
      total: { income: str(income), expense: str(expense), net: str(income - expense) },
    };
  });
}
