/** The business query (right 103): parse (by the contract), guard the company, answer. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { businessApi, type BusinessQueryFilter } from '../../../contract/business';
import { RIGHTS } from '../../../domain/rights';
import { handle } from '../../http/route';
import { ok } from '../../http/reply';
import { companyOfFilter } from '../../http/guards';
import { taskDto } from '../export/service';
import type { Viewer } from '../clients/service';
import { viewer } from '../clients/routes';
import { businessQuery } from './query';
import { exportBusinessQuery } from './export';

/** The company asked for (default: the current one), where the caller holds right 103, and who sees which cases. */
function asker(req: FastifyRequest, f: BusinessQueryFilter): { companyId: number; viewer: Viewer } {
  const companyId = companyOfFilter(req, f.companyId);
  return { companyId, viewer: viewer(req, companyId, RIGHTS.PROJECT_VIEW_ALL) };
}

export async function businessRoutes(app: FastifyInstance): Promise<void> {
  handle(app, businessApi.query, async (req) => {
    const { companyId, viewer } = asker(req, req.query.filter);
    return ok(await businessQuery(app.db, companyId, viewer, req.query.filter));
  });
  handle(app, businessApi.export, async (req) => {
    const { companyId, viewer } = asker(req, req.body.filter);
    const task = await exportBusinessQuery(app, { companyId, userId: req.access.user!.id }, viewer, req.body.filter);
    return ok(taskDto(task, app.opts.fileSecret!, req.lang));
  });
}
