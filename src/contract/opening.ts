/**
 * Opening balances (期初余额, spec 01 §2 /basic initialization; issue 9; decision 029): the year's
 * openings per subject of the chart (parents sum their leaves), saving leaf openings in a batch,
 * the auxiliary breakdown of a subject with auxiliary types, the trial balance (试算平衡) and the
 * year-end carry-forward. Every route needs the initialization right (602) and is scoped to the
 * account year. Amounts in answers are integer cents in strings; amounts sent are integer cents.
 *
 * Amounts the clerk types are in the subject's own direction (a debit subject: positive = debit
 * balance; negative = the other side), as the books print an opening; answers give both that and
 * the debit-positive balance the ledgers keep.
 */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { subjectKinds } from '../domain/enums';
import { VOUCHER_LINE_MAX_CENTS } from '../domain/constants';
import { idSchema } from './common';
import { defineRoute } from './route';
import { moneyCents } from './money';

const cents = z.string().regex(/^-?\d+$/);
const amountIn = moneyCents(VOUCHER_LINE_MAX_CENTS, { min: -VOUCHER_LINE_MAX_CENTS });
const ytdIn = moneyCents(VOUCHER_LINE_MAX_CENTS).optional().transform((v) => v ?? 0);
const sides = ['DEBIT', 'CREDIT', 'FLAT'] as const;

export const openingYearQuery = z.object({ accountYearId: idSchema });

