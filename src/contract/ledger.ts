/**
 * Ledgers (spec 01 §2 /voucher business reports, §7 /ledger): the subject balance table (科目余额表)
 * first; the other ledgers (subjectSummary, subjectTotal, subjectDetail, auxBalance, auxDetail,
 * auxTotal) join this contract later. Served from the per-period balance tables (decision 025),
 * never by scanning voucher lines. Amounts travel as integer cents in strings.
 */
import { z } from 'zod';
import { idSchema, jsonParam } from './common';
import { defineRoute } from './route';
import { RIGHTS } from '../domain/rights';
import { MAX_PAGE_LIMIT } from '../domain/constants';
import { exportTaskDto } from './export';

const subjectCode = z.string().trim().regex(/^\d{1,40}$/);

export const subjectBalanceFilter = z.object({
  accountId: idSchema,
  accountYearId: idSchema,
  /** The first and last period of the range (inclusive), both of the account year. */
  startPeriodId: idSchema,
  endPeriodId: idSchema,
  /** Subject code range; a code also takes in the subjects below it (to 1122 includes 112201). */
  subjectCodeFrom: subjectCode.optional(),
  subjectCodeTo: subjectCode.optional(),
  /** Deepest level shown (1 = first-level subjects only); absent: every level. */
  level: z.coerce.number<number>().int().min(1).max(15).optional(),
  /** Count vouchers not yet bookkept (default true); false: bookkept vouchers only. */
  includeUnbooked: z.boolean().optional().transform((v) => v ?? true),
  /** Show subjects whose every figure is zero (default false). */
  showZero: z.boolean().optional().transform((v) => v ?? false),
});
export type SubjectBalanceFilter = z.output<typeof subjectBalanceFilter>;

export const subjectBalanceQuery = z.object({ filter: jsonParam(subjectBalanceFilter) });

/** 借 / 贷 / 平: the side a balance stands on (flat when zero). */
export const balanceSides = ['DEBIT', 'CREDIT', 'FLAT'] as const;
export type BalanceSide = (typeof balanceSides)[number];

const cents = z.string().regex(/^-?\d+$/);

export const subjectBalanceRowDto = z.object({
  subjectId: z.number().int(),
  parentId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  level: z.number().int(),
  leaf: z.boolean(),
  /** The subject's normal side: true debit, false credit. */
  direction: z.boolean(),
  /** Opening balance (before the start period): side and amount, and the same split in two columns. */
  openingSide: z.enum(balanceSides),
  openingCents: cents,
  openingDebit: cents,
  openingCredit: cents,
  /** Movements of the period range. */
  debit: cents,
  credit: cents,
  /** Year to date, through the end period. */
  ytdDebit: cents,
  ytdCredit: cents,
  closingSide: z.enum(balanceSides),
  closingCents: cents,
  closingDebit: cents,
  closingCredit: cents,
});
export type SubjectBalanceRowDto = z.infer<typeof subjectBalanceRowDto>;

export const subjectBalanceTotalsDto = z.object({
  openingDebit: cents,
  openingCredit: cents,
  debit: cents,
  credit: cents,
  ytdDebit: cents,
  ytdCredit: cents,
  closingDebit: cents,
  closingCredit: cents,
});

export const subjectBalanceDto = z.object({
  rows: z.array(subjectBalanceRowDto),
  /** Sums of the first-level subjects in the code range (a trial balance: debit = credit column by column). */
  totals: subjectBalanceTotalsDto,
});
export type SubjectBalanceDto = z.infer<typeof subjectBalanceDto>;

/**
 * 科目汇总表 (subjectSummary), 总账 (subjectTotal): the subject balance's filter (period range, code
 * range, level, unbookkept vouchers, zero rows).
 */
export const subjectSummaryQuery = subjectBalanceQuery;
export const subjectTotalQuery = subjectBalanceQuery;

export const subjectHeadDto = z.object({
  subjectId: z.number().int(),
  parentId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  level: z.number().int(),
  leaf: z.boolean(),
  direction: z.boolean(),
});
export type SubjectHeadDto = z.infer<typeof subjectHeadDto>;

export const subjectSummaryRowDto = subjectHeadDto.extend({
  debit: cents,
  credit: cents,
  /** Voucher lines behind the figures (the subject and every subject below it). */
  lines: z.number().int(),
});
export type SubjectSummaryRowDto = z.infer<typeof subjectSummaryRowDto>;

export const subjectSummaryDto = z.object({
  rows: z.array(subjectSummaryRowDto),
  /** Sums of the topmost subjects of the code range (the whole chart: debit = credit). */
  totals: z.object({ debit: cents, credit: cents, lines: z.number().int() }),
  /** Vouchers of the period range counted (bookkept only when unbookkept ones are left out). */
  voucherCount: z.number().int(),
});
export type SubjectSummaryDto = z.infer<typeof subjectSummaryDto>;

/** One period of a subject's general ledger: its movements, the year to date and the balance at its end. */
export const subjectTotalPeriodDto = z.object({
  periodId: z.number().int(),
  debit: cents,
  credit: cents,
  ytdDebit: cents,
  ytdCredit: cents,
  side: z.enum(balanceSides),
  balanceCents: cents,
});
export type SubjectTotalPeriodDto = z.infer<typeof subjectTotalPeriodDto>;

