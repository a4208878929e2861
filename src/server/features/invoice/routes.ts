/** Invoices: parse (by the contract), guard, call the service, wrap. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invoiceApi } from '../../../contract/invoice';
import { DomainError } from '../../../domain/result-codes';
import { RIGHTS } from '../../../domain/rights';
import { INVOICE_ATTACHMENT_MAX_BYTES } from '../../../domain/invoice';
import { isPdf } from '../../../domain/pdf';
import { handle } from '../../http/route';
import { ok, okList } from '../../http/reply';
import { companyOfFilter, guardCompany } from '../../http/guards';
import * as q from './queries';
import { companyOfProject } from '../clients/queries';
import * as service from './service';

const viewer = (req: FastifyRequest, companyId: number): service.Viewer => ({
  userId: req.access.user.id, isAdmin: req.access.isAdmin, viewAll: req.access.has(RIGHTS.INVOICE_VIEW_ALL, companyId),
});

/** A file name as stored: the last path segment, control characters dropped, at most 250 characters. */
const cleanName = (name: string | undefined) =>
  [...((name ?? '').split(/[\\/]/).pop() ?? '')].filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f).join('').trim().slice(0, 250) || 'invoice.pdf';

export async function invoiceRoutes(app: FastifyInstance): Promise<void> {
  const secret = () => app.opts.fileSecret!;
  /** The invoice's company, checked against the caller; writes also need the invoice menu (11). */
  async function guardInvoice(req: FastifyRequest, id: number, write: boolean): Promise<number> {
    const companyId = await q.companyOfInvoice(app.db, id);
    if (companyId === undefined) throw new DomainError('NO_PERMISSION');
    guardCompany(req, companyId);
    if (write) guardCompany(req, companyId, RIGHTS.INVOICE);
    return companyId;
  }

  handle(app, invoiceApi.list, async (req) => {
    const companyId = companyOfFilter(req, req.query.filter.companyId);
    const { content, total } = await service.listInvoices(app.db, secret(), companyId, viewer(req, companyId), req.query);
    return okList(content, total);
  });
  handle(app, invoiceApi.get, async (req) => {
    const companyId = await guardInvoice(req, req.params.id, false);
    return ok(await service.getInvoice(app.db, secret(), companyId, viewer(req, companyId), req.params.id));
  });
  handle(app, invoiceApi.create, async (req) => {
    // The invoice belongs to its project's company (a missing or foreign project: NO_PERMISSION).
    const companyId = await companyOfProject(app.db, req.body.projectId);
    if (companyId === undefined) throw new DomainError('NO_PERMISSION');
    guardCompany(req, companyId);
    guardCompany(req, companyId, RIGHTS.INVOICE);
    return ok(await service.createInvoice(app.db, secret(), companyId, viewer(req, companyId), req.body));
  });
  handle(app, invoiceApi.update, async (req) => {
    const companyId = await guardInvoice(req, req.params.id, true);
    return ok(await service.updateInvoice(app.db, secret(), companyId, viewer(req, companyId), req.params.id, req.body));
  });
  handle(app, invoiceApi.remove, async (req) => {
    const companyId = await guardInvoice(req, req.params.id, true);
    await service.deleteInvoice(app.db, companyId, viewer(req, companyId), req.params.id);
    return ok(null);
  });
  handle(app, invoiceApi.open, async (req) => {
    const companyId = await guardInvoice(req, req.params.id, false);
    return ok(await service.openInvoice(app.db, secret(), companyId, viewer(req, companyId), req.params.id));
  });
  handle(app, invoiceApi.upload, async (req) => {
    const companyId = await guardInvoice(req, req.params.id, true);
    // Visibility before the body is read: an invoice out of reach answers NO_PERMISSION, not a file error.
    await service.getInvoice(app.db, secret(), companyId, viewer(req, companyId), req.params.id);
    const part = req.isMultipart() ? await req.file({ limits: { fileSize: INVOICE_ATTACHMENT_MAX_BYTES } }) : undefined;
    if (!part) throw new DomainError('ATTACHMENT_MISSING');
    let content: Buffer;
    try {
      content = await part.toBuffer();
    } catch (e) {
      if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new DomainError('ATTACHMENT_TOO_LARGE');
      throw e;
    }
    if (part.file.truncated || content.length > INVOICE_ATTACHMENT_MAX_BYTES) throw new DomainError('ATTACHMENT_TOO_LARGE');
    if (!content.length) throw new DomainError('ATTACHMENT_MISSING');
    // By content only: the name and the browser's type are not evidence.
    if (!isPdf(content)) throw new DomainError('PDF_ONLY');
    return ok(await service.addAttachment(app.db, secret(), companyId, viewer(req, companyId), req.params.id, { name: cleanName(part.filename), content }));
  });
  handle(app, invoiceApi.removeAttachment, async (req) => {
    const companyId = await guardInvoice(req, req.params.id, true);
    return ok(await service.removeAttachment(app.db, secret(), companyId, viewer(req, companyId), req.params.id, req.params.attachmentId));
  });
}
