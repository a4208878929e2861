/** Voucher kinds, the voucher code rule and currencies: parse (by the contract), guard, call the service, wrap. */
import type { FastifyInstance } from 'fastify';
import { financeSettingsApi as api } from '../../../contract/finance-settings';
import { handle } from '../../http/route';
import { ok, okList } from '../../http/reply';
import { companyOfFilter, guardAccount, guardCompany } from '../../http/guards';
import * as service from './service';

export async function financeSettingsRoutes(app: FastifyInstance): Promise<void> {
  handle(app, api.voucherKinds, async (req) => {
    const account = await guardAccount(req, req.query.filter.accountId);
    const { content, total } = await service.listKinds(app.db, account, req.query);
    return okList(content, total);
  });

  handle(app, api.createVoucherKind, async (req) => {
    const { accountId, ...v } = req.body;
    const account = await guardAccount(req, accountId);
    return ok(await service.createKind(app.db, account, v));
  });

  handle(app, api.updateVoucherKind, async (req) => {
    const kind = await service.kindById(app.db, req.params.id);
    await guardAccount(req, kind.accountId);
    return ok(await service.updateKind(app.db, kind, req.body));
  });

  handle(app, api.voucherKindUsed, async (req) => {
    const kind = await service.kindById(app.db, req.params.id);
    await guardAccount(req, kind.accountId);
    return ok(await service.kindUsed(app.db, kind.id));
  });

  handle(app, api.deleteVoucherKind, async (req) => {
    const kind = await service.kindById(app.db, req.params.id);
    await guardAccount(req, kind.accountId);
    await service.deleteKind(app.db, kind);
    return ok(null);
  });

  handle(app, api.voucherCodeRule, async (req) => {
    const account = await guardAccount(req, req.query.accountId);
    return ok(await service.getCodeRule(app.db, account));
  });

  handle(app, api.updateVoucherCodeRule, async (req) => {
    const account = await guardAccount(req, req.body.accountId);
    return ok(await service.updateCodeRule(app.db, account, req.body));
  });

  handle(app, api.currencies, async (req) => {
    const companyId = companyOfFilter(req, req.query.filter.companyId);
    const { content, total } = await service.listCurrencies(app.db, companyId, req.query);
    return okList(content, total);
  });

  handle(app, api.createCurrency, async (req) => {
    guardCompany(req, req.body.companyId);
    return ok(await service.createCurrency(app.db, req.body));
  });

  handle(app, api.updateCurrency, async (req) => {
    const currency = await service.currencyById(app.db, req.params.id);
    guardCompany(req, currency.companyId);
    return ok(await service.updateCurrency(app.db, currency, req.body));
  });

  handle(app, api.deleteCurrency, async (req) => {
    const currency = await service.currencyById(app.db, req.params.id);
    guardCompany(req, currency.companyId);
    await service.deleteCurrency(app.db, currency);
    return ok(null);
  });
}
