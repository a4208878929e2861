/**
 * Financial reports (spec 01 §2 /report, §7 "/report: balanceSheet, incomeStatement and their
 * exports (accountId, year, month, company, bookKeep)", §8 balance sheet imbalance): the balance
 * sheet (资产负债表) and income statement (利润表) computed from the company's report definitions
 * (rows with formulas over subject balances, decision 033) and the per-period balance tables
 * (decision 025); the comprehensive statistics of a year; department income and expense detail;
 * the definitions themselves (read by report users, adjusted with the finance information right).
 * Amounts travel as integer cents in strings.
 */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { reportKinds } from '../domain/report-formula';
import { reportRoles, reportSides } from '../domain/report-layouts';
import { dateString, idParams, idSchema } from './common';
import { defineRoute } from './route';
import { rangeOrder } from './date-order';
import { exportTaskDto } from './export';

const cents = z.string().regex(/^-?\d+$/);
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
const yearSchema = z.coerce.number<number>().int().min(1900).max(9999);
/** The n-th period of the account year (1-based; periods are looked up, not assumed to be calendar months). */
const monthSchema = z.coerce.number<number>().int().min(1).max(24);

export const reportPeriodQuery = z.object({
  accountId: idSchema,
  year: yearSchema,
  month: monthSchema,
  /** Only bookkept vouchers (default false: every valid voucher). */
  bookKeep: flag.optional().transform((v) => v ?? false),
  /** The company (optional; it must be the ledger set's). */
  company: idSchema.optional(),
});
export type ReportPeriodQuery = z.output<typeof reportPeriodQuery>;

export const reportExportBody = reportPeriodQuery.extend({ format: z.enum(['xlsx', 'pdf']) });
export type ReportExportBody = z.output<typeof reportExportBody>;

/** What every report names in its head. */
const reportHead = {
  companyName: z.string(),
  accountName: z.string(),
  year: z.number().int(),
  month: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  bookKeep: z.boolean(),
  formNumber: z.string(),
};

const rowLayout = {
  id: z.number().int(),
  lineNo: z.number().int().nullable(),
  label: z.string(),
  labelEn: z.string().nullable(),
  indent: z.number().int(),
  bold: z.boolean(),
  /** A heading (no formula, no row number): no figures are shown. */
  heading: z.boolean(),
};

export const balanceSheetRowDto = z.object({
  ...rowLayout,
  side: z.enum(reportSides),
  /** 期末余额: at the end of the period. */
  closing: cents,
  /** 年初余额: at the start of the account year. */
  opening: cents,
});
export type BalanceSheetRowDto = z.infer<typeof balanceSheetRowDto>;

export const balanceSheetDto = z.object({
  ...reportHead,
  rows: z.array(balanceSheetRowDto),
  totals: z.object({ assetsClosing: cents, assetsOpening: cents, liabilitiesEquityClosing: cents, liabilitiesEquityOpening: cents }),
  /** Assets = liabilities + owners' equity in both columns; false: the screen shows the balance sheet imbalance message. */
  balanced: z.boolean(),
  /**
   * Profit (loss negative) still standing on the profit and loss subjects (class 5) at the period's
   * end and at the year's start, i.e. not yet carried to 本年利润 by the profit transfer: the usual
   * reason for an imbalance, which the screen names when it accounts for the whole difference.
   */
  unclosedProfit: z.object({ closing: cents, opening: cents }),
});
export type BalanceSheetDto = z.infer<typeof balanceSheetDto>;

export const incomeStatementRowDto = z.object({
  ...rowLayout,
  /** 本月金额. */
  month: cents,
  /** 本年累计金额. */
  ytd: cents,
});
export type IncomeStatementRowDto = z.infer<typeof incomeStatementRowDto>;
export const incomeStatementDto = z.object({ ...reportHead, rows: z.array(incomeStatementRowDto) });
export type IncomeStatementDto = z.infer<typeof incomeStatementDto>;

export const yearReportQuery = z.object({
  accountId: idSchema,
  year: yearSchema,
  bookKeep: flag.optional().transform((v) => v ?? false),
});
export type YearReportQuery = z.output<typeof yearReportQuery>;

