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

/** The finance reports menu (凭证 / 财务报表, spec 01 §2 /voucher business). */
const read = { right: RIGHTS.VOUCHER_BOOKS, scope: 'accountYear' } as const;
const tags = ['ledger'];

export const ledgerApi = {
  subjectBalance: defineRoute({ method: 'GET', path: '/ledger/subjectBalance', query: subjectBalanceQuery, answer: subjectBalanceDto, access: read, tags }),
};
