/**
 * Background exports, imports and import templates of every resource with a sheet definition
 * (sheets/index.ts), and the export task's progress. Each resource's scope (company, ledger set,
 * account year) is guarded before anything is read; import needs the resource's operation right.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportApi } from '../../../contract/export';
import { DomainError } from '../../../domain/result-codes';
import { RIGHTS } from '../../../domain/rights';
import { handle, handleRaw } from '../../http/route';
import { ok } from '../../http/reply';
import { companyOfFilter, guardAccount, guardAccountYear, guardCompany } from '../../http/guards';
import { FILE_CSP } from '../../http/security-headers';
import * as service from './service';
import { buildTemplate, XLSX_MIME, type AnySheetDef, type SheetScope } from './sheet';
import { subjectSheet, transfers } from './sheets';
import { uploadedWorkbook } from './upload';
import { todayIso } from '../../clock';

const scopeOf = (req: FastifyRequest, companyId: number, scopeId: number): SheetScope => ({
  companyId, scopeId, userId: req.access.user.id, isAdmin: req.access.isAdmin, has: (right) => req.access.has(right, companyId), fileSecret: req.server.opts.fileSecret!,
});

/** The guarded scope of a request: the company, ledger set or account year the ids name. */
async function guardScope(req: FastifyRequest, ids: { companyId?: number; accountId?: number; accountYearId?: number }): Promise<{ scope: SheetScope; label: string }> {
  if ('accountYearId' in ids) {
    const year = await guardAccountYear(req, ids.accountYearId);
    return { scope: scopeOf(req, year.companyId, year.id), label: String(year.year) };
  }
  if ('accountId' in ids) {
    const account = await guardAccount(req, ids.accountId);
    return { scope: scopeOf(req, account.companyId, account.id), label: todayIso() };
  }
  const companyId = companyOfFilter(req, ids.companyId);
  return { scope: scopeOf(req, companyId, companyId), label: todayIso() };
}

function sendTemplate(reply: FastifyReply, def: AnySheetDef) {
  return buildTemplate(def).then((content) => reply
    .type(XLSX_MIME)
    .header('content-disposition', `attachment; filename="${def.name.file}-template.xlsx"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_CSP)
    .header('cache-control', 'no-store')
    .send(content));
}

export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const startExport = async (req: FastifyRequest, def: AnySheetDef, filter: Record<string, unknown>) => {
    const { scope, label } = await guardScope(req, filter);
    const task = await service.startExport(app, def, { scope, filter: { ...filter, ...def.scopeFields(scope) }, fileName: `${def.name.file}-${label}.xlsx` });
    return ok(service.taskDto(task, app.opts.fileSecret!, req.lang));
  };
  const runImport = async (req: FastifyRequest, def: AnySheetDef, query: { failFast?: boolean; companyId?: number; accountId?: number; accountYearId?: number }, menuRight?: number) => {
    const { failFast, ...ids } = query;
    // The scope is typed and guarded before the file is read.
    const { scope } = await guardScope(req, ids);
    // Writes of some resources also need their menu there (invoices: 11 besides 1102), as their forms do.
    if (menuRight) guardCompany(req, scope.companyId, menuRight);
    const file = await uploadedWorkbook(req);
    return ok(await service.runImport(app, def, { scope, file, failFast: failFast ?? false, lang: req.lang }));
  };

  handle(app, exportApi.subjects, async (req) => startExport(req, subjectSheet, req.body.filter));
  handle(app, exportApi.subjectImport, async (req) => runImport(req, subjectSheet, req.query));
  handleRaw(app, exportApi.subjectTemplate, async (_req, reply) => sendTemplate(reply, subjectSheet));

  for (const { api, sheet, menuRight } of transfers) {
    handle(app, api.export, async (req) => startExport(req, sheet, req.body.filter as Record<string, unknown>));
    handle(app, api.import, async (req) => runImport(req, sheet, req.query, menuRight));
    handleRaw(app, api.template, async (_req, reply) => sendTemplate(reply, sheet));
  }

  handle(app, exportApi.progress, async (req) => {
    const task = await service.readTask(app.db, req.params.token);
    if (!task) throw new DomainError('NO_PERMISSION');
    // Its creator (still linked to the company) or a manager of the company (system right); anyone else: as if missing.
    guardCompany(req, task.companyId, task.createdBy === req.access.user.id ? null : RIGHTS.SYSTEM);
    if (task.state === 'FINISHED' && task.resultFileId === null) throw new DomainError('FILE_CLEARED');
    return ok(service.taskDto(task, app.opts.fileSecret!, req.lang));
  });
}
