/** Vouchers: parse (by the contract), guard the ledger set of every voucher touched, call the service, wrap. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { voucherApi } from '../../../contract/voucher';
import { DomainError } from '../../../domain/result-codes';
import { handle } from '../../http/route';
import { messageOf } from '../../http/messages';
import { ok, okList } from '../../http/reply';
import { guardAccount } from '../../http/guards';
import * as q from './queries';
import * as service from './service';
import { arrangeCodes } from './arrange';

/** The caller as the lifecycle machine sees them: the rights held in the voucher's company. */
function actorOf(req: FastifyRequest, companyId: number): service.Actor {
  const u = req.access.user;
  return { id: u.id, kind: u.kind, rightIds: req.access.rightIds(companyId), lang: req.lang };
}

/** A voucher's ledger set, guarded; a missing voucher answers like a foreign one (NO_PERMISSION). */
async function guardVoucher(req: FastifyRequest, id: number) {
  const v = await q.findVoucher(req.server.db, id);
  if (!v) throw new DomainError('NO_PERMISSION');
  const account = await guardAccount(req, v.accountId);
  return { v, companyId: account.companyId };
}

export async function voucherRoutes(app: FastifyInstance): Promise<void> {
  handle(app, voucherApi.list, async (req) => {
    await guardAccount(req, req.query.filter.accountId);
    const { content, total } = await service.listVouchers(app.db, req.query);
    return okList(content, total);
  });

  handle(app, voucherApi.code, async (req) => {
    const account = await guardAccount(req, req.query.accountId);
    return ok(await service.nextCode(app.db, { ...req.query, accountId: account.id }));
  });

  handle(app, voucherApi.total, async (req) => {
    await guardAccount(req, req.query.filter.accountId);
    return ok(await q.voucherTotals(app.db, req.query.filter));
  });

  handle(app, voucherApi.makers, async (req) => {
    const account = await guardAccount(req, req.query.accountId);
    return ok(await q.makersOf(app.db, account.companyId, account.id));
  });

  handle(app, voucherApi.rolled, async (req) => {
    const ids = [...new Set(req.query.id)];
    const rows = await q.rolledOf(app.db, ids);
    // A missing voucher answers like a foreign one; every ledger set met is guarded.
    if (rows.length !== ids.length) throw new DomainError('NO_PERMISSION');
    for (const accountId of new Set(rows.map((r) => r.accountId))) await guardAccount(req, accountId);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ok(req.query.id.map((id) => ({ id, periodId: byId.get(id)!.periodId, rolled: byId.get(id)!.rolled })));
  });

  handle(app, voucherApi.get, async (req) => {
    const { v } = await guardVoucher(req, req.params.id);
    return ok(await service.getVoucher(app.db, v.id));
  });

  handle(app, voucherApi.create, async (req) => {
    const account = await guardAccount(req, req.body.accountId);
    return ok(await service.createVoucher(app.db, actorOf(req, account.companyId), account.companyId, { ...req.body, accountId: account.id }));
  });

  handle(app, voucherApi.update, async (req) => {
    const { v, companyId } = await guardVoucher(req, req.params.id);
    return ok(await service.updateVoucher(app.db, actorOf(req, companyId), companyId, v.id, req.body));
  });

  handle(app, voucherApi.remove, async (req) => {
    const { v, companyId } = await guardVoucher(req, req.params.id);
    await service.deleteVoucher(app.db, actorOf(req, companyId), companyId, v.id);
    return ok(null);
  });

  handle(app, voucherApi.act, async (req) => {
    const { v, companyId } = await guardVoucher(req, req.params.id);
    return ok(await service.actOnVoucher(app.db, actorOf(req, companyId), companyId, v.id, req.params.action, req.body));
  });

  // Every voucher is acted on by itself and answered by itself. A missing id (deleted meanwhile by
  // someone else) and a foreign one get the same answer, VOUCHER_UNAVAILABLE, so ids cannot be
  // probed; the others go on.
  handle(app, voucherApi.batch, async (req) => {
    const ids: Array<{ id: number; companyId: number }> = [];
    const unavailable = new Set<number>();
    for (const id of [...new Set(req.body.ids)]) {
      try {
        const { v, companyId } = await guardVoucher(req, id);
        ids.push({ id: v.id, companyId });
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        unavailable.add(id);
      }
    }
    // Not one voucher to act on: the call itself is refused, as a single action on such an id is.
    if (!ids.length) throw new DomainError('NO_PERMISSION');
    const done = await service.batchAct(app.db, (companyId) => actorOf(req, companyId), ids, req.body.action, req.body.reason?.trim() || null, req.lang);
    // Nothing done and every voucher refused for want of the action's right (the others unavailable):
    // the caller lacks the right itself, and the call is refused as a whole, as the single action is
    // (POST /voucher/{id}/audit → 403). Per-voucher answers stay whenever any voucher could be judged.
    if (service.batchRefused(done)) throw new DomainError('NO_PERMISSION');
    const byId = new Map(done.map((r) => [r.id, r]));
    return ok([...new Set(req.body.ids)].map((id) => byId.get(id) ?? { id, ok: false, code: 'VOUCHER_UNAVAILABLE', msg: messageOf('VOUCHER_UNAVAILABLE', req.lang) }));
  });

  // 凭证整理: the ledger set is guarded here, the period's membership in it by the service.
  handle(app, voucherApi.arrangeCode, async (req) => {
    const account = await guardAccount(req, req.body.accountId);
    return ok(await arrangeCodes(app.db, account.companyId, req.access.user.id, { ...req.body, accountId: account.id }));
  });
}
