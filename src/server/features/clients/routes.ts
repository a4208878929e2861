/** Clients and projects: parse (by the contract), guard, call the service, wrap. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { customerApi, projectApi } from '../../../contract/clients';
import { DomainError } from '../../../domain/result-codes';
import { RIGHTS } from '../../../domain/rights';
import { handle } from '../../http/route';
import { ok, okList } from '../../http/reply';
import { companyOfFilter, guardCompany } from '../../http/guards';
import * as q from './queries';
import * as service from './service';

/** The company of a client or project id, checked against the caller (missing = foreign = NO_PERMISSION). */
async function guardRow(req: FastifyRequest, find: (id: number) => Promise<number | undefined>, id: number): Promise<number> {
  const companyId = await find(id);
  if (companyId === undefined) throw new DomainError('NO_PERMISSION');
  return guardCompany(req, companyId);
}

/** Who asks, for the visibility rule of clients or projects (the view-all right of the one asked about). */
export const viewer = (req: FastifyRequest, companyId: number, viewAllRight: number): service.Viewer => ({
  userId: req.access.user.id, isAdmin: req.access.isAdmin, viewAll: req.access.has(viewAllRight, companyId),
});

/** The customer used-check, shared by /aux/customer/:id/used and /aux/auxUsed (one implementation). */
export async function customerUsedCheck(req: FastifyRequest, id: number): Promise<boolean> {
  const companyId = await guardRow(req, (i) => q.companyOfCustomer(req.server.db, i), id);
  return service.customerUsed(req.server.db, companyId, viewer(req, companyId, RIGHTS.CUSTOMER_VIEW_ALL), id);
}

/** The project used-check, shared by /aux/project/:id/used and /aux/auxUsed. */
export async function projectUsedCheck(req: FastifyRequest, id: number): Promise<boolean> {
  const companyId = await guardRow(req, (i) => q.companyOfProject(req.server.db, i), id);
  return service.projectUsed(req.server.db, companyId, viewer(req, companyId, RIGHTS.PROJECT_VIEW_ALL), id);
}

export async function clientRoutes(app: FastifyInstance): Promise<void> {
  const customerCompany = (id: number) => q.companyOfCustomer(app.db, id);
  const projectCompany = (id: number) => q.companyOfProject(app.db, id);
  const C = RIGHTS.CUSTOMER_VIEW_ALL;
  const P = RIGHTS.PROJECT_VIEW_ALL;

  handle(app, customerApi.list, async (req) => {
    const companyId = companyOfFilter(req, req.query.filter.companyId);
    const { content, total } = await service.listCustomers(app.db, companyId, viewer(req, companyId, C), req.query);
    return okList(content, total);
  });
  handle(app, customerApi.used, async (req) => ok(await customerUsedCheck(req, req.params.id)));
  handle(app, customerApi.create, async (req) => {
    guardCompany(req, req.body.companyId);
    return ok(await service.createCustomer(app.db, req.body));
  });
  handle(app, customerApi.update, async (req) => {
    const companyId = await guardRow(req, customerCompany, req.params.id);
    return ok(await service.updateCustomer(app.db, companyId, viewer(req, companyId, C), req.params.id, req.body));
  });
  handle(app, customerApi.remove, async (req) => {
    const companyId = await guardRow(req, customerCompany, req.params.id);
    await service.deleteCustomer(app.db, companyId, viewer(req, companyId, C), req.params.id);
    return ok(null);
  });

  handle(app, projectApi.list, async (req) => {
    const companyId = companyOfFilter(req, req.query.filter.companyId);
    const { content, total } = await service.listProjects(app.db, companyId, viewer(req, companyId, P), req.query);
    return okList(content, total);
  });
  handle(app, projectApi.used, async (req) => ok(await projectUsedCheck(req, req.params.id)));
  handle(app, projectApi.create, async (req) => {
    guardCompany(req, req.body.companyId);
    return ok(await service.createProject(app.db, req.body));
  });
  handle(app, projectApi.update, async (req) => {
    const companyId = await guardRow(req, projectCompany, req.params.id);
    return ok(await service.updateProject(app.db, companyId, viewer(req, companyId, P), req.params.id, req.body));
  });
  handle(app, projectApi.remove, async (req) => {
    const companyId = await guardRow(req, projectCompany, req.params.id);
    await service.deleteProject(app.db, companyId, viewer(req, companyId, P), req.params.id);
    return ok(null);
  });
}