/** Key figures of one period (综合统计表): income, expense, profit and balances at its end. */
export const statisticsRowDto = z.object({
  month: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** Credit movements of the credit-side profit and loss subjects (revenue, investment and non-operating income). */
  income: cents,
  /** Debit movements of the debit-side profit and loss subjects (costs, taxes, expenses, income tax). */
  expense: cents,
  profit: cents,
  /** Closing balances: 1001 cash on hand, 1002 bank, 1122 receivables (debit positive), 2202 payables (credit positive). */
  cash: cents,
  bank: cents,
  receivables: cents,
  payables: cents,
});
export type StatisticsRowDto = z.infer<typeof statisticsRowDto>;
export const statisticsDto = z.object({
  companyName: z.string(),
  accountName: z.string(),
  year: z.number().int(),
  bookKeep: z.boolean(),
  rows: z.array(statisticsRowDto),
  /** The year's sums of income, expense and profit; the balances at the last period. */
  total: statisticsRowDto.omit({ month: true, periodStart: true, periodEnd: true }),
});
export type StatisticsDto = z.infer<typeof statisticsDto>;

export const departmentDetailQuery = z.object({
  accountId: idSchema,
  year: yearSchema,
  startMonth: monthSchema,
  endMonth: monthSchema,
  bookKeep: flag.optional().transform((v) => v ?? false),
}).superRefine(rangeOrder([['startMonth', 'endMonth']]));
export type DepartmentDetailQuery = z.output<typeof departmentDetailQuery>;

export const departmentDetailRowDto = z.object({
  departmentId: z.number().int(),
  departmentCode: z.string().nullable(),
  departmentName: z.string(),
  subjectId: z.number().int(),
  subjectCode: z.string(),
  subjectName: z.string(),
  subjectNameEn: z.string().nullable(),
  kind: z.enum(['INCOME', 'EXPENSE']),
  debit: cents,
  credit: cents,
  /** Income: credit − debit; expense: debit − credit. */
  amount: cents,
});
export type DepartmentDetailRowDto = z.infer<typeof departmentDetailRowDto>;
export const departmentSummaryDto = z.object({
  departmentId: z.number().int(),
  departmentCode: z.string().nullable(),
  departmentName: z.string(),
  income: cents,
  expense: cents,
  net: cents,
});
export const departmentDetailDto = z.object({
  companyName: z.string(),
  accountName: z.string(),
  year: z.number().int(),
  startMonth: z.number().int(),
  endMonth: z.number().int(),
  bookKeep: z.boolean(),
  rows: z.array(departmentDetailRowDto),
  departments: z.array(departmentSummaryDto),
  total: z.object({ income: cents, expense: cents, net: cents }),
});
export type DepartmentDetailDto = z.infer<typeof departmentDetailDto>;

// ——— department reimbursements (部门报销明细) ———

export const departmentRaQuery = z.object({
  companyId: idSchema,
  /** Mark date range of the reimbursements (inclusive). */
  startDate: dateString,
  endDate: dateString,
  /** Only audited reimbursements (default false: every saved one). */
  audited: flag.optional().transform((v) => v ?? false),
}).superRefine(rangeOrder([['startDate', 'endDate']]));
export type DepartmentRaQuery = z.output<typeof departmentRaQuery>;

/** One department (of the submitter; null: no submitter) × expense kind. */
export const departmentRaRowDto = z.object({
  departmentId: z.number().int().nullable(),
  departmentCode: z.string().nullable(),
  departmentName: z.string().nullable(),
  kindId: z.number().int(),
  kindName: z.string(),
  /** Invoice lines and documents counted. */
  lines: z.number().int(),
  documents: z.number().int(),
  amount: cents,
});
export type DepartmentRaRowDto = z.infer<typeof departmentRaRowDto>;
/** A reimbursement's share in one row (drill-down). */
export const departmentRaDocumentDto = z.object({
  id: z.number().int(),
  code: z.string(),
  markAt: z.string(),
  submitterName: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  kindId: z.number().int(),
  audited: z.boolean(),
  amount: cents,
});
export const departmentRaDto = z.object({
  companyName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  audited: z.boolean(),
  rows: z.array(departmentRaRowDto),
  departments: z.array(z.object({ departmentId: z.number().int().nullable(), departmentCode: z.string().nullable(), departmentName: z.string().nullable(), amount: cents })),
  documents: z.array(departmentRaDocumentDto),
  total: cents,
});
export type DepartmentRaDto = z.infer<typeof departmentRaDto>;

// ——— definitions ———

