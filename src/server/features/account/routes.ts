/** Ledger sets, account years and periods: parse (by the contract), guard, call the service, wrap. */
import type { FastifyInstance } from 'fastify';
import { accountApi } from '../../../contract/account';
import { DomainError } from '../../../domain/result-codes';
import { handle } from '../../http/route';
import { ok, okList } from '../../http/reply';
import { companyOfFilter, guardAccount, guardAccountYear, guardCompany, guardPeriod } from '../../http/guards';
import { periodDto } from './dto';
import * as service from './service';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  handle(app, accountApi.list, async (req) => {
    const companyId = companyOfFilter(req, req.query.filter.companyId);
    const { content, total } = await service.listAccounts(app.db, req.query, companyId);
    return okList(content, total);
  });

  handle(app, accountApi.main, async (req) => ok(await service.mainAccountOf(app.db, companyOfFilter(req, req.query.companyId))));

  handle(app, accountApi.years, async (req) => {
    await guardAccount(req, req.query.accountId);
    const years = await service.listYears(app.db, req.query.accountId, req.query.year, (req.query.expand ?? '').includes('periods'));
    return okList(years, years.length);
  });

  handle(app, accountApi.createYear, async (req) => {
    const account = await guardAccount(req, req.body.accountId);
    return ok(await service.createAccountYear(app.db, account.id, req.body.year, req.body.startAt, req.body.subjects));
  });

  handle(app, accountApi.deleteYear, async (req) => {
    const year = await guardAccountYear(req, req.params.id);
    await service.deleteAccountYear(app.db, year.id);
    return ok(null);
  });

  handle(app, accountApi.periods, async (req) => {
    await guardAccountYear(req, req.query.accountYearId);
    const ps = await service.listPeriods(app.db, req.query.accountYearId);
    return okList(ps.map(periodDto), ps.length);
  });

  handle(app, accountApi.updatePeriod, async (req) => {
    const period = await guardPeriod(req, req.params.id);
    const ps = await service.updatePeriodBoundaries(app.db, period.id, req.body);
    return okList(ps.map(periodDto), ps.length);
  });

  handle(app, accountApi.get, async (req) => {
    const account = await guardAccount(req, req.params.id);
    return ok(await service.getAccount(app.db, account, req.query.expand ?? ''));
  });

  handle(app, accountApi.create, async (req) => {
    guardCompany(req, req.body.companyId);
    return ok(await service.createAccount(app.db, req.body));
  });

  handle(app, accountApi.update, async (req) => {
    const account = await guardAccount(req, req.params.id);
    return ok(await service.updateAccount(app.db, account.id, req.body));
  });

  handle(app, accountApi.setMain, async (req) => {
    const account = await guardAccount(req, req.params.id);
    if (account.state === 'DELETED') throw new DomainError('NO_PERMISSION');
    return ok(await service.setMainAccount(app.db, account.id));
  });

  handle(app, accountApi.remove, async (req) => {
    const account = await guardAccount(req, req.params.id);
    await service.deleteAccount(app.db, account.id);
    return ok(null);
  });
}
