/** The cash and bank journal: parse (by the contract), guard the ledger set of every bank account and line, call the service, wrap. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cashJournalApi } from '../../../contract/cashier-journal';
import { DomainError } from '../../../domain/result-codes';
import { handle, handleRaw } from '../../http/route';
import { FILE_CSP } from '../../http/security-headers';
import { pickLanguage } from '../../http/messages';
import { XLSX_MIME } from '../export/sheet';
import { uploadedWorkbook } from '../export/upload';
import { buildCashTemplate, buildCashWorkbook, CASH_SHEET, readCashWorkbook } from './sheet';
import { ok, okList } from '../../http/reply';
import { guardAccount } from '../../http/guards';
import * as q from './queries';
import * as service from './service';
import { EXPORT_MAX_LINES, exportPaging, startJournalExport } from './export-task';
import { taskDto } from '../export/service';
import { reconcile } from './reconcile';

/** A bank account's ledger set, guarded with the route's right; a missing account answers like a foreign one. */
async function guardBankAccount(req: FastifyRequest, id: number) {
  const a = await q.findBankAccount(req.server.db, id);
  if (!a) throw new DomainError('NO_PERMISSION');
  await guardAccount(req, a.accountId);
  return a;
}

async function guardLine(req: FastifyRequest, id: number) {
  const line = await q.findLine(req.server.db, id);
  if (!line) throw new DomainError('NO_PERMISSION');
  await guardBankAccount(req, line.bankAccountId);
  return line;
}

const xlsx = (name: string) => ({
  'content-type': XLSX_MIME,
  'content-disposition': `attachment; filename="${name}.xlsx"`,
  'x-content-type-options': 'nosniff',
  'content-security-policy': FILE_CSP,
  'cache-control': 'no-store',
});

export async function cashierJournalRoutes(app: FastifyInstance): Promise<void> {
  const api = cashJournalApi;
  handleRaw(app, api.exportXls, async (req, reply) => {
    const account = await guardAccount(req, req.query.filter.accountId);
    if (req.query.filter.bankAccountId) await guardBankAccount(req, req.query.filter.bankAccountId);
    const { content } = await service.listLines(app.db, account.companyId, exportPaging(req.query.filter, req.query.sort, EXPORT_MAX_LINES));
    if (!content.length) throw new DomainError('NO_DATA_TO_EXPORT');
    return reply.headers(xlsx(CASH_SHEET.file)).send(await buildCashWorkbook(content));
  });
  handle(app, api.exportTask, async (req) => {
    const account = await guardAccount(req, req.body.filter.accountId);
    if (req.body.filter.bankAccountId) await guardBankAccount(req, req.body.filter.bankAccountId);
    const task = await startJournalExport(app, { companyId: account.companyId, userId: req.access.user.id }, req.body.filter, req.body.sort);
    return ok(taskDto(task, app.opts.fileSecret!, req.lang));
  });
  handleRaw(app, api.template, async (_req, reply) => reply.headers(xlsx(`${CASH_SHEET.file}-template`)).send(await buildCashTemplate()));
  handle(app, api.importXls, async (req) => {
    const a = await guardBankAccount(req, req.query.bankAccountId);
    const lang = req.lang ?? pickLanguage(req.headers['x-language'] as string | undefined, req.headers['accept-language']);
    const rows = await readCashWorkbook(await uploadedWorkbook(req), lang);
    return ok(await service.importLines(app.db, a.id, req.access.user.id, rows, lang));
  });
  handle(app, api.list, async (req) => {
    const account = await guardAccount(req, req.query.filter.accountId);
    const { filter, page } = service.pageModeOf(req.query.filter);
    const { content, total } = await service.listLines(app.db, account.companyId, { ...req.query, filter }, page);
    return okList(content, total);
  });
  handle(app, api.total, async (req) => {
    const account = await guardAccount(req, req.query.filter.accountId);
    return ok(await service.totalLines(app.db, account.companyId, req.query.filter));
  });
  handle(app, api.save, async (req) => {
    const a = await guardBankAccount(req, req.body.bankAccountId);
    return ok(await service.saveLines(app.db, a.id, req.access.user.id, req.body));
  });
  handle(app, api.update, async (req) => {
    const line = await guardLine(req, req.params.id);
    return ok(await service.updateLine(app.db, line.id, req.access.user.id, req.body));
  });
  handle(app, api.remove, async (req) => {
    const line = await guardLine(req, req.params.id);
    await service.deleteLine(app.db, line.id, req.access.user.id);
    return ok(null);
  });
  handle(app, api.code, async (req) => {
    const a = await guardBankAccount(req, req.query.bankAccountId);
    return ok(await service.nextCode(app.db, a.id, req.query.date));
  });
  handle(app, api.balance, async (req) => {
    const account = await guardAccount(req, req.query.accountId);
    return ok(await service.balances(app.db, account.companyId, { ...req.query, bankAccountIds: req.query.bankAccountId }));
  });
  handle(app, api.cashBalance, async (req) => {
    const account = await guardAccount(req, req.query.accountId);
    return ok(await reconcile(app.db, account.companyId, { accountId: account.id, date: req.query.date, bankAccountIds: req.query.bankAccountId, bookkeptOnly: req.query.bookkeptOnly }));
  });
  handle(app, api.calcCashBalance, async (req) => {
    const a = await guardBankAccount(req, req.body.bankAccountId);
    const [b] = await service.calcBalances(app.db, [a.id], req.body.date);
    return ok(b);
  });
  handle(app, api.calcCashBalances, async (req) => {
    for (const id of new Set(req.body.bankAccountIds)) await guardBankAccount(req, id);
    return ok(await service.calcBalances(app.db, req.body.bankAccountIds, req.body.date));
  });
  handle(app, api.fromVoucherLines, async (req) => {
    const a = await guardBankAccount(req, req.query.filter.bankAccountId);
    const { content, total } = await service.voucherLinesToBringIn(app.db, a.id, req.query);
    return okList(content, total);
  });
  handle(app, api.fromVoucher, async (req) => {
    const a = await guardBankAccount(req, req.body.bankAccountId);
    return ok(await service.bringInVoucherLines(app.db, a.id, req.access.user.id, req.body.itemIds));
  });
  handle(app, api.openings, async (req) => {
    const account = await guardAccount(req, req.query.accountId);
    return ok(await service.listOpenings(app.db, account.companyId, account.id));
  });
  handle(app, api.saveOpenings, async (req) => {
    const account = await guardAccount(req, req.body.accountId);
    return ok(await service.saveOpenings(app.db, account.companyId, account.id, req.access.user.id, req.body.openings));
  });
}
