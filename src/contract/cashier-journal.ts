/**
 * The cash and bank journal (spec 01 §2 /cashier balanceByCashBank, cashBankJournalEdit,
 * cashBankJournalQuery, /basic cashBankOpeningBalance; §7 /cashier/{cash,balance,code} and
 * calcCashBalance(s); decision 035). A line is one receipt or one payment on a bank account
 * (decision 028); its running balance is the account's opening plus receipts minus payments of every
 * line up to it in (date, id) order, whatever filter or page the list shows. Amounts are integer
 * cents, strings on the wire (as in contract/ledger.ts). Reading and writing need the cashier menu
 * (3); opening balances are written with the initialization right (602) and read with either.
 */
import { rangeOrder } from './date-order';
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { CASH_LINE_MAX_CENTS, CASH_OPENING_MAX_CENTS } from '../domain/cashier-journal';
import { MAX_PAGE_LIMIT } from '../domain/constants';
import { dateString, idSchema, INT32_MAX, isCalendarDate, jsonParam, listOf, listQuery } from './common';
import { defineRoute } from './route';
import { exportTaskDto } from './export';
import { moneyCents } from './money';

const cents = z.string().regex(/^-?\d+$/);
/** Cents in: an integer or its text. */
const centsIn = (max: number) => z.union([z.number().int(), z.string().regex(/^-?\d{1,15}$/).transform(Number)]).pipe(moneyCents(max, { min: -max }));
const lineCents = centsIn(CASH_LINE_MAX_CENTS).pipe(z.number().min(0));
const version = z.number().int().min(0).optional();
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
/** One id, several ("3,4", [3, 4], "[3,4]"). */
const ids = z.preprocess((v) => (typeof v === 'string' ? v.replace(/[[\]\s]/g, '').split(',').filter(Boolean) : typeof v === 'number' ? [v] : v), z.array(idSchema).min(1).max(200));

export const cashKindRef = z.object({ id: z.number().int(), code: z.string(), name: z.string(), direction: z.enum(['INCOME', 'OUTCOME']) });

export const cashLineDto = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  bankAccountId: z.number().int(),
  bankAccount: z.object({ id: z.number().int(), code: z.string(), name: z.string(), kind: z.string() }),
  date: z.string(),
  /** Number within the bank account and calendar month (1, 2, …). */
  code: z.number().int(),
  summary: z.string(),
  kindId: z.number().int().nullable(),
  kind: cashKindRef.nullable(),
  counterparty: z.string().nullable(),
  receiptCents: cents,
  paymentCents: cents,
  /** Opening + receipts − payments of the account's lines up to and including this one. */
  balanceCents: cents,
  voucherId: z.number().int().nullable(),
  /** "记-3": the linked voucher's kind and code (decision 037). */
  voucherCode: z.string().nullable().optional(),
  /** Brought in from that voucher's line (从凭证引入): its figures are the voucher's; it can go, not change. */
  fromVoucher: z.boolean(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  version: z.number().int(),
});
export type CashLineDto = z.infer<typeof cashLineDto>;

/** The journal filter's fields (the list adds its keyset below; both refuse a reversed date range). */
const cashLineFields = z.object({
  /** The ledger set whose bank accounts are listed (the session's). */
  accountId: idSchema,
  bankAccountId: idSchema.optional(),
  dateFrom: dateString.optional(),
  dateTo: dateString.optional(),
  /** yyyy-MM: the calendar month (instead of dateFrom/dateTo). */
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/).optional(),
  kindId: idSchema.optional(),
  /** RECEIPT: receipts only; PAYMENT: payments only. */
  side: z.enum(['RECEIPT', 'PAYMENT']).optional(),
  /** Matches summary, counterparty or the kind's name. */
  keyword: z.string().max(100).optional(),
  /** The line's amount (its receipt or payment) at least / at most, cents. */
  amountMin: centsIn(CASH_LINE_MAX_CENTS).optional(),
  amountMax: centsIn(CASH_LINE_MAX_CENTS).optional(),
  /** true: only lines turned into a voucher; false: only those not yet. */
  hasVoucher: flag.optional(),
});
export const cashLineFilter = cashLineFields.superRefine(rangeOrder([['dateFrom', 'dateTo']], [['amountMin', 'amountMax']]));
export type CashLineFilter = z.output<typeof cashLineFilter>;

