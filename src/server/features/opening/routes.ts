/** Opening balances: parse (by the contract), guard the account year(s), call the service, wrap. */
import type { FastifyInstance } from 'fastify';
import { openingApi } from '../../../contract/opening';
import { handle } from '../../http/route';
import { ok } from '../../http/reply';
import { guardAccountYear } from '../../http/guards';
import * as service from './service';

export async function openingRoutes(app: FastifyInstance): Promise<void> {
  handle(app, openingApi.list, async (req) => {
    const year = await guardAccountYear(req, req.query.accountYearId);
    return ok(await service.listOpenings(app.db, year.companyId, year.id));
  });
  handle(app, openingApi.save, async (req) => {
    const year = await guardAccountYear(req, req.body.accountYearId);
    return ok(await service.saveOpenings(app.db, year.companyId, { ...req.body, accountYearId: year.id }));
  });
  handle(app, openingApi.aux, async (req) => {
    const year = await guardAccountYear(req, req.query.accountYearId);
    return ok(await service.openingAux(app.db, year.companyId, year.id, req.query.subjectId));
  });
  handle(app, openingApi.saveAux, async (req) => {
    const year = await guardAccountYear(req, req.body.accountYearId);
    return ok(await service.saveOpeningAux(app.db, year.companyId, { ...req.body, accountYearId: year.id }, req.lang));
  });
  handle(app, openingApi.trialBalance, async (req) => {
    const year = await guardAccountYear(req, req.query.accountYearId);
    return ok(await service.openingTrialBalance(app.db, year.companyId, year.id));
  });
  handle(app, openingApi.carryForward, async (req) => {
    const from = await guardAccountYear(req, req.body.fromAccountYearId);
    const to = await guardAccountYear(req, req.body.toAccountYearId);
    return ok(await service.carryForward(app.db, from.companyId, from.id, to.id));
  });
}
