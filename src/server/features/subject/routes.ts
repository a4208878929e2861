/** Subjects and their code rule: parse (by the contract), guard the account year, call the service, wrap. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { subjectApi } from '../../../contract/subject';
import { DomainError } from '../../../domain/result-codes';
import { handle } from '../../http/route';
import { ok, okList } from '../../http/reply';
import { guardAccountYear } from '../../http/guards';
import * as q from './queries';
import * as service from './service';

/** A subject's account year, guarded; a missing subject answers like a foreign one. */
async function guardSubject(req: FastifyRequest, id: number) {
  const s = await q.findSubject(req.server.db, id);
  if (!s) throw new DomainError('NO_PERMISSION');
  await guardAccountYear(req, s.accountYearId);
  return s;
}

export async function subjectRoutes(app: FastifyInstance): Promise<void> {
  handle(app, subjectApi.list, async (req) => {
    const year = await guardAccountYear(req, req.query.filter.accountYearId);
    const { content, total } = await service.listSubjects(app.db, year.companyId, req.query);
    return okList(content, total);
  });

  handle(app, subjectApi.codeRule, async (req) => {
    const year = await guardAccountYear(req, req.query.accountYearId);
    return ok(await service.getCodeRule(app.db, year.id));
  });

  handle(app, subjectApi.saveCodeRule, async (req) => {
    const year = await guardAccountYear(req, req.body.accountYearId);
    return ok(await service.saveCodeRule(app.db, year.id, req.body.lengths));
  });

  handle(app, subjectApi.used, async (req) => {
    const s = await guardSubject(req, req.query.id);
    return ok(await service.subjectUsed(app.db, s.id));
  });

  handle(app, subjectApi.usedLevel, async (req) => {
    const year = await guardAccountYear(req, req.query.accountYearId);
    return ok(await service.usedLevel(app.db, year.id));
  });

  handle(app, subjectApi.byAux, async (req) => {
    const { accountYearId, auxTypeId, leaf, disabled } = req.query.filter;
    const year = await guardAccountYear(req, accountYearId);
    const { content, total } = await service.listSubjects(app.db, year.companyId, { ...req.query, filter: { accountYearId: year.id, code: undefined, auxTypeId, leaf, disabled } });
    return okList(content, total);
  });

  handle(app, subjectApi.specific, async (req) => {
    const year = await guardAccountYear(req, req.query.accountYearId);
    return ok(await service.listSpecificSubjects(app.db, year.id, req.query.kind));
  });

  handle(app, subjectApi.saveSpecific, async (req) => {
    const year = await guardAccountYear(req, req.body.accountYearId);
    return ok(await service.saveSpecificSubjects(app.db, year.companyId, year.id, req.body.kind, req.body.subjectIds));
  });

  handle(app, subjectApi.get, async (req) => {
    const s = await guardSubject(req, req.params.id);
    return ok(await service.getSubject(app.db, s.id));
  });

  handle(app, subjectApi.create, async (req) => {
    const year = await guardAccountYear(req, req.body.accountYearId);
    return ok(await service.createSubject(app.db, year.companyId, { ...req.body, accountYearId: year.id }));
  });

  handle(app, subjectApi.update, async (req) => {
    const s = await guardSubject(req, req.params.id);
    return ok(await service.updateSubject(app.db, s.id, req.body));
  });

  handle(app, subjectApi.remove, async (req) => {
    const year = await guardAccountYear(req, req.query.filter.accountYearId);
    await service.deleteSubjects(app.db, year.id, req.query.filter.id);
    return ok(null);
  });
}