/**
 * A line's place in the list's order, for keyset paging (decision 043): `date,id` of a line, plus
 * `,bankAccountId` when the list spans bank accounts (they are ordered by account code first).
 */
export const cashCursor = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2},\d{1,10}(,\d{1,10})?$/)
  .transform((v, ctx) => {
    const [date, id, bankAccountId] = v.split(',');
    if (!isCalendarDate(date) || Number(id) > INT32_MAX || Number(bankAccountId ?? 0) > INT32_MAX) {
      ctx.addIssue({ code: 'custom', message: 'cursor', input: v });
      return z.NEVER;
    }
    return { date, id: Number(id), ...(bankAccountId ? { bankAccountId: Number(bankAccountId) } : {}) };
  });
export type CashCursor = z.output<typeof cashCursor>;

/**
 * Keyset paging of the journal list, beside the spec's offset/limit and index/size (which still
 * work): `after` a line, the `limit` lines that follow it in the list's order; `before` a line, the
 * `limit` lines just before it; `last`, the last `limit` lines. Each reads the (bank account, date,
 * id) index from the cursor on, so a late page costs what the first does. Sent as query parameters
 * (or inside `filter`); at most one of them.
 */
export const cashKeyset = {
  after: cashCursor.optional(),
  before: cashCursor.optional(),
  last: flag.optional(),
};
export const cashListFilter = cashLineFields.extend(cashKeyset).superRefine(rangeOrder([['dateFrom', 'dateTo']], [['amountMin', 'amountMax']]));
export type CashListFilter = z.output<typeof cashListFilter>;
export type CashPageMode = { mode: 'offset' } | { mode: 'after' | 'before'; cursor: CashCursor } | { mode: 'last' };

export const cashLineBody = z.object({
  /** Present: update that line (with the version read); absent: a new line. */
  id: idSchema.optional(),
  version,
  date: dateString,
  /** Empty: the next number of the account and month. */
  code: z.number().int().min(1).max(INT32_MAX).nullable().optional(),
  summary: z.string().trim().max(200).default(''),
  kindId: idSchema.nullable().optional(),
  counterparty: z.string().trim().max(100).nullable().optional().transform((v) => v || null),
  receiptCents: lineCents.default(0),
  paymentCents: lineCents.default(0),
});
export type CashLineBody = z.output<typeof cashLineBody>;

/** One save of a sheet: new and changed lines of one bank account, and lines to delete, all or nothing. */
export const cashSaveBody = z.object({
  bankAccountId: idSchema,
  lines: z.array(cashLineBody).max(1000),
  deleteIds: z.array(idSchema).max(1000).default([]),
});
export const cashUpdateBody = cashLineBody.omit({ id: true });

export const cashCodeQuery = z.object({ bankAccountId: idSchema, date: dateString });

export const balanceGroups = ['DAY', 'MONTH', 'TOTAL'] as const;
export const cashBalanceQuery = z.object({
  accountId: idSchema,
  bankAccountId: ids.optional(),
  dateFrom: dateString,
  dateTo: dateString,
  /** DAY: a row per day with lines; MONTH: per calendar month; TOTAL: one row per account. */
  groupBy: z.enum(balanceGroups).default('TOTAL'),
  /** Also accounts without any line or opening in the range. */
  includeEmpty: flag.optional(),
}).superRefine(rangeOrder([['dateFrom', 'dateTo']]));

