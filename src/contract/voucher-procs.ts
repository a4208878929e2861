/**
 * A voucher's processing records (spec 01 §3 "procs"): who did which step when, with the reason
 * of an audit error, oldest first, for the editor's history panel. Written by every save and
 * lifecycle action of the voucher service.
 */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { idParams } from './common';
import { defineRoute } from './route';

export const voucherProcDto = z.object({
  id: z.number().int(),
  /** CREATED, UPDATED, AUDIT_SUCCESS, AUDIT_ERROR, REVERSE_AUDIT, BOOK_KEEP, CASHIER, INVALID, REVERSED … */
  action: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  note: z.string().nullable(),
  at: z.string(),
});
export type VoucherProcDto = z.infer<typeof voucherProcDto>;

const read = {
  right: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_DAILY, RIGHTS.VOUCHER_OPERATE, RIGHTS.VOUCHER_EDIT, RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP, RIGHTS.VOUCHER_CASHIER, RIGHTS.VOUCHER_INVALIDATE],
  scope: 'account',
} as const;

export const voucherProcApi = {
  list: defineRoute({ method: 'GET', path: '/voucher/:id/proc', params: idParams, answer: z.array(voucherProcDto), access: read, tags: ['voucher'] }),
};
