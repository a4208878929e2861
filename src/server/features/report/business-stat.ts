/**
 * The business dashboard's figures (GET /report/business, right 10102): the company's main ledger
 * set (else its first live one), the account year holding the date (else the last that began
 * before it, else the first), and in it: income, expense and profit per period (the comprehensive
 * statistics' figures, every valid voucher), the year to the date's period, the cash, bank,
 * receivable and payable balances at that period's end, the five largest receivable balances by
 * customer and the five largest revenues by project so far. All in one read-only transaction.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withTx, type Tx } from '../../db/tx';
import { accountYears, accounts, companies } from '../../db/schema';
import { DomainError } from '../../../domain/result-codes';
import type { BusinessStatDto, BusinessStatQuery } from '../../../contract/report';
import { auxFiguresByValue, rangeSubjects } from '../ledger-aux/aux-balance';
import { auxValues } from '../ledger-aux/scope';
import { incomeExpense, reportContext, yearFigures, type ReportContext } from './figures';
import { todayIso } from '../../clock';

const CUSTOMER = 3;
const PROJECT = 5;
const TOP = 5;
const str = (n: number) => String(n);

export async function businessStat(db: Db, q: BusinessStatQuery): Promise<BusinessStatDto> {
  const date = q.date ?? todayIso();
  return withTx(db, async (tx) => {
    const [company] = await tx.select({ name: companies.name }).from(companies).where(and(eq(companies.id, q.companyId), eq(companies.deleted, false))).limit(1);
    if (!company) throw new DomainError('NO_PERMISSION');
    const empty: BusinessStatDto = {
      date, companyName: company.name, accountId: null, accountName: null, year: null, month: null, periodStart: null, periodEnd: null,
      months: [], ytd: { income: '0', expense: '0', profit: '0' }, position: { cash: '0', bank: '0', receivables: '0', payables: '0' }, topCustomers: [], topProjects: [],
    };
    const sets = await tx.select({ id: accounts.id, name: accounts.name, main: accounts.main }).from(accounts)
      .where(and(eq(accounts.companyId, q.companyId), eq(accounts.deleted, false))).orderBy(asc(accounts.id));
    const account = sets.find((a) => a.main) ?? sets[0];
    if (!account) return empty;
    const years = await tx.select({ year: accountYears.year, startAt: accountYears.startAt, endAt: accountYears.endAt }).from(accountYears)
      .where(and(eq(accountYears.companyId, q.companyId), eq(accountYears.accountId, account.id))).orderBy(asc(accountYears.year));
    const year = years.find((y) => y.startAt <= date && date <= y.endAt) ?? [...years].reverse().find((y) => y.startAt <= date) ?? years[0];
    if (!year) return { ...empty, accountId: account.id, accountName: account.name };
    const ctx = await reportContext(tx, account.id, year.year);
    if (!ctx.periods.length) return { ...empty, accountId: account.id, accountName: account.name, year: year.year };
    // The date's period; past the year's end its last, before its start its first.
    const at = ctx.periods.findIndex((p) => p.startAt <= date && date <= p.endAt);
    const index = at >= 0 ? at : date > ctx.periods[ctx.periods.length - 1].endAt ? ctx.periods.length - 1 : 0;

    const months: BusinessStatDto['months'] = [];
    let ytdIncome = 0;
    let ytdExpense = 0;
    let position = empty.position;
    for (let i = 0; i < ctx.periods.length; i++) {
      const f = await yearFigures(tx, ctx, { from: i, through: i, booked: false });
      const { income, expense } = incomeExpense(f);
      months.push({ month: i + 1, periodStart: ctx.periods[i].startAt, income: str(income), expense: str(expense), profit: str(income - expense) });
      if (i <= index) {
        ytdIncome += income;
        ytdExpense += expense;
      }
      if (i === index) {
        const closing = (code: string) => f.byCode.get(code)?.closing ?? 0;
        position = { cash: str(closing('1001')), bank: str(closing('1002')), receivables: str(closing('1122')), payables: str(-closing('2202')) };
      }
    }
    const p = ctx.periods[index];
    return {
      date, companyName: company.name, accountId: account.id, accountName: account.name, year: year.year, month: index + 1, periodStart: p.startAt, periodEnd: p.endAt,
      months, ytd: { income: str(ytdIncome), expense: str(ytdExpense), profit: str(ytdIncome - ytdExpense) }, position,
      topCustomers: await topValues(tx, ctx, account.id, index, CUSTOMER, (code) => code.startsWith('1122'), (x) => x.opening + x.debit - x.credit),
      topProjects: await topValues(tx, ctx, account.id, index, PROJECT, (code, direction) => code.startsWith('5') && !direction, (x) => x.ytdCredit),
    };
  });
}

/** The five values of a type with the largest positive figure over the chosen subjects, through period `index`. */
async function topValues(
  tx: Tx, ctx: ReportContext, accountId: number, index: number, auxTypeId: number,
  chosen: (code: string, direction: boolean) => boolean, figure: (x: { opening: number; debit: number; credit: number; ytdCredit: number }) => number,
): Promise<BusinessStatDto['topCustomers']> {
  const subjects = new Set((await rangeSubjects(tx, ctx.companyId, ctx.accountYearId)).filter((s) => s.leaf && chosen(s.code, s.direction)).map((s) => s.id));
  if (!subjects.size) return [];
  const ids = ctx.periods.map((p) => p.id);
  const range = { all: [], inRange: ids.slice(0, index + 1), throughEnd: ids.slice(0, index + 1), before: [] };
  const byValue = await auxFiguresByValue(tx, ctx.companyId, { accountYearId: ctx.accountYearId, auxTypeId, includeUnbooked: true }, range);
  const sums: Array<{ auxId: number; cents: number }> = [];
  for (const [auxId, bySubject] of byValue) {
    let total = 0;
    for (const [subjectId, x] of bySubject) if (subjects.has(subjectId)) total += figure(x);
    if (total > 0) sums.push({ auxId, cents: total });
  }
  sums.sort((a, b) => b.cents - a.cents || a.auxId - b.auxId);
  const top = sums.slice(0, TOP);
  if (!top.length) return [];
  const values = await auxValues(tx, { companyId: ctx.companyId, accountId, accountYearId: ctx.accountYearId, auxTypeId, ids: top.map((t) => t.auxId) });
  return top.map((t) => ({ auxId: t.auxId, code: values.get(t.auxId)?.code ?? '', name: values.get(t.auxId)?.name ?? '', cents: str(t.cents) }));
}
