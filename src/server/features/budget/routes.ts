/** Budgets and vendors: parse (by the contract), guard the account year / ledger set, call the service, wrap. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { budgetApi, vendorApi } from '../../../contract/budget';
import { DomainError } from '../../../domain/result-codes';
import { handle } from '../../http/route';
import { ok, okList } from '../../http/reply';
import { guardAccount, guardAccountYear } from '../../http/guards';
import * as q from './queries';
import * as service from './service';

/** A budget's account year, guarded; a missing budget answers like a foreign one. */
async function guardBudget(req: FastifyRequest, id: number) {
  const b = await q.findBudget(req.server.db, id);
  if (!b) throw new DomainError('NO_PERMISSION');
  const year = await guardAccountYear(req, b.accountYearId);
  return { b, companyId: year.companyId };
}

/** A vendor's ledger set, guarded; a missing vendor answers like a foreign one. */
async function guardVendor(req: FastifyRequest, id: number) {
  const v = await q.findVendor(req.server.db, id);
  if (!v) throw new DomainError('NO_PERMISSION');
  const account = await guardAccount(req, v.accountId);
  return { v, companyId: account.companyId };
}

/** The budget used-check, shared by /aux/budget/:id/used and /aux/auxUsed (one implementation). */
export async function budgetUsedCheck(req: FastifyRequest, id: number): Promise<boolean> {
  const { b } = await guardBudget(req, id);
  return service.budgetUsed(req.server.db, b.id);
}

/** The vendor used-check, shared by /aux/vendor/:id/used and /aux/auxUsed. */
export async function vendorUsedCheck(req: FastifyRequest, id: number): Promise<boolean> {
  const { v } = await guardVendor(req, id);
  return service.vendorUsed(req.server.db, v.id);
}

export async function budgetRoutes(app: FastifyInstance): Promise<void> {
  handle(app, budgetApi.list, async (req) => {
    const year = await guardAccountYear(req, req.query.filter.accountYearId);
    const { content, total } = await service.listBudgets(app.db, year.companyId, req.query);
    return okList(content, total);
  });

  handle(app, budgetApi.summary, async (req) => {
    const year = await guardAccountYear(req, req.query.accountYearId);
    return ok(await service.budgetSummary(app.db, year.id));
  });

  handle(app, budgetApi.used, async (req) => ok(await budgetUsedCheck(req, req.params.id)));

  handle(app, budgetApi.create, async (req) => {
    const year = await guardAccountYear(req, req.body.accountYearId);
    return ok(await service.createBudget(app.db, year.companyId, { ...req.body, accountYearId: year.id }));
  });

  handle(app, budgetApi.update, async (req) => {
    const { b, companyId } = await guardBudget(req, req.params.id);
    return ok(await service.updateBudget(app.db, companyId, b.id, req.body));
  });

  handle(app, budgetApi.remove, async (req) => {
    const { b } = await guardBudget(req, req.params.id);
    await service.deleteBudget(app.db, b.id);
    return ok(null);
  });

  handle(app, vendorApi.list, async (req) => {
    const account = await guardAccount(req, req.query.filter.accountId);
    const { content, total } = await service.listVendors(app.db, account.companyId, req.query);
    return okList(content, total);
  });

  handle(app, vendorApi.used, async (req) => ok(await vendorUsedCheck(req, req.params.id)));

  handle(app, vendorApi.create, async (req) => {
    const account = await guardAccount(req, req.body.accountId);
    return ok(await service.createVendor(app.db, account.companyId, { ...req.body, accountId: account.id }));
  });

  handle(app, vendorApi.update, async (req) => {
    const { v, companyId } = await guardVendor(req, req.params.id);
    return ok(await service.updateVendor(app.db, companyId, v.id, req.body));
  });

  handle(app, vendorApi.remove, async (req) => {
    const { v } = await guardVendor(req, req.params.id);
    await service.deleteVendor(app.db, v.id);
    return ok(null);
  });
}
