/** Subject relations: parse (by the contract), guard both account years, call the service, wrap. */
import type { FastifyInstance } from 'fastify';
import { subjectRelationApi } from '../../../contract/subject-relation';
import { handle } from '../../http/route';
import { ok, okList } from '../../http/reply';
import { guardAccountYear } from '../../http/guards';
import * as relation from './relation';

export async function subjectRelationRoutes(app: FastifyInstance): Promise<void> {
  handle(app, subjectRelationApi.list, async (req) => {
    const { sourceAccountYearId, targetAccountYearId } = req.query.filter;
    const source = await guardAccountYear(req, sourceAccountYearId);
    if (targetAccountYearId !== undefined) await guardAccountYear(req, targetAccountYearId);
    const all = await relation.listRelations(app.db, source.companyId, source.id, targetAccountYearId);
    const { offset, limit } = req.query;
    return okList(all.slice(offset, offset + limit), all.length);
  });

  handle(app, subjectRelationApi.save, async (req) => {
    const source = await guardAccountYear(req, req.body.sourceAccountYearId);
    await guardAccountYear(req, req.body.targetAccountYearId);
    return ok(await relation.saveRelations(app.db, source.companyId, req.lang, req.body));
  });

  handle(app, subjectRelationApi.byCode, async (req) => {
    const source = await guardAccountYear(req, req.body.sourceAccountYearId);
    const target = await guardAccountYear(req, req.body.targetAccountYearId);
    return ok(await relation.mapByCode(app.db, source.companyId, source.id, target.id));
  });

  handle(app, subjectRelationApi.remove, async (req) => {
    const source = await guardAccountYear(req, req.query.filter.sourceAccountYearId);
    await relation.deleteRelations(app.db, source.id, req.query.filter.id);
    return ok(null);
  });
}
