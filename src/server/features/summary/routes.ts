/** /common/commonlySummary: parse (by the contract), guard the company, call the service, wrap. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { commonSummaryApi } from '../../../contract/summary';
import { DomainError } from '../../../domain/result-codes';
import { handle } from '../../http/route';
import { ok, okList } from '../../http/reply';
import { guardCompany } from '../../http/guards';
import * as service from './service';

/** A summary's company, guarded; a missing summary answers like a foreign one. */
async function guardSummary(req: FastifyRequest, id: number) {
  const s = await service.findSummary(req.server.db, id);
  if (!s) throw new DomainError('NO_PERMISSION');
  guardCompany(req, s.companyId);
  return s;
}

export async function summaryRoutes(app: FastifyInstance): Promise<void> {
  handle(app, commonSummaryApi.list, async (req) => {
    const { content, total } = await service.listSummaries(app.db, guardCompany(req, req.query.filter.companyId), req.query);
    return okList(content, total);
  });
  handle(app, commonSummaryApi.create, async (req) => ok(await service.createSummary(app.db, guardCompany(req, req.body.companyId), req.body)));
  handle(app, commonSummaryApi.update, async (req) => ok(await service.updateSummary(app.db, (await guardSummary(req, req.params.id)).id, req.body)));
  handle(app, commonSummaryApi.remove, async (req) => {
    await service.deleteSummary(app.db, (await guardSummary(req, req.params.id)).id);
    return ok(null);
  });
}