export const cashBalanceRowDto = z.object({
  bankAccountId: z.number().int(),
  bankAccountCode: z.string(),
  bankAccountName: z.string(),
  kind: z.string(),
  /** DAY: the day; MONTH: yyyy-MM; TOTAL: null. */
  bucket: z.string().nullable(),
  openingCents: cents,
  receiptCents: cents,
  paymentCents: cents,
  closingCents: cents,
  receiptCount: z.number().int(),
  paymentCount: z.number().int(),
});
export type CashBalanceRowDto = z.infer<typeof cashBalanceRowDto>;
export const cashBalanceDto = z.object({
  rows: z.array(cashBalanceRowDto),
  /** Sums over every account of the answer. */
  total: z.object({ openingCents: cents, receiptCents: cents, paymentCents: cents, closingCents: cents }),
});

export const calcBalanceBody = z.object({ bankAccountId: idSchema, date: dateString.optional() });
export const calcBalancesBody = z.object({ bankAccountIds: z.array(idSchema).min(1).max(500), date: dateString.optional() });
export const accountBalanceDto = z.object({
  bankAccountId: z.number().int(),
  startDate: z.string().nullable(),
  openingCents: cents,
  receiptCents: cents,
  paymentCents: cents,
  /** Opening + receipts − payments up to the date (every line when none). */
  closingCents: cents,
  lineCount: z.number().int(),
});

/**
 * Cash journal against the books (出纳与总账对账; spec 01 §7 "/cashier … cashBalance"): on a date,
 * each cash or bank subject's balance in the books (its opening balance and the voucher lines up to
 * the date) beside the journal balances of the bank accounts linked to it, and the difference.
 * Accounts sharing a subject are compared together; an account without a subject has no books side.
 */
export const cashReconcileQuery = z.object({
  accountId: idSchema,
  date: dateString,
  bankAccountId: ids.optional(),
  /** Books from bookkept vouchers only (default: every saved, valid voucher). */
  bookkeptOnly: flag.optional(),
});
export const cashReconcileRowDto = z.object({
  /** The subject in the date's account year (null: the accounts have none). */
  subjectId: z.number().int().nullable(),
  subjectCode: z.string().nullable(),
  subjectName: z.string().nullable(),
  subjectNameEn: z.string().nullable(),
  bankAccounts: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), closingCents: cents })),
  /** Opening + receipts − payments of those accounts up to the date. */
  journalCents: cents,
  /** The subject's balance on the debit side up to the date (null without a subject). */
  booksCents: cents.nullable(),
  /** journal − books (null without a subject). */
  differenceCents: cents.nullable(),
});
export type CashReconcileRowDto = z.infer<typeof cashReconcileRowDto>;
export const cashReconcileDto = z.object({
  date: z.string(),
  accountYearId: z.number().int(),
  bookkeptOnly: z.boolean(),
  rows: z.array(cashReconcileRowDto),
  /** Every row with a subject agrees. */
  agreed: z.boolean(),
});
export type CashReconcileDto = z.infer<typeof cashReconcileDto>;

export const cashOpeningDto = z.object({
  bankAccountId: z.number().int(),
  bankAccountCode: z.string(),
  bankAccountName: z.string(),
  kind: z.string(),
  disabled: z.boolean(),
  /** null: no opening recorded yet. */
  id: z.number().int().nullable(),
  startDate: z.string().nullable(),
  openingCents: cents,
  /** The date of the account's first line (the start date cannot move after it). */
  firstLineDate: z.string().nullable(),
  version: z.number().int().nullable(),
});
export type CashOpeningDto = z.infer<typeof cashOpeningDto>;
export const cashOpeningQuery = z.object({ accountId: idSchema });
export const cashOpeningSaveBody = z.object({
  accountId: idSchema,
  openings: z.array(z.object({ bankAccountId: idSchema, startDate: dateString, openingCents: centsIn(CASH_OPENING_MAX_CENTS), version: z.number().int().min(0).nullable().optional() })).min(1).max(500),
});

/**
 * The order of the journal's lines, as the query grid sorts them: by date only (the one sortable
 * column), `desc` for the latest first; none (or `asc`) is journal order. Lines of several bank
 * accounts stay grouped by account code either way. A line's running balance does not follow the
 * order: it is always the account's balance after that line in journal order (what the grid shows).
 */
