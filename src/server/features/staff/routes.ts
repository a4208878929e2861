/** Departments, employees and the organization tree: parse (by the contract), guard, call the service, wrap. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { departmentApi, employeeApi, organizationApi } from '../../../contract/staff';
import { idsOfDeleteQuery } from '../../../contract/common';
import { DomainError } from '../../../domain/result-codes';
import { handle } from '../../http/route';
import { ok, okList } from '../../http/reply';
import { companyOfFilter, guardCompany } from '../../http/guards';
import { withTx } from '../../db/tx';
import { companies } from '../../db/schema';
import { eq } from 'drizzle-orm';
import * as q from './queries';
import * as service from './service';

/** The company of a department or employee id, checked against the caller (missing = foreign = NO_PERMISSION). */
async function guardRow(req: FastifyRequest, find: (id: number) => Promise<number | undefined>, id: number): Promise<number> {
  const companyId = await find(id);
  if (companyId === undefined) throw new DomainError('NO_PERMISSION');
  return guardCompany(req, companyId);
}

/** Ids of a delete-many: all of one company the caller may change. */
async function guardRows(req: FastifyRequest, find: (id: number) => Promise<number | undefined>, ids: number[]): Promise<number> {
  let companyId: number | undefined;
  for (const id of ids) {
    const c = await guardRow(req, find, id);
    if (companyId !== undefined && c !== companyId) throw new DomainError('NO_PERMISSION');
    companyId = c;
  }
  if (companyId === undefined) throw new DomainError('NO_PERMISSION');
  return companyId;
}

/** The department used-check, shared by /aux/department/:id/used and /aux/auxUsed (one implementation). */
export async function departmentUsedCheck(req: FastifyRequest, id: number): Promise<boolean> {
  const companyId = await guardRow(req, (i) => q.companyOfDepartment(req.server.db, i), id);
  return withTx(req.server.db, (tx) => service.departmentInUse(tx, companyId, id));
}

/** The employee used-check, shared by /aux/employee/:id/used and /aux/auxUsed. */
export async function employeeUsedCheck(req: FastifyRequest, id: number): Promise<boolean> {
  const companyId = await guardRow(req, (i) => q.companyOfEmployee(req.server.db, i), id);
  return withTx(req.server.db, (tx) => service.employeeInUse(tx, companyId, id));
}

export async function staffRoutes(app: FastifyInstance): Promise<void> {
  const deptCompany = (id: number) => q.companyOfDepartment(app.db, id);
  const empCompany = (id: number) => q.companyOfEmployee(app.db, id);

  handle(app, departmentApi.list, async (req) => {
    const companyId = companyOfFilter(req, req.query.filter.companyId);
    const { content, total } = await service.listDepartments(app.db, companyId, req.query);
    return okList(content, total);
  });

  handle(app, departmentApi.principal, async (req) => {
    const companyId = companyOfFilter(req, req.query.companyId);
    const list = await service.principalDepartments(app.db, companyId, req.access.user.id);
    return okList(list, list.length);
  });

  handle(app, departmentApi.used, async (req) => ok(await departmentUsedCheck(req, req.params.id)));

  handle(app, departmentApi.create, async (req) => {
    guardCompany(req, req.body.companyId);
    return ok(await service.createDepartment(app.db, req.body));
  });

  handle(app, departmentApi.update, async (req) => {
    const companyId = await guardRow(req, deptCompany, req.params.id);
    return ok(await service.updateDepartment(app.db, companyId, req.params.id, req.body));
  });

  handle(app, departmentApi.remove, async (req) => {
    const companyId = await guardRow(req, deptCompany, req.params.id);
    await service.deleteDepartments(app.db, companyId, [req.params.id]);
    return ok(null);
  });

  handle(app, departmentApi.removeMany, async (req) => {
    const ids = idsOfDeleteQuery(req.query);
    const companyId = await guardRows(req, deptCompany, ids);
    await service.deleteDepartments(app.db, companyId, ids);
    return ok(null);
  });

  handle(app, employeeApi.list, async (req) => {
    const companyId = companyOfFilter(req, req.query.filter.companyId);
    const { content, total } = await service.listEmployees(app.db, companyId, req.query);
    return okList(content, total);
  });

  handle(app, employeeApi.used, async (req) => ok(await employeeUsedCheck(req, req.params.id)));

  handle(app, employeeApi.create, async (req) => {
    guardCompany(req, req.body.companyId);
    return ok(await service.createEmployee(app.db, req.body));
  });

  handle(app, employeeApi.update, async (req) => {
    const companyId = await guardRow(req, empCompany, req.params.id);
    return ok(await service.updateEmployee(app.db, companyId, req.params.id, req.body));
  });

  handle(app, employeeApi.bindUser, async (req) => {
    const companyId = await guardRow(req, empCompany, req.params.id);
    return ok(await service.bindUser(app.db, companyId, req.params.id, req.body.userId, req.body.version));
  });

  handle(app, employeeApi.unbindUser, async (req) => {
    const companyId = await guardRow(req, empCompany, req.params.id);
    return ok(await service.unbindUser(app.db, companyId, req.params.id, req.body?.version));
  });

  handle(app, employeeApi.remove, async (req) => {
    const companyId = await guardRow(req, empCompany, req.params.id);
    await service.deleteEmployees(app.db, companyId, [req.params.id]);
    return ok(null);
  });

  handle(app, employeeApi.removeMany, async (req) => {
    const ids = idsOfDeleteQuery(req.query);
    const companyId = await guardRows(req, empCompany, ids);
    await service.deleteEmployees(app.db, companyId, ids);
    return ok(null);
  });

  handle(app, organizationApi.get, async (req) => {
    const companyId = companyOfFilter(req, req.query.companyId);
    const [company] = await app.db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
    if (!company) throw new DomainError('NO_PERMISSION');
    const expand = req.query.expand ?? 'departments';
    const departments = await service.departmentTree(app.db, companyId, expand.includes('employees'));
    return okList([{ ...company, departments }], 1);
  });
}
