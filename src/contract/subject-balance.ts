/**
 * A subject's balance in an account year (spec 01 §7 "/subject with balance"), for the voucher
 * editor's "balance as you type": the year's opening balance plus the posted voucher lines of the
 * year up to a date, split into the bookkept part and everything saved (bookkept or not), invalid
 * vouchers left out. A parent subject sums its subtree (codes starting with its code).
 *
 * The opening balance is 0 until the year's opening balances exist (issue 9 adds them): the
 * server's query already adds an opening term per subject, so the answer's shape does not change.
 */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { dateString, idOrIds, idSchema, jsonParam } from './common';
import { defineRoute } from './route';

export const subjectBalanceFilter = z.object({
  accountYearId: idSchema,
  /** One subject or a list (at most 200). */
  subjectId: idOrIds.pipe(z.array(z.number()).min(1).max(200)),
  /** Lines of vouchers dated up to and including this day; absent: the whole year. */
  dateTo: dateString.optional(),
  /** Leaves this voucher's stored lines out (the editor adds its unsaved lines itself). */
  excludeVoucherId: idSchema.optional(),
});
export type SubjectBalanceFilter = z.output<typeof subjectBalanceFilter>;

/** Debit and credit movement and the balance in the subject's own direction (positive: on its side). */
const figures = z.object({
  debitCents: z.string(),
  creditCents: z.string(),
  balanceCents: z.string(),
});

export const subjectBalanceDto = z.object({
  subjectId: z.number().int(),
  code: z.string(),
  /** The subject's normal side: true debit (借), false credit (贷). */
  direction: z.boolean(),
  /** The year's opening balance in the subject's direction (0 until opening balances exist, issue 9). */
  openingCents: z.string(),
  /** Every saved, not invalid voucher (bookkept or not). */
  all: figures,
  /** Bookkept vouchers only. */
  bookkept: figures,
});
export type SubjectBalanceDto = z.infer<typeof subjectBalanceDto>;

/** Reading balances needs a voucher right (menu or operation) or the books menu. */
const read = {
  right: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_DAILY, RIGHTS.VOUCHER_OPERATE, RIGHTS.VOUCHER_BOOKS, RIGHTS.VOUCHER_EDIT, RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP, RIGHTS.VOUCHER_CASHIER, RIGHTS.VOUCHER_INVALIDATE],
  scope: 'accountYear',
} as const;

export const subjectBalanceApi = {
  /** Balances of the given subjects, in the order asked: filter={"accountYearId":…,"subjectId":[…],"dateTo":…}. */
  balance: defineRoute({ method: 'GET', path: '/subject/balance', query: z.object({ filter: jsonParam(subjectBalanceFilter) }), answer: z.array(subjectBalanceDto), access: read, tags: ['subject'] }),
};