export const reportRowDto = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  kind: z.enum(reportKinds),
  side: z.enum(reportSides),
  sort: z.number().int(),
  lineNo: z.number().int().nullable(),
  label: z.string(),
  labelEn: z.string().nullable(),
  indent: z.number().int(),
  bold: z.boolean(),
  formula: z.string(),
  role: z.enum(reportRoles).nullable(),
  version: z.number().int(),
});
export type ReportRowDto = z.infer<typeof reportRowDto>;

export const reportDefinitionQuery = z.object({ companyId: idSchema, kind: z.enum(reportKinds) });

const label = z.string().trim().min(1).max(100);
const labelEn = z.string().trim().max(150).nullable().optional();
const lineNo = z.number().int().min(1).max(999).nullable();
const formula = z.string().max(2000);
const indent = z.number().int().min(0).max(5);

export const reportRowCreateBody = z.object({
  companyId: idSchema,
  kind: z.enum(reportKinds),
  side: z.enum(reportSides).optional(),
  /** Placed before the row with this sort (default: at the end of its side). */
  sort: z.number().int().min(1).max(10_000).optional(),
  lineNo,
  label,
  labelEn,
  indent: indent.optional(),
  bold: z.boolean().optional(),
  formula: formula.optional(),
});
export type ReportRowCreateBody = z.output<typeof reportRowCreateBody>;

export const reportRowUpdateBody = z.object({
  lineNo: lineNo.optional(),
  label: label.optional(),
  labelEn,
  indent: indent.optional(),
  bold: z.boolean().optional(),
  formula: formula.optional(),
  sort: z.number().int().min(1).max(10_000).optional(),
  version: z.number().int().min(0),
});
export type ReportRowUpdateBody = z.output<typeof reportRowUpdateBody>;

export const reportResetBody = z.object({ companyId: idSchema, kind: z.enum(reportKinds) });

/**
 * The management dashboard (/dashboard/manage, right 10101, no scope): the state of the books of
 * every company the caller may see, as of a date (default: the server's today): what waits for an
 * examiner, a bookkeeper or a reimbursement auditor, and which months are past due for settling.
 */
export const adminStatQuery = z.object({ date: dateString.optional() });
export type AdminStatQuery = z.output<typeof adminStatQuery>;

const adminStatFigures = {
  /** Ledger sets (not deleted). */
  accounts: z.number().int(),
  /** Valid vouchers not yet examined. */
  toExamine: z.number().int(),
  /** Valid vouchers examined as errors (the maker has to act). */
  examinedError: z.number().int(),
  /** Valid vouchers examined (passed) but not bookkept. */
  toBookKeep: z.number().int(),
  /** Periods that ended before the month of the date began and are not settled, over every ledger set. */
  overduePeriods: z.number().int(),
  /** Saved reimbursements not yet audited, and their invoice amounts. */
  reimbursementsToAudit: z.number().int(),
  reimbursementsToAuditCents: cents,
  /** Audited reimbursements not yet made into a voucher. */
  reimbursementsToVoucher: z.number().int(),
};

export const adminStatCompanyDto = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  /** The main ledger set (null: the company has none). */
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  /** The main ledger set's account year holding the date (else its last), and its periods settled so far. */
  year: z.number().int().nullable(),
  /** End of the main ledger set's last settled period (null: none settled). */
  lastSettled: z.string().nullable(),
  /** Mark date of the company's latest valid voucher. */
  lastVoucherDate: z.string().nullable(),
  /** Users linked to the company. */
  users: z.number().int(),
  ...adminStatFigures,
});
export type AdminStatCompanyDto = z.infer<typeof adminStatCompanyDto>;

export const adminStatDto = z.object({
  date: z.string(),
  companies: z.array(adminStatCompanyDto),
  totals: z.object({ companies: z.number().int(), companiesBehind: z.number().int(), ...adminStatFigures }),
});
export type AdminStatDto = z.infer<typeof adminStatDto>;

/**
 * The business dashboard (/dashboard/business, right 10102, the company chosen): the year of the
 * company's main ledger set that holds the date, month by month, and where the money stands at the
 * date's period: income, expense and profit (class 5, month-end transfers left out by reading the
 * movements' sides), cash, bank, receivables and payables, the largest receivables by customer
 * and the largest revenues by project (case) of the year so far. Every valid voucher counts.
 */
export const businessStatQuery = z.object({ companyId: idSchema, date: dateString.optional() });
export type BusinessStatQuery = z.output<typeof businessStatQuery>;

