/** Reimbursements and expense kinds: parse (by the contract), guard the company, call the service, wrap. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { expenseApi } from '../../../contract/expense';
import { DomainError } from '../../../domain/result-codes';
import { handle, handleRaw } from '../../http/route';
import { FILE_CSP } from '../../http/security-headers';
import { buildErrorWorkbook, ImportFailure, importError, XLSX_MIME } from '../export/sheet';
import { fileUrl } from '../../http/file-urls';
import { storeFile } from '../system/queries';
import { uploadedWorkbook } from '../export/upload';
import { buildExpenseTemplate, buildExpenseWorkbook, EXPENSE_SHEET, readExpenseWorkbook } from './sheet';
import { ok, okList } from '../../http/reply';
import { guardCompany } from '../../http/guards';
import { pickLanguage } from '../../http/messages';
import * as q from './queries';
import * as service from './service';
import { startExpenseExport } from './export-task';
import { taskDto } from '../export/service';

/** The caller as the reimbursement machine sees them: the rights held in the document's company. */
function actorOf(req: FastifyRequest, companyId: number): service.Actor {
  const u = req.access.user;
  return { id: u.id, kind: u.kind, rightIds: req.access.rightIds(companyId) };
}

/** A document's company, guarded; a missing document answers like a foreign one. */
async function guardExpense(req: FastifyRequest, id: number): Promise<number> {
  const e = await q.findExpense(req.server.db, id);
  if (!e) throw new DomainError('NO_PERMISSION');
  return guardCompany(req, e.companyId);
}

const xlsx = (name: string) => ({
  'content-type': XLSX_MIME,
  'content-disposition': `attachment; filename="${name}.xlsx"`,
  'x-content-type-options': 'nosniff',
  'content-security-policy': FILE_CSP,
  'cache-control': 'no-store',
});

export async function expenseRoutes(app: FastifyInstance): Promise<void> {
  handleRaw(app, expenseApi.exportXls, async (req, reply) => {
    const companyId = guardCompany(req, req.query.filter.companyId);
    const docs = await service.exportExpenses(app.db, companyId, req.query.filter);
    if (!docs.length) throw new DomainError('NO_DATA_TO_EXPORT');
    return reply.headers(xlsx(EXPENSE_SHEET.file)).send(await buildExpenseWorkbook(docs));
  });
  handle(app, expenseApi.exportTask, async (req) => {
    const companyId = guardCompany(req, req.body.filter.companyId);
    const task = await startExpenseExport(app, { companyId, userId: req.access.user.id }, req.body.filter);
    return ok(taskDto(task, app.opts.fileSecret!, req.lang));
  });
  handleRaw(app, expenseApi.template, async (_req, reply) => reply.headers(xlsx(`${EXPENSE_SHEET.file}-template`)).send(await buildExpenseTemplate()));
  handle(app, expenseApi.importXls, async (req) => {
    const companyId = guardCompany(req, req.query.companyId);
    const lang = req.lang ?? pickLanguage(req.headers['x-language'] as string | undefined, req.headers['accept-language']);
    const file = await uploadedWorkbook(req);
    const sheet = await readExpenseWorkbook(file, lang);
    try {
      return ok(await service.importExpenses(app.db, actorOf(req, companyId), companyId, sheet, lang, req.query.failFast ?? false));
    } catch (err) {
      if (!(err instanceof ImportFailure)) throw err;
      // The error workbook (the upload with a red error column), stored after the rollback (decision 018).
      const content = await buildErrorWorkbook(file, err.errors);
      const errorFile = content ? fileUrl(app.opts.fileSecret!, await storeFile(app.db, { companyId, ownerId: req.access.user.id, name: `${EXPENSE_SHEET.file}-errors.xlsx`, mime: XLSX_MIME, content })) : null;
      throw importError(err.errors, { errorFile });
    }
  });
  handle(app, expenseApi.list, async (req) => {
    const companyId = guardCompany(req, req.query.filter.companyId);
    const { content, total } = await service.listExpenses(app.db, companyId, req.query);
    return okList(content, total);
  });
  handle(app, expenseApi.check, async (req) => ok(await service.checkInvoiceNo(app.db, guardCompany(req, req.query.companyId), req.query.no, req.query.id)));
  handle(app, expenseApi.kinds, async (req) => {
    const companyId = guardCompany(req, req.query.filter.companyId);
    const { content, total } = await service.listKinds(app.db, companyId, req.query);
    return okList(content, total);
  });
  handle(app, expenseApi.createKind, async (req) => ok(await service.createKind(app.db, guardCompany(req, req.body.companyId), req.body)));
  handle(app, expenseApi.updateKind, async (req) => {
    const k = await q.findKind(app.db, req.params.id);
    if (!k) throw new DomainError('NO_PERMISSION');
    guardCompany(req, k.companyId);
    return ok(await service.updateKind(app.db, k.id, req.body));
  });
  handle(app, expenseApi.lock, async (req) => {
    // Every id must be of one company the caller may audit in: the first names it, the others are
    // refused per document when they are not of it.
    const first = await q.findExpense(app.db, req.body.ids[0]);
    if (!first) throw new DomainError('NO_PERMISSION');
    const companyId = guardCompany(req, first.companyId);
    const lang = req.lang ?? pickLanguage(req.headers['x-language'] as string | undefined, req.headers['accept-language']);
    return ok(await service.lockExpenses(app.db, actorOf(req, companyId), companyId, req.body.lock, req.body.ids, lang));
  });
  handle(app, expenseApi.get, async (req) => {
    const companyId = await guardExpense(req, req.params.id);
    return ok(await service.getExpense(app.db, companyId, req.params.id));
  });
  handle(app, expenseApi.create, async (req) => {
    const companyId = guardCompany(req, req.body.companyId);
    return ok(await service.createExpense(app.db, actorOf(req, companyId), companyId, req.body));
  });
  handle(app, expenseApi.update, async (req) => {
    const companyId = await guardExpense(req, req.params.id);
    return ok(await service.updateExpense(app.db, actorOf(req, companyId), companyId, req.params.id, req.body));
  });
  handle(app, expenseApi.remove, async (req) => {
    const companyId = await guardExpense(req, req.params.id);
    await service.deleteExpense(app.db, actorOf(req, companyId), companyId, req.params.id);
    return ok(null);
  });
}
