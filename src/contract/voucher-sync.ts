/**
 * The synchronised copy of a voucher into another ledger set of the same company (spec 01 §4, §7;
 * decision 024): a NORMAL voucher with a new code in the period of the same date there, its lines'
 * subjects mapped through the subject relations, the two linked SYNC both ways.
 */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { idParams, idSchema } from './common';
import { defineRoute } from './route';
import { voucherDto } from './voucher';

export const voucherSyncBody = z.object({ targetAccountId: idSchema });

export const voucherSyncApi = {
  /** Needs 2010101 (edit voucher) for the source's and the target's ledger sets; answers the new copy. */
  sync: defineRoute({ method: 'POST', path: '/voucher/:id/sync', params: idParams, body: voucherSyncBody, answer: voucherDto, access: { right: RIGHTS.VOUCHER_EDIT, scope: 'account' }, tags: ['voucher'] }),
};