const topValueDto = z.object({ auxId: z.number().int(), code: z.string(), name: z.string(), cents });

export const businessStatDto = z.object({
  date: z.string(),
  companyName: z.string(),
  /** null: the company has no ledger set with an account year (nothing else is filled then). */
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  year: z.number().int().nullable(),
  /** The date's period in the year (1-based); the year's last when the date lies past it. */
  month: z.number().int().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  months: z.array(z.object({ month: z.number().int(), periodStart: z.string(), income: cents, expense: cents, profit: cents })),
  /** Through the date's period. */
  ytd: z.object({ income: cents, expense: cents, profit: cents }),
  /** Balances at the end of the date's period (payables on the credit side, positive). */
  position: z.object({ cash: cents, bank: cents, receivables: cents, payables: cents }),
  /** Receivable (1122) balances by customer at the end of the date's period, largest first (5). */
  topCustomers: z.array(topValueDto),
  /** Revenue (class 5 credit-side subjects) by project through the date's period, largest first (5). */
  topProjects: z.array(topValueDto),
});
export type BusinessStatDto = z.infer<typeof businessStatDto>;

/** Reading reports: the report menu (authId 8) in the ledger set's company. */
const read = { right: RIGHTS.REPORT, scope: 'account' } as const;
/** Adjusting definitions changes every report of the company: the finance information right (601). */
const write = { right: RIGHTS.BASIC_FINANCE, scope: 'company' } as const;
const tags = ['report'];

export const reportApi = {
  balanceSheet: defineRoute({ method: 'GET', path: '/report/balanceSheet', query: reportPeriodQuery, answer: balanceSheetDto, access: read, tags }),
  incomeStatement: defineRoute({ method: 'GET', path: '/report/incomeStatement', query: reportPeriodQuery, answer: incomeStatementDto, access: read, tags }),
  /** Starts the balance sheet as .xlsx or PDF (a background export task). */
  balanceSheetExport: defineRoute({ method: 'POST', path: '/report/balanceSheet/export', body: reportExportBody, answer: exportTaskDto, access: read, tags }),
  incomeStatementExport: defineRoute({ method: 'POST', path: '/report/incomeStatement/export', body: reportExportBody, answer: exportTaskDto, access: read, tags }),
  comprehensiveStatistical: defineRoute({ method: 'GET', path: '/report/comprehensiveStatistical', query: yearReportQuery, answer: statisticsDto, access: read, tags }),
  departmentIODetail: defineRoute({ method: 'GET', path: '/report/departmentIODetail', query: departmentDetailQuery, answer: departmentDetailDto, access: read, tags }),
  /** Reimbursement amounts per submitter department × expense kind (company data: scoped to the company). */
  departmentRADetail: defineRoute({ method: 'GET', path: '/report/departmentRADetail', query: departmentRaQuery, answer: departmentRaDto, access: { right: RIGHTS.REPORT, scope: 'company' }, tags }),
  /** The management dashboard's figures, per company the caller may see (no company chosen: level 0). */
  adminStat: defineRoute({ method: 'GET', path: '/report/adminStat', query: adminStatQuery, answer: adminStatDto, access: { right: RIGHTS.DASHBOARD_MANAGE, scope: 'company' }, tags }),
  /** The business dashboard's figures for the company (its main ledger set). */
  business: defineRoute({ method: 'GET', path: '/report/business', query: businessStatQuery, answer: businessStatDto, access: { right: RIGHTS.DASHBOARD_BUSINESS, scope: 'company' }, tags }),
  definition: defineRoute({ method: 'GET', path: '/report/definition', query: reportDefinitionQuery, answer: z.array(reportRowDto), access: { right: [RIGHTS.REPORT, RIGHTS.BASIC_FINANCE], scope: 'company' }, tags }),
  definitionCreate: defineRoute({ method: 'POST', path: '/report/definition', body: reportRowCreateBody, answer: reportRowDto, access: write, tags }),
  definitionReset: defineRoute({ method: 'POST', path: '/report/definition/reset', body: reportResetBody, answer: z.array(reportRowDto), access: write, tags }),
  definitionUpdate: defineRoute({ method: 'POST', path: '/report/definition/:id', params: idParams, body: reportRowUpdateBody, answer: reportRowDto, access: write, tags }),
  definitionRemove: defineRoute({ method: 'DELETE', path: '/report/definition/:id', params: idParams, answer: z.null(), access: write, tags }),
};
