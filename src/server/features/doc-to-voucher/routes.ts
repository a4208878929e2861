/** Documents to vouchers: guard the ledger set (voucher edit right) and the source's read right, call the service, wrap. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { docToVoucherApi, type DocSource } from '../../../contract/doc-to-voucher';
import { RIGHTS } from '../../../domain/rights';
import { handle } from '../../http/route';
import { ok } from '../../http/reply';
import { guardAccount, guardCompany } from '../../http/guards';
import * as service from './service';

/** Reading reimbursements: manage or edit; reading the journal: the cashier menu. */
const SOURCE_RIGHT: Record<DocSource, number | readonly number[]> = {
  EXPENSE: [RIGHTS.REIMBURSE_MANAGE, RIGHTS.REIMBURSE_EDIT],
  JOURNAL: RIGHTS.CASHIER,
};

async function guard(req: FastifyRequest, accountId: number, source: DocSource) {
  const account = await guardAccount(req, accountId);
  guardCompany(req, account.companyId, SOURCE_RIGHT[source]);
  return account;
}

export async function docToVoucherRoutes(app: FastifyInstance): Promise<void> {
  const api = docToVoucherApi;
  handle(app, api.billQuery, async (req) => {
    const account = await guard(req, req.query.accountId, req.query.source);
    // A voucher's own sources: the voucher menu and the source's read right suffice (the route's access).
    if (req.query.voucherId === undefined) guardCompany(req, account.companyId, RIGHTS.VOUCHER_EDIT);
    return ok(await service.billQuery(app.db, account.companyId, { ...req.query, accountId: account.id }));
  });
  handle(app, api.billRules, async (req) => {
    const account = await guard(req, req.query.accountId, 'EXPENSE');
    return ok(await service.billRules(app.db, account.id, req.query.accountYearId));
  });
  const actorOf = (req: FastifyRequest, companyId: number) => ({ id: req.access.user.id, kind: req.access.user.kind, rightIds: req.access.rightIds(companyId) });
  handle(app, api.billTransfer, async (req) => {
    const account = await guard(req, req.body.accountId, req.body.source);
    const { id, ...rest } = req.body;
    return ok(await service.transfer(app.db, actorOf(req, account.companyId), account.companyId, { ...rest, accountId: account.id, ids: [id] }, req.lang));
  });
  handle(app, api.billsTransfer, async (req) => {
    const account = await guard(req, req.body.accountId, req.body.source);
    return ok(await service.transfer(app.db, actorOf(req, account.companyId), account.companyId, { ...req.body, accountId: account.id }, req.lang));
  });
}
