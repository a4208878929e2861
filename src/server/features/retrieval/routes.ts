/** /retrieval: firm-wide searches over the companies where the caller holds the right (administrators: every company). */
import type { FastifyInstance } from 'fastify';
import { retrievalApi } from '../../../contract/retrieval';
import { handle } from '../../http/route';
import { ok } from '../../http/reply';
import { guardRightCompanies } from '../../http/guards';
import { conflictSearch } from './conflict';

export async function retrievalRoutes(app: FastifyInstance): Promise<void> {
  handle(app, retrievalApi.conflict, async (req) => {
    const companies = guardRightCompanies(req);
    return ok(await conflictSearch(app.db, req.access.isAdmin ? null : companies, req.query));
  });
}
