/** Period end: parse (by the contract), guard the period or ledger set, call the service, wrap. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { periodEndApi } from '../../../contract/period-end';
import { handle } from '../../http/route';
import { ok } from '../../http/reply';
import { guardAccount, guardPeriod } from '../../http/guards';
import { pickLanguage } from '../../http/messages';
import type { Language } from '../../../domain/enums';
import type { Actor } from '../voucher/service';
import * as service from './service';

const langOf = (req: FastifyRequest): Language => req.lang ?? pickLanguage(req.headers['x-language'] as string | undefined, req.headers['accept-language']);

function actorOf(req: FastifyRequest, companyId: number): Actor {
  const u = req.access.user;
  return { id: u.id, kind: u.kind, rightIds: req.access.rightIds(companyId) };
}

export async function periodEndRoutes(app: FastifyInstance): Promise<void> {
  handle(app, periodEndApi.profitTransfer, async (req) => {
    const period = await guardPeriod(req, req.body.periodId);
    return ok(await service.profitTransfer(app.db, actorOf(req, period.companyId), period.companyId, req.body, langOf(req)));
  });

  handle(app, periodEndApi.rollInfo, async (req) => {
    const account = await guardAccount(req, req.params.id);
    return ok(await service.rollInfo(app.db, account.id, langOf(req)));
  });

  handle(app, periodEndApi.roll, async (req) => {
    const account = await guardAccount(req, req.params.id);
    return ok(await service.roll(app.db, account.id, req.body.rewriteBalance, langOf(req)));
  });

  handle(app, periodEndApi.reverseRoll, async (req) => {
    const account = await guardAccount(req, req.params.id);
    return ok(await service.reverseRoll(app.db, account.id, req.body.periodId));
  });
}
