/** The synchronised copy: guard the voucher's ledger set and the target's, both for 2010101, then the service. */
import type { FastifyInstance } from 'fastify';
import { voucherSyncApi } from '../../../contract/voucher-sync';
import { DomainError } from '../../../domain/result-codes';
import { handle } from '../../http/route';
import { ok } from '../../http/reply';
import { guardAccount } from '../../http/guards';
import * as q from './queries';
import { syncVoucher } from './sync';

export async function voucherSyncRoutes(app: FastifyInstance): Promise<void> {
  handle(app, voucherSyncApi.sync, async (req) => {
    const v = await q.findVoucher(app.db, req.params.id);
    if (!v) throw new DomainError('NO_PERMISSION');
    const source = await guardAccount(req, v.accountId);
    // The copy is written in the target ledger set: the caller needs the edit right there too.
    await guardAccount(req, req.body.targetAccountId);
    const u = req.access.user;
    const actor = { id: u.id, kind: u.kind, rightIds: req.access.rightIds(source.companyId) };
    return ok(await syncVoucher(app.db, actor, source.companyId, v.id, req.body.targetAccountId, req.lang));
  });
}
