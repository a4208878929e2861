/**
 * Period end (期末处理, spec 01 §2 /voucher/end/periodSettlement, §4, §7): the profit and loss
 * transfer (POST /voucher/profitTransfer), what blocks the next settle (GET /account/{id}/rollInfo),
 * settle (POST /account/{id}/roll, option rewriteBalance) and reverse settle
 * (POST /account/{id}/reverseRoll). Amounts travel as integer cents in strings.
 */
import { z } from 'zod';
import { idParams, idSchema } from './common';
import { defineRoute } from './route';
import { voucherDto } from './voucher';
import { periodDto } from './account';
import { RIGHTS } from '../domain/rights';

const cents = z.string().regex(/^-?\d+$/);

export const profitTransferBody = z.object({
  /** The period whose profit and loss is closed; the voucher is dated on its last day. */
  periodId: idSchema,
  /**
   * Count vouchers not yet bookkept too (unaudited ones included). Default false: bookkept vouchers
   * (and earlier transfers) only, as Kingdee and Yonyou transfer by default.
   */
  includeUnbooked: z.boolean().optional().transform((v) => v ?? false),
  /** The voucher kind; the ledger set's default kind when absent. */
  kindId: idSchema.optional(),
  /** true: answer the lines it would write and write nothing. */
  preview: z.boolean().optional().transform((v) => v ?? false),
  /**
   * PROFIT_LOSS (default, 结转损益): profit and loss into 本年利润. YEAR_PROFIT (结转本年利润, the
   * year's last period only): 本年利润's year-end balance into 利润分配—未分配利润.
   */
  close: z.enum(['PROFIT_LOSS', 'YEAR_PROFIT']).optional().transform((v) => v ?? 'PROFIT_LOSS'),
});
export type ProfitTransferBody = z.output<typeof profitTransferBody>;

export const profitTransferLineDto = z.object({
  summary: z.string(),
  subjectId: z.number().int(),
  subjectCode: z.string(),
  subjectName: z.string(),
  subjectNameEn: z.string().nullable(),
  /** true debit (借), false credit (贷). */
  direction: z.boolean(),
  amount: cents,
  /** The line's auxiliary values, with their code and name (the preview shows them). */
  auxes: z.array(z.object({ auxTypeId: z.number().int(), auxId: z.number().int(), code: z.string(), name: z.string() })),
});
export type ProfitTransferLineDto = z.infer<typeof profitTransferLineDto>;

export const profitTransferDto = z.object({
  periodId: z.number().int(),
  markTime: z.string(),
  /** The current year profit subject (本年利润) the balances go to. */
  profitSubject: z.object({ id: z.number().int(), code: z.string(), name: z.string(), nameEn: z.string().nullable() }),
  /** Which close: PROFIT_LOSS or YEAR_PROFIT. */
  close: z.enum(['PROFIT_LOSS', 'YEAR_PROFIT']),
  /** Where the balances go: 本年利润 for PROFIT_LOSS, 利润分配—未分配利润 for YEAR_PROFIT. */
  target: z.object({ id: z.number().int(), code: z.string(), name: z.string(), nameEn: z.string().nullable() }),
  lines: z.array(profitTransferLineDto),
  totalCents: cents,
  /** The voucher written (null for a preview). */
  voucher: voucherDto.nullable(),
});
export type ProfitTransferDto = z.infer<typeof profitTransferDto>;

/** What the settle checks found: a blocker refuses the settle, a warning does not. */
export const rollCheckCodes = [
  'NOT_AUDITED', 'NOT_BOOKKEPT', 'PERIOD_UNBALANCED', 'OPENING_UNBALANCED', 'OPENING_CARRY_DIFFERS', 'PROFIT_NOT_TRANSFERRED', 'YEAR_PROFIT_NOT_CLOSED',
  'CARRY_SUBJECT_MISSING', 'CODE_GAPS',
] as const;
export type RollCheckCode = (typeof rollCheckCodes)[number];

export const rollCheckDto = z.object({
  code: z.enum(rollCheckCodes),
  level: z.enum(['BLOCKER', 'WARNING']),
  /** The localized sentence. */
  message: z.string(),
  count: z.number().int(),
  /** The vouchers concerned (NOT_AUDITED, NOT_BOOKKEPT), to open in the voucher list. */
  voucherIds: z.array(z.number().int()),
  /**
   * Subjects concerned (PROFIT_NOT_TRANSFERRED; YEAR_PROFIT_NOT_CLOSED: the 本年利润 subjects holding a
   * balance; CARRY_SUBJECT_MISSING: this year's subjects whose code has no leaf in the next year's chart).
   */
  subjectIds: z.array(z.number().int()),
});
export type RollCheckDto = z.infer<typeof rollCheckDto>;

export const rollInfoDto = z.object({
  accountId: z.number().int(),
  /** The next period to settle (the earliest unsettled one of the ledger set), null when every period is settled. */
  period: periodDto.nullable(),
  accountYearId: z.number().int().nullable(),
  year: z.number().int().nullable(),
  /** Whether the period is the last of its account year (settling it carries balances into the next year). */
  yearEnd: z.boolean(),
  /** The last settled period (the one a reverse settle reopens), null when none. */
  lastSettled: periodDto.nullable(),
  /** True when no blocker stands. */
  canRoll: z.boolean(),
  checks: z.array(rollCheckDto),
  /** Period debit and credit (every valid voucher) and the opening trial balance's sides. */
  debitCents: cents,
  creditCents: cents,
  openingDebitCents: cents,
  openingCreditCents: cents,
});
export type RollInfoDto = z.infer<typeof rollInfoDto>;

export const rollBody = z.object({
  /** Recompute the balance tables from the lines first, in the same transaction. */
  rewriteBalance: z.boolean().optional().transform((v) => v ?? false),
}).optional().transform((v) => v ?? { rewriteBalance: false });

export const reverseRollBody = z.object({
  /** Optional: the period the caller means to reopen; refused unless it is the last settled one. */
  periodId: idSchema.optional(),
}).optional().transform((v) => v ?? {});

export const rollResultDto = z.object({
  period: periodDto,
  /** The account year opened by a year-end settle (null otherwise). */
  nextAccountYearId: z.number().int().nullable(),
  /** Whether the year's closing balances were carried into the next year's openings. */
  carriedForward: z.boolean(),
  rebuilt: z.boolean(),
});

const settle = { right: RIGHTS.SETTLE_ACCOUNT, scope: 'account' } as const;

export const periodEndApi = {
  profitTransfer: defineRoute({ method: 'POST', path: '/voucher/profitTransfer', body: profitTransferBody, answer: profitTransferDto, access: { right: RIGHTS.SETTLE_ACCOUNT, scope: 'period' }, tags: ['period-end'] }),
  rollInfo: defineRoute({ method: 'GET', path: '/account/:id/rollInfo', params: idParams, answer: rollInfoDto, access: { right: [RIGHTS.VOUCHER_PERIOD_END, RIGHTS.SETTLE_ACCOUNT], scope: 'account' }, tags: ['period-end'] }),
  roll: defineRoute({ method: 'POST', path: '/account/:id/roll', params: idParams, body: rollBody, answer: rollResultDto, access: settle, tags: ['period-end'] }),
  reverseRoll: defineRoute({ method: 'POST', path: '/account/:id/reverseRoll', params: idParams, body: reverseRollBody, answer: z.object({ period: periodDto }), access: settle, tags: ['period-end'] }),
};