export const cashLineSort = z.object({ date: z.enum(['asc', 'desc']).optional() }).strict();
export type CashLineSort = z.output<typeof cashLineSort>;

export const cashExportQuery = z.object({ filter: z.string().optional() });
/** The journal workbook's lines: the list's filter (JSON), every matching line in the list's order (its `sort`, JSON; none: journal order). */
export const cashXlsExportQuery = z.object({ filter: jsonParam(cashLineFilter), sort: jsonParam(cashLineSort).optional() });
/**
 * The background export (decision 043): the list's filter and its sort, so the workbook holds the
 * lines in the order the grid shows them (none: journal order).
 */
export const cashExportBody = z.object({ filter: cashLineFilter, sort: cashLineSort.optional() });
export const cashImportQuery = z.object({ bankAccountId: idSchema });
export const cashImportResult = z.object({ created: z.number().int() });

/**
 * Bringing voucher lines into the journal (从凭证引入日记账): the lines of valid vouchers on the bank
 * account's subject (by its code, its sub-subjects too) dated in the range and on or after the
 * account's start date, of vouchers no journal line of an account on that subject links yet.
 */
export const cashFromVoucherFilter = z.object({
  bankAccountId: idSchema,
  dateFrom: dateString,
  dateTo: dateString,
}).superRefine(rangeOrder([['dateFrom', 'dateTo']]));
export type CashFromVoucherFilter = z.output<typeof cashFromVoucherFilter>;
export const cashVoucherLineDto = z.object({
  /** The voucher line (voucher_items.id). */
  itemId: z.number().int(),
  voucherId: z.number().int(),
  /** "记-3", as the journal's voucher column shows it. */
  voucherCode: z.string(),
  date: z.string(),
  lineNo: z.number().int(),
  summary: z.string(),
  subjectCode: z.string(),
  /** The line's customer or vendor (the journal's counterparty), else null. */
  counterparty: z.string().nullable(),
  /** A debit (or a red credit) comes in as a receipt, a credit (or a red debit) as a payment. */
  receiptCents: cents,
  paymentCents: cents,
  audited: z.boolean(),
  bookkept: z.boolean(),
});
export type CashVoucherLineDto = z.infer<typeof cashVoucherLineDto>;
export const cashFromVoucherBody = z.object({
  bankAccountId: idSchema,
  /** Voucher lines offered by GET /cashier/cash/fromVoucher (a page of them at most); all come in or none (a taken one is named). */
  itemIds: z.array(idSchema).min(1).max(MAX_PAGE_LIMIT).refine((a) => new Set(a).size === a.length, { message: 'repeated' }),
});

/** The totals of every line under a list filter (the query's footer), not only of the page shown. */
export const cashTotalQuery = z.object({ filter: jsonParam(cashLineFilter) });
export const cashTotalDto = z.object({
  /** Lines matching the filter. */
  count: z.number().int(),
  /** Sums of their receipts and payments, cents as strings. */
  receiptCents: cents,
  paymentCents: cents,
});
export type CashTotalDto = z.infer<typeof cashTotalDto>;

// ---- routes --------------------------------------------------------------------------------------

const cashier = { right: RIGHTS.CASHIER, scope: 'account' } as const;
const tags = ['cashier-journal'];
const lineParams = z.object({ id: idSchema });

