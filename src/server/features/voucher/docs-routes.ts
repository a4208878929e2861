/**
 * POST /voucher/exportPdf, /voucher/exportXls, /voucher/importXls and GET /voucher/template. The
 * ledger set of every voucher named is guarded (a foreign or missing id refuses the whole call, as
 * the batch does); a filter's ledger set is guarded before anything is read; the import's ledger
 * set is guarded before the file is read.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { voucherDocsApi } from '../../../contract/voucher-docs';
import type { VoucherFilter } from '../../../contract/voucher';
import { DomainError } from '../../../domain/result-codes';
import { handle, handleRaw } from '../../http/route';
import { ok } from '../../http/reply';
import { guardAccount } from '../../http/guards';
import { FILE_CSP } from '../../http/security-headers';
import { taskDto } from '../export/service';
import { XLSX_MIME } from '../export/sheet';
import * as q from './queries';
import { importVouchers, matchingIds, startPdfExport, startXlsExport } from './docs-service';
import { buildVoucherTemplate, VOUCHER_SHEET } from './docs-sheet';
import { uploadedWorkbook } from '../export/upload';

/** The vouchers a body names, guarded: by ids (all of one ledger set) or by the list's filter. */
async function guardedIds(req: FastifyRequest, body: { ids: number[] } | { filter: VoucherFilter }): Promise<{ companyId: number; ids: number[] }> {
  if ('filter' in body) {
    const account = await guardAccount(req, body.filter.accountId);
    return { companyId: account.companyId, ids: await matchingIds(req.server.db, { ...body.filter, accountId: account.id }) };
  }
  const unique = [...new Set(body.ids)];
  let accountId: number | null = null;
  let companyId = 0;
  for (const id of unique) {
    const v = await q.findVoucher(req.server.db, id);
    if (!v) throw new DomainError('NO_PERMISSION');
    if (accountId === null) {
      const account = await guardAccount(req, v.accountId);
      accountId = account.id;
      companyId = account.companyId;
    } else if (v.accountId !== accountId) {
      // One print is one ledger set's: its company owns the task and the file.
      await guardAccount(req, v.accountId);
      throw new DomainError('INVALID_INPUT', { detail: 'ids' });
    }
  }
  // The list's order (date, code), whatever order the ids came in.
  return { companyId, ids: await matchingIds(req.server.db, { accountId: accountId!, id: unique }) };
}

export async function voucherDocsRoutes(app: FastifyInstance): Promise<void> {
  handle(app, voucherDocsApi.exportPdf, async (req) => {
    const { companyId, ids } = await guardedIds(req, req.body);
    const task = await startPdfExport(app, { companyId, userId: req.access.user.id, ids, lang: req.lang });
    return ok(taskDto(task, app.opts.fileSecret!, req.lang));
  });

  handle(app, voucherDocsApi.exportXls, async (req) => {
    const { companyId, ids } = await guardedIds(req, req.body);
    const task = await startXlsExport(app, { companyId, userId: req.access.user.id, ids });
    return ok(taskDto(task, app.opts.fileSecret!, req.lang));
  });

  handle(app, voucherDocsApi.importXls, async (req) => {
    const account = await guardAccount(req, req.query.accountId);
    const file = await uploadedWorkbook(req);
    const actor = { id: req.access.user.id, kind: req.access.user.kind, rightIds: req.access.rightIds(account.companyId) };
    return ok(await importVouchers(app, actor, { companyId: account.companyId, accountId: account.id, file, failFast: req.query.failFast ?? false, dryRun: req.query.dryRun ?? false, lang: req.lang }));
  });

  handleRaw(app, voucherDocsApi.template, async (_req, reply) => reply
    .type(XLSX_MIME)
    .header('content-disposition', `attachment; filename="${VOUCHER_SHEET.file}-template.xlsx"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_CSP)
    .header('cache-control', 'no-store')
    .send(await buildVoucherTemplate()));
}
