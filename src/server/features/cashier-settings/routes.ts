/** Cashier settings: parse (by the contract), guard the company / ledger set / account year, call the service, wrap. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bankAccountApi, bankApi, incomeKindApi, outcomeKindApi } from '../../../contract/cashier-settings';
import { DomainError } from '../../../domain/result-codes';
import { handle } from '../../http/route';
import { ok, okList } from '../../http/reply';
import { guardAccount, guardAccountYear, guardCompany } from '../../http/guards';
import * as q from './queries';
import * as service from './service';

/** A bank's company, guarded; a missing bank answers like a foreign one. */
async function guardBank(req: FastifyRequest, id: number) {
  const b = await q.findBank(req.server.db, id);
  if (!b) throw new DomainError('NO_PERMISSION');
  guardCompany(req, b.companyId);
  return b;
}

async function guardBankAccount(req: FastifyRequest, id: number) {
  const a = await q.findBankAccount(req.server.db, id);
  if (!a) throw new DomainError('NO_PERMISSION');
  await guardAccount(req, a.accountId);
  return a;
}

async function guardKind(req: FastifyRequest, id: number, direction: service.Direction) {
  const k = await q.findCashierKind(req.server.db, id);
  if (!k || k.direction !== direction) throw new DomainError('NO_PERMISSION');
  await guardAccount(req, k.accountId);
  return k;
}

/** A year named by an update body must be of the record's ledger set (checked again in the service). */
async function guardYearOf(req: FastifyRequest, accountYearId: number | undefined) {
  if (accountYearId !== undefined) await guardAccountYear(req, accountYearId);
}

export async function cashierSettingsRoutes(app: FastifyInstance): Promise<void> {
  handle(app, bankApi.list, async (req) => {
    const companyId = guardCompany(req, req.query.filter.companyId);
    const { content, total } = await service.listBanks(app.db, companyId, req.query);
    return okList(content, total);
  });
  handle(app, bankApi.used, async (req) => ok(await service.bankUsed(app.db, (await guardBank(req, req.params.id)).id)));
  handle(app, bankApi.create, async (req) => ok(await service.createBank(app.db, guardCompany(req, req.body.companyId), req.body)));
  handle(app, bankApi.update, async (req) => ok(await service.updateBank(app.db, (await guardBank(req, req.params.id)).id, req.body)));
  handle(app, bankApi.remove, async (req) => {
    await service.deleteBank(app.db, (await guardBank(req, req.params.id)).id);
    return ok(null);
  });

  handle(app, bankAccountApi.list, async (req) => {
    const account = await guardAccount(req, req.query.filter.accountId);
    const { content, total } = await service.listBankAccounts(app.db, account.companyId, req.query);
    return okList(content, total);
  });
  handle(app, bankAccountApi.used, async (req) => ok(await service.bankAccountUsed(app.db, (await guardBankAccount(req, req.params.id)).id)));
  handle(app, bankAccountApi.create, async (req) => {
    const year = await guardAccountYear(req, req.body.accountYearId);
    return ok(await service.createBankAccount(app.db, year.companyId, { ...req.body, accountYearId: year.id }));
  });
  handle(app, bankAccountApi.update, async (req) => {
    const a = await guardBankAccount(req, req.params.id);
    await guardYearOf(req, req.body.accountYearId);
    return ok(await service.updateBankAccount(app.db, a.id, req.body));
  });
  handle(app, bankAccountApi.remove, async (req) => {
    await service.deleteBankAccount(app.db, (await guardBankAccount(req, req.params.id)).id);
    return ok(null);
  });

  for (const [api, direction] of [[incomeKindApi, 'INCOME'], [outcomeKindApi, 'OUTCOME']] as const) {
    handle(app, api.list, async (req) => {
      const account = await guardAccount(req, req.query.filter.accountId);
      const { content, total } = await service.listCashierKinds(app.db, account.companyId, direction, req.query);
      return okList(content, total);
    });
    handle(app, api.used, async (req) => ok(await service.cashierKindUsed(app.db, (await guardKind(req, req.params.id, direction)).id)));
    handle(app, api.create, async (req) => {
      const year = await guardAccountYear(req, req.body.accountYearId);
      return ok(await service.createCashierKind(app.db, year.companyId, direction, { ...req.body, accountYearId: year.id }));
    });
    handle(app, api.update, async (req) => {
      const k = await guardKind(req, req.params.id, direction);
      await guardYearOf(req, req.body.accountYearId);
      return ok(await service.updateCashierKind(app.db, k.id, direction, req.body));
    });
    handle(app, api.remove, async (req) => {
      await service.deleteCashierKind(app.db, (await guardKind(req, req.params.id, direction)).id, direction);
      return ok(null);
    });
  }
}