export const cashJournalApi = {
  /**
   * Lines of the ledger set's bank accounts, each with its running balance (correct on any page).
   * Pages by offset/limit or index/size, or by keyset (`after`, `before`, `last`: cashKeyset).
   */
  list: defineRoute({ method: 'GET', path: '/cashier/cash', query: listQuery(cashListFilter, { defaultLimit: 50, sortable: ['date'] }), answer: listOf(cashLineDto), access: cashier, tags }),
  /** Count, receipts and payments of every line under the list's filter (keyword included). */
  total: defineRoute({ method: 'GET', path: '/cashier/cash/total', query: cashTotalQuery, answer: cashTotalDto, access: cashier, tags }),
  /** Creates, updates and deletes lines of one bank account in one transaction; answers the saved lines. */
  save: defineRoute({ method: 'POST', path: '/cashier/cash', body: cashSaveBody, answer: z.array(cashLineDto), access: cashier, tags }),
  update: defineRoute({ method: 'POST', path: '/cashier/cash/:id', params: lineParams, body: cashUpdateBody, answer: cashLineDto, access: cashier, tags }),
  /** Refused (CASH_LINE_HAS_VOUCHER) while a voucher was made from the line. */
  remove: defineRoute({ method: 'DELETE', path: '/cashier/cash/:id', params: lineParams, answer: z.null(), access: cashier, tags }),
  /** The next number of the account in the date's month. */
  code: defineRoute({ method: 'GET', path: '/cashier/code', query: cashCodeQuery, answer: z.number().int(), access: cashier, tags }),
  /** Opening, receipts, payments, closing per account for a date range, per day, month or in total. */
  balance: defineRoute({ method: 'GET', path: '/cashier/balance', query: cashBalanceQuery, answer: cashBalanceDto, access: cashier, tags }),
  /** The journal against the books on a date, per cash or bank subject. */
  cashBalance: defineRoute({ method: 'GET', path: '/cashier/cashBalance', query: cashReconcileQuery, answer: cashReconcileDto, access: cashier, tags }),
  calcCashBalance: defineRoute({ method: 'POST', path: '/cashier/calcCashBalance', body: calcBalanceBody, answer: accountBalanceDto, access: cashier, tags }),
  calcCashBalances: defineRoute({ method: 'POST', path: '/cashier/calcCashBalances', body: calcBalancesBody, answer: z.array(accountBalanceDto), access: cashier, tags }),
  openings: defineRoute({ method: 'GET', path: '/cashier/opening', query: cashOpeningQuery, answer: z.array(cashOpeningDto), access: { right: [RIGHTS.CASHIER, RIGHTS.BASIC_INIT], scope: 'account' }, tags }),
  /** The lines matching the filter as .xlsx (template 'cash' layout; answered at once like /expense/exportXls). */
  exportXls: defineRoute({ method: 'GET', path: '/cashier/cash/exportXls', query: cashXlsExportQuery, answer: z.unknown(), access: cashier, tags: [...tags, 'export'] }),
  /** The same workbook through a background export task (progress, then a signed file). */
  exportTask: defineRoute({ method: 'POST', path: '/cashier/cash/export', body: cashExportBody, answer: exportTaskDto, access: cashier, tags: [...tags, 'export'] }),
  /** Imports a workbook as new lines of the bank account, all or nothing (refused rows named). */
  importXls: defineRoute({ method: 'POST', path: '/cashier/cash/importXls', multipart: true, query: cashImportQuery, answer: cashImportResult, access: cashier, tags: [...tags, 'import'] }),
  /** The 'cash' template (.xlsx): the header row, an example line and a notes sheet. */
  template: defineRoute({ method: 'GET', path: '/cashier/cash/template', answer: z.unknown(), access: { right: RIGHTS.CASHIER, scope: 'none' }, tags: [...tags, 'import'] }),
  /** Voucher lines on the bank account's subject not yet in the journal (从凭证引入). */
  fromVoucherLines: defineRoute({ method: 'GET', path: '/cashier/cash/fromVoucher', query: listQuery(cashFromVoucherFilter, { defaultLimit: 100, sortable: [] }), answer: listOf(cashVoucherLineDto), access: cashier, tags }),
  /** Brings the voucher lines in as journal lines linked to their vouchers; answers the new lines. */
  fromVoucher: defineRoute({ method: 'POST', path: '/cashier/cash/fromVoucher', body: cashFromVoucherBody, answer: z.array(cashLineDto), access: cashier, tags }),
  saveOpenings: defineRoute({ method: 'POST', path: '/cashier/opening', body: cashOpeningSaveBody, answer: z.array(cashOpeningDto), access: { right: RIGHTS.BASIC_INIT, scope: 'account' }, tags }),
};