export const openingRowDto = z.object({
  subjectId: z.number().int(),
  parentId: z.number().int().nullable(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().nullable(),
  level: z.number().int(),
  leaf: z.boolean(),
  kind: z.enum(subjectKinds),
  /** The subject's normal side: true debit (借), false credit (贷). */
  direction: z.boolean(),
  disabled: z.boolean(),
  auxTypeIds: z.array(z.number().int()),
  /** The opening in the subject's own direction (negative: on the other side). */
  amountCents: cents,
  /** The same, debit positive, and the side it stands on. */
  balanceCents: cents,
  side: z.enum(sides),
  /** Movements of the year before the set was kept here (a mid-year start). */
  ytdDebitCents: cents,
  ytdCreditCents: cents,
  /** The balance at the start of the year (own direction): amount less the year's earlier movements. */
  yearStartCents: cents,
  /** Auxiliary breakdown rows the subject has (its amount is their sum). */
  auxRows: z.number().int(),
});
export type OpeningRowDto = z.infer<typeof openingRowDto>;

export const openingListDto = z.object({
  accountYearId: z.number().int(),
  /** The year's first period is settled: openings are read-only. */
  settled: z.boolean(),
  /**
   * The previous year's last period (YYYY-MM) when it is settled: its settle carried its closing
   * balances into these openings, read-only until it is reverse-settled. Null otherwise.
   */
  carriedFrom: z.string().nullable(),
  rows: z.array(openingRowDto),
});
export type OpeningListDto = z.infer<typeof openingListDto>;

export const openingSaveBody = z.object({
  accountYearId: idSchema,
  /** Leaf subjects only; a subject absent keeps its opening. A zero row removes the opening. */
  rows: z.array(z.object({ subjectId: idSchema, amountCents: amountIn, ytdDebitCents: ytdIn, ytdCreditCents: ytdIn })).min(1).max(5000),
});
export type OpeningSaveBody = z.output<typeof openingSaveBody>;

/** An auxiliary row's values: one id per auxiliary type of the subject (null: the subject has not that type). */
const auxValues = {
  departmentId: z.number().int().positive().nullable().optional(),
  employeeId: z.number().int().positive().nullable().optional(),
  customerId: z.number().int().positive().nullable().optional(),
  vendorId: z.number().int().positive().nullable().optional(),
  projectId: z.number().int().positive().nullable().optional(),
  budgetId: z.number().int().positive().nullable().optional(),
};
export const AUX_VALUE_FIELDS = ['departmentId', 'employeeId', 'customerId', 'vendorId', 'projectId', 'budgetId'] as const;
/** The field of an auxiliary type id (1 department … 6 budget). */
export const auxValueField = (type: number) => AUX_VALUE_FIELDS[type - 1];

export const openingAuxQuery = z.object({ accountYearId: idSchema, subjectId: idSchema });

export const openingAuxRowDto = z.object({
  departmentId: z.number().int().nullable(),
  employeeId: z.number().int().nullable(),
  customerId: z.number().int().nullable(),
  vendorId: z.number().int().nullable(),
  projectId: z.number().int().nullable(),
  budgetId: z.number().int().nullable(),
  /** Own direction, as the subject's row. */
  amountCents: cents,
  balanceCents: cents,
  ytdDebitCents: cents,
  ytdCreditCents: cents,
});
export type OpeningAuxRowDto = z.infer<typeof openingAuxRowDto>;

export const openingAuxDto = z.object({
  subjectId: z.number().int(),
  direction: z.boolean(),
  auxTypeIds: z.array(z.number().int()),
  settled: z.boolean(),
  /** As the list's: the settled period whose carry-forward wrote these openings (read-only), or null. */
  carriedFrom: z.string().nullable(),
  rows: z.array(openingAuxRowDto),
});
export type OpeningAuxDto = z.infer<typeof openingAuxDto>;

export const openingAuxSaveBody = z.object({
  accountYearId: idSchema,
  subjectId: idSchema,
  /** The whole breakdown (replaces the stored one); the subject's opening becomes its sum. Empty: no opening. */
  rows: z.array(z.object({ ...auxValues, amountCents: amountIn, ytdDebitCents: ytdIn, ytdCreditCents: ytdIn })).max(5000),
});
export type OpeningAuxSaveBody = z.output<typeof openingAuxSaveBody>;

export const trialBalanceProblems = ['DEBIT_CREDIT_IMBALANCE', 'YTD_IMBALANCE', 'BALANCE_SHEET_IMBALANCE'] as const;

export const trialBalanceDto = z.object({
  debitCents: cents,
  creditCents: cents,
  ytdDebitCents: cents,
  ytdCreditCents: cents,
  /** Debit-positive net balance per subject kind. */
  byKind: z.object({ ASSET: cents, DEBT: cents, INTEREST: cents, COST: cents, PROFIT: cents }),
  /** Assets (资产 + 成本) against liabilities (负债) plus equity (权益). */
  assetsCents: cents,
  liabilitiesCents: cents,
  equityCents: cents,
  /** 损益 net balance, credit positive (zero when transferred). */
  profitLossCents: cents,
  problems: z.array(z.enum(trialBalanceProblems)),
  passed: z.boolean(),
  /**
   * Balance-sheet subjects whose opening differs from their closing balance in the ledger set's
   * previous year (上年期末 ≠ 本年年初: an opening edited after the carry-forward, or a voucher booked
   * in the old year since). A warning, not a problem: the year may have been started by hand.
   */
  carryDiffers: z.array(z.object({
    code: z.string(), name: z.string(), nameEn: z.string().nullable(),
    /** The subject's balance side (true debit); the amounts are debit positive. */
    direction: z.boolean(),
    previousClosingCents: cents, openingCents: cents,
  })),
});
export type TrialBalanceDto = z.infer<typeof trialBalanceDto>;

export const carryForwardBody = z.object({ fromAccountYearId: idSchema, toAccountYearId: idSchema });

export const carryForwardDto = z.object({
  /** Leaf subjects written into the next year. */
  subjects: z.number().int(),
  auxRows: z.number().int(),
  /** Profit and loss subjects that closed with a balance (not carried: transfer profit first). */
  profitLossNotZero: z.array(z.string()),
  trialBalance: trialBalanceDto,
});
export type CarryForwardDto = z.infer<typeof carryForwardDto>;

const access = { right: RIGHTS.BASIC_INIT, scope: 'accountYear' } as const;
const tags = ['opening'];

export const openingApi = {
  /** Every subject of the year's chart with its opening (parents sum their leaves). */
  list: defineRoute({ method: 'GET', path: '/opening', query: openingYearQuery, answer: openingListDto, access, tags }),
  save: defineRoute({ method: 'POST', path: '/opening', body: openingSaveBody, answer: openingListDto, access, tags }),
  aux: defineRoute({ method: 'GET', path: '/opening/aux', query: openingAuxQuery, answer: openingAuxDto, access, tags }),
  saveAux: defineRoute({ method: 'POST', path: '/opening/aux', body: openingAuxSaveBody, answer: openingAuxDto, access, tags }),
  trialBalance: defineRoute({ method: 'GET', path: '/opening/trialBalance', query: openingYearQuery, answer: trialBalanceDto, access, tags }),
  carryForward: defineRoute({ method: 'POST', path: '/opening/carryForward', body: carryForwardBody, answer: carryForwardDto, access, tags }),
};
