/**
 * Stepping through a ledger set's vouchers of one account year in the editor's order (mark date,
 * code, id): the first, the last, or the neighbour of a voucher (spec 01 §2 first / previous /
 * next / last voucher; the auditor's examine-and-next). Invalid vouchers count. null: none that way.
 */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { idSchema } from './common';
import { defineRoute } from './route';

export const voucherStepQuery = z.object({
  accountId: idSchema,
  accountYearId: idSchema,
  step: z.enum(['first', 'previous', 'next', 'last']),
  /** The voucher to step from (previous / next); without it previous and next answer like last and first. */
  fromId: idSchema.optional(),
});

export const voucherStepDto = z.object({ id: z.number().int(), markTime: z.string(), code: z.number().int() }).nullable();

const read = {
  right: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_DAILY, RIGHTS.VOUCHER_OPERATE, RIGHTS.VOUCHER_EDIT, RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP, RIGHTS.VOUCHER_CASHIER, RIGHTS.VOUCHER_INVALIDATE],
  scope: 'account',
} as const;

export const voucherStepApi = {
  step: defineRoute({ method: 'GET', path: '/voucher/step', query: voucherStepQuery, answer: voucherStepDto, access: read, tags: ['voucher'] }),
};