export const subjectTotalSubjectDto = subjectHeadDto.extend({
  /** Balance before the start period (the year's opening plus the earlier periods). */
  openingSide: z.enum(balanceSides),
  openingCents: cents,
  periods: z.array(subjectTotalPeriodDto),
});
export type SubjectTotalSubjectDto = z.infer<typeof subjectTotalSubjectDto>;

export const ledgerPeriodDto = z.object({ id: z.number().int(), name: z.string(), startAt: z.string(), endAt: z.string() });
export type LedgerPeriodDto = z.infer<typeof ledgerPeriodDto>;

export const subjectTotalDto = z.object({
  /** The periods of the range, in order. */
  periods: z.array(ledgerPeriodDto),
  subjects: z.array(subjectTotalSubjectDto),
});
export type SubjectTotalDto = z.infer<typeof subjectTotalDto>;

/** 明细账 (subjectDetail): one subject (with every subject below it) over a period range. */
export const subjectDetailFilter = z.object({
  accountId: idSchema,
  accountYearId: idSchema,
  startPeriodId: idSchema,
  endPeriodId: idSchema,
  subjectId: idSchema,
  includeUnbooked: z.boolean().optional().transform((v) => v ?? true),
});
export type SubjectDetailFilter = z.output<typeof subjectDetailFilter>;

export const subjectDetailQuery = z.object({
  filter: jsonParam(subjectDetailFilter),
  offset: z.coerce.number<number>().int().min(0).optional().transform((v) => v ?? 0),
  limit: z.coerce.number<number>().int().min(1).max(MAX_PAGE_LIMIT).optional().transform((v) => v ?? 100),
});

/** The rows of a sub-ledger: the opening, the lines, and after each period its total and year to date. */
export const detailRowKinds = ['OPENING', 'LINE', 'PERIOD', 'YTD'] as const;
export type DetailRowKind = (typeof detailRowKinds)[number];

export const subjectDetailRowDto = z.object({
  /** Position in the whole sub-ledger (0 = the opening row); stable across pages. */
  index: z.number().int(),
  kind: z.enum(detailRowKinds),
  periodId: z.number().int().nullable(),
  /** The voucher's date (lines); the period's last day (totals). */
  date: z.string().nullable(),
  voucherId: z.number().int().nullable(),
  /** 记 / 收 … and its English label. */
  kindName: z.string().nullable(),
  kindNameEn: z.string().nullable(),
  codeText: z.string().nullable(),
  summary: z.string().nullable(),
  /** The line's subject (a line of a subject below the one asked). */
  subjectCode: z.string().nullable(),
  debit: cents,
  credit: cents,
  /** Balance after the row (debit positive, as side + amount). */
  side: z.enum(balanceSides),
  balanceCents: cents,
});
export type SubjectDetailRowDto = z.infer<typeof subjectDetailRowDto>;

export const subjectDetailDto = z.object({
  subject: subjectHeadDto,
  periods: z.array(ledgerPeriodDto),
  /** Rows of the whole sub-ledger (opening + lines + two per period). */
  total: z.number().int(),
  /** The page asked (offset, limit). */
  rows: z.array(subjectDetailRowDto),
});
export type SubjectDetailDto = z.infer<typeof subjectDetailDto>;

/** Exports: the ledger's own filter; the workbook's texts in the caller's language. */
export const subjectLedgerExportBody = z.object({ filter: subjectBalanceFilter });
export const subjectDetailExportBody = z.object({ filter: subjectDetailFilter });

/** The finance reports menu (凭证 / 财务报表, spec 01 §2 /voucher business). */
const read = { right: RIGHTS.VOUCHER_BOOKS, scope: 'accountYear' } as const;
const tags = ['ledger'];

export const ledgerApi = {
  subjectBalance: defineRoute({ method: 'GET', path: '/ledger/subjectBalance', query: subjectBalanceQuery, answer: subjectBalanceDto, access: read, tags }),
  subjectSummary: defineRoute({ method: 'GET', path: '/ledger/subjectSummary', query: subjectSummaryQuery, answer: subjectSummaryDto, access: read, tags }),
  subjectTotal: defineRoute({ method: 'GET', path: '/ledger/subjectTotal', query: subjectTotalQuery, answer: subjectTotalDto, access: read, tags }),
  subjectDetail: defineRoute({ method: 'GET', path: '/ledger/subjectDetail', query: subjectDetailQuery, answer: subjectDetailDto, access: read, tags }),
  /** The three as .xlsx, background export tasks (decision 015). */
  subjectBalanceExport: defineRoute({ method: 'POST', path: '/ledger/subjectBalance/export', body: subjectLedgerExportBody, answer: exportTaskDto, access: read, tags: [...tags, 'export'] }),
  subjectSummaryExport: defineRoute({ method: 'POST', path: '/ledger/subjectSummary/export', body: subjectLedgerExportBody, answer: exportTaskDto, access: read, tags: [...tags, 'export'] }),
  subjectTotalExport: defineRoute({ method: 'POST', path: '/ledger/subjectTotal/export', body: subjectLedgerExportBody, answer: exportTaskDto, access: read, tags: [...tags, 'export'] }),
  subjectDetailExport: defineRoute({ method: 'POST', path: '/ledger/subjectDetail/export', body: subjectDetailExportBody, answer: exportTaskDto, access: read, tags: [...tags, 'export'] }),
};
