/**
 * The management dashboard's figures (GET /report/adminStat, right 10101): for every company the
 * caller may see (`visible`: null = every company, for administrators), the state of its books as
 * of a date: vouchers waiting for an examiner or a bookkeeper, vouchers examined as errors, months
 * past due for settling (periods that ended before the date's month began and are not settled),
 * reimbursements waiting for an auditor or for their voucher, and the main ledger set's last
 * settled period. Deleted companies and ledger sets are left out; only valid (NORMAL) vouchers count.
 * One read-only transaction, so the figures agree with each other.
 */
import { and, asc, count, eq, inArray, isNull, lt, max, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { withTx } from '../../db/tx';
import { accountYears, accounts, companies, expenseInvoices, expenses, periods, userCompanies, vouchers } from '../../db/schema';
import type { AdminStatCompanyDto, AdminStatDto, AdminStatQuery } from '../../../contract/report';
import { todayIso } from '../../clock';

const n = (v: unknown) => Number(v ?? 0);
/** `sum(case when … then 1 else 0 end)` as a number. */
const countWhen = (cond: SQL) => sql<string>`coalesce(sum(case when ${cond} then 1 else 0 end), 0)`;

export async function adminStat(db: Db, visible: readonly number[] | null, q: AdminStatQuery): Promise<AdminStatDto> {
  const date = q.date ?? todayIso();
  const monthStart = `${date.slice(0, 7)}-01`;
  const within = (col: PgColumn) => (visible ? inArray(col, [...visible]) : undefined);
  if (visible && visible.length === 0) return { date, companies: [], totals: emptyTotals() };

  return withTx(db, async (tx) => {
    const companyRows = await tx.select({ id: companies.id, name: companies.name }).from(companies)
      .where(and(eq(companies.deleted, false), within(companies.id))).orderBy(asc(companies.id));
    const liveAccount = and(eq(accounts.deleted, false), within(accounts.companyId));

    const accountRows = await tx.select({ id: accounts.id, companyId: accounts.companyId, name: accounts.name, main: accounts.main })
      .from(accounts).where(liveAccount).orderBy(asc(accounts.id));
    const mainOf = new Map<number, { id: number; name: string }>();
    const accountCount = new Map<number, number>();
    for (const a of accountRows) {
      accountCount.set(a.companyId, (accountCount.get(a.companyId) ?? 0) + 1);
      if (a.main) mainOf.set(a.companyId, { id: a.id, name: a.name });
    }
    const mainIds = [...mainOf.values()].map((a) => a.id);

    const years = mainIds.length
      ? await tx.select({ accountId: accountYears.accountId, year: accountYears.year, startAt: accountYears.startAt, endAt: accountYears.endAt })
        .from(accountYears).where(inArray(accountYears.accountId, mainIds)).orderBy(asc(accountYears.year))
      : [];
    const settled = mainIds.length
      ? await tx.select({ accountId: accountYears.accountId, last: max(periods.endAt) })
        .from(periods)
        .innerJoin(accountYears, and(eq(accountYears.companyId, periods.companyId), eq(accountYears.id, periods.accountYearId)))
        .where(and(inArray(accountYears.accountId, mainIds), eq(periods.rolled, true)))
        .groupBy(accountYears.accountId)
      : [];
    const overdue = await tx.select({ companyId: periods.companyId, overdue: count() })
      .from(periods)
      .innerJoin(accountYears, and(eq(accountYears.companyId, periods.companyId), eq(accountYears.id, periods.accountYearId)))
      .innerJoin(accounts, and(eq(accounts.companyId, accountYears.companyId), eq(accounts.id, accountYears.accountId)))
      .where(and(liveAccount, eq(periods.rolled, false), lt(periods.endAt, monthStart)))
      .groupBy(periods.companyId);
    const voucherFigures = await tx.select({
      companyId: vouchers.companyId,
      toExamine: countWhen(sql`${vouchers.auditAt} is null`),
      examinedError: countWhen(sql`${vouchers.auditAt} is not null and ${vouchers.auditPass} = false`),
      toBookKeep: countWhen(sql`${vouchers.auditAt} is not null and ${vouchers.auditPass} = true and ${vouchers.bookKeepAt} is null`),
      lastDate: max(vouchers.markDate),
    }).from(vouchers)
      .innerJoin(accounts, and(eq(accounts.companyId, vouchers.companyId), eq(accounts.id, vouchers.accountId)))
      .where(and(liveAccount, eq(vouchers.state, 'NORMAL')))
      .groupBy(vouchers.companyId);
    const expenseFigures = await tx.select({
      companyId: expenses.companyId,
      toAudit: countWhen(sql`${expenses.lockAt} is null`),
      toVoucher: countWhen(sql`${expenses.lockAt} is not null and ${expenses.voucherId} is null`),
    }).from(expenses).where(within(expenses.companyId)).groupBy(expenses.companyId);
    const toAuditSums = await tx.select({ companyId: expenseInvoices.companyId, cents: sql<string>`coalesce(sum(${expenseInvoices.amount}), 0)` })
      .from(expenseInvoices)
      .innerJoin(expenses, and(eq(expenses.companyId, expenseInvoices.companyId), eq(expenses.id, expenseInvoices.expenseId)))
      .where(and(within(expenseInvoices.companyId), isNull(expenses.lockAt)))
      .groupBy(expenseInvoices.companyId);
    const userCounts = await tx.select({ companyId: userCompanies.companyId, users: count() })
      .from(userCompanies).where(within(userCompanies.companyId)).groupBy(userCompanies.companyId);

    const by = <R extends { companyId: number }>(rows: R[]) => new Map(rows.map((r) => [r.companyId, r]));
    const overdueBy = by(overdue);
    const vouchersBy = by(voucherFigures);
    const expensesBy = by(expenseFigures);
    const sumsBy = by(toAuditSums);
    const usersBy = by(userCounts);
    const settledBy = new Map(settled.map((s) => [s.accountId, s.last]));

    const rows: AdminStatCompanyDto[] = companyRows.map((c) => {
      const main = mainOf.get(c.id) ?? null;
      const mainYears = main ? years.filter((y) => y.accountId === main.id) : [];
      const year = mainYears.find((y) => y.startAt <= date && date <= y.endAt) ?? mainYears[mainYears.length - 1] ?? null;
      const v = vouchersBy.get(c.id);
      const e = expensesBy.get(c.id);
      return {
        companyId: c.id,
        companyName: c.name,
        accountId: main?.id ?? null,
        accountName: main?.name ?? null,
        year: year?.year ?? null,
        lastSettled: main ? (settledBy.get(main.id) ?? null) : null,
        lastVoucherDate: v?.lastDate ?? null,
        users: n(usersBy.get(c.id)?.users),
        accounts: accountCount.get(c.id) ?? 0,
        toExamine: n(v?.toExamine),
        examinedError: n(v?.examinedError),
        toBookKeep: n(v?.toBookKeep),
        overduePeriods: n(overdueBy.get(c.id)?.overdue),
        reimbursementsToAudit: n(e?.toAudit),
        reimbursementsToAuditCents: String(n(sumsBy.get(c.id)?.cents)),
        reimbursementsToVoucher: n(e?.toVoucher),
      };
    });
    const totals = emptyTotals();
    for (const r of rows) {
      totals.companies += 1;
      if (r.overduePeriods > 0) totals.companiesBehind += 1;
      totals.accounts += r.accounts;
      totals.toExamine += r.toExamine;
      totals.examinedError += r.examinedError;
      totals.toBookKeep += r.toBookKeep;
      totals.overduePeriods += r.overduePeriods;
      totals.reimbursementsToAudit += r.reimbursementsToAudit;
      totals.reimbursementsToAuditCents = String(BigInt(totals.reimbursementsToAuditCents) + BigInt(r.reimbursementsToAuditCents));
      totals.reimbursementsToVoucher += r.reimbursementsToVoucher;
    }
    return { date, companies: rows, totals };
  });
}

function emptyTotals(): AdminStatDto['totals'] {
  return {
    companies: 0, companiesBehind: 0, accounts: 0, toExamine: 0, examinedError: 0, toBookKeep: 0, overduePeriods: 0,
    reimbursementsToAudit: 0, reimbursementsToAuditCents: '0', reimbursementsToVoucher: 0,
  };
}
