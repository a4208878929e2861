/**
 * Stepping through a ledger set's vouchers in the editor (spec 01 §2 first / previous / next / last
 * voucher; the auditor's examine-and-next): the first, the last, or the neighbour of a voucher.
 * null: none that way.
 *
 * Two sets to step in:
 * - the whole account year (`accountYearId`), in the editor's order (mark date, code, id), invalid
 *   vouchers included: a voucher opened as new or from a ledger;
 * - a voucher list's result (`filter`, the list's voucherFilter, and its `sort`): a voucher opened
 *   from the list steps within what the list shows, in the list's order (its sort, then mark date,
 *   code, id), as Kingdee and Yonyou do. The voucher stepped from need not match the filter any
 *   more (an examined voucher leaves "to be audited"): its place in the order counts.
 */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { idSchema, jsonParam, sortSchema } from './common';
import { defineRoute } from './route';
import { voucherFilter } from './voucher';

export const voucherStepQuery = z.object({
  accountId: idSchema,
  /** The year to step in; not needed with a `filter` (the filter says which vouchers). */
  accountYearId: idSchema.optional(),
  step: z.enum(['first', 'previous', 'next', 'last']),
  /** The voucher to step from (previous / next); without it previous and next answer like last and first. */
  fromId: idSchema.optional(),
  /** Step within a voucher list's result: its filter (of this ledger set) as GET /voucher takes it. */
  filter: jsonParam(voucherFilter).optional(),
  /** …in the list's order: its sort as GET /voucher takes it (only with `filter`). */
  sort: jsonParam(sortSchema).optional(),
}).superRefine((q, ctx) => {
  if (q.accountYearId === undefined && q.filter === undefined) ctx.addIssue({ code: 'custom', path: ['accountYearId'], message: 'required' });
});

export const voucherStepDto = z.object({ id: z.number().int(), markTime: z.string(), code: z.number().int() }).nullable();

const read = {
  right: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_DAILY, RIGHTS.VOUCHER_OPERATE, RIGHTS.VOUCHER_EDIT, RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP, RIGHTS.VOUCHER_CASHIER, RIGHTS.VOUCHER_INVALIDATE],
  scope: 'account',
} as const;

export const voucherStepApi = {
  step: defineRoute({ method: 'GET', path: '/voucher/step', query: voucherStepQuery, answer: voucherStepDto, access: read, tags: ['voucher'] }),
};
