/**
 * Rules of invoices (spec 02 §4–§6). Each operation runs its checks and writes in one transaction;
 * the edited invoice is locked and version-checked. Visibility follows the project rule: without
 * ADMIN or view-all-invoices (1101) a user reaches only invoices of projects whose principal they
 * are; an invoice out of reach answers NO_PERMISSION, like a missing one.
 */
import type { Db } from '../../db/client';
import { assertVersion, companyScope, withTx, type CompanyScope } from '../../db/tx';
import { formatCents } from '../../../domain/money';
import { DomainError } from '../../../domain/result-codes';
import { visibleLeader } from '../../../domain/clients';
import { invoiceAmountsProblem, invoiceComplete } from '../../../domain/invoice';
import type { Paging } from '../../../contract/common';
import type { InvoiceDto } from '../../../contract/invoice';
import { employeeOfUser } from '../staff/queries';
import type { Leader } from '../clients/queries';
import { fileUrl } from '../../http/file-urls';
import * as q from './queries';

/** Who is asking: the visibility rule needs the user, admin kind and whether view-all-invoices is held. */
export interface Viewer { userId: number; isAdmin: boolean; viewAll: boolean }

export interface InvoiceFields {
  projectId: number; no: string; kind: InvoiceDto['kind']; issueOffice?: string | null; date: string;
  amount: number; receivedAmount: number; redAmount: number; remark?: string | null;
}

async function leaderOf(scope: CompanyScope, v: Viewer): Promise<Leader> {
  if (v.isAdmin || v.viewAll) return null;
  const e = await employeeOfUser(scope, v.userId);
  return visibleLeader({ isAdmin: v.isAdmin, viewAll: v.viewAll, employeeId: e?.id ?? null });
}

async function dtos(scope: CompanyScope, secret: string, rows: q.InvoiceRow[]): Promise<InvoiceDto[]> {
  const projects = await q.projectRefs(scope, rows.map((r) => r.projectId));
  const attachments = await q.attachmentsOf(scope, rows.map((r) => r.id));
  return rows.map((r) => {
    const project = projects.get(r.projectId) ?? { id: r.projectId, code: '', name: '' };
    const files = attachments.get(r.id) ?? [];
    return {
      id: r.id, companyId: r.companyId, projectId: r.projectId, project, projectName: project.name,
      no: r.no, kind: r.kind as InvoiceDto['kind'], issueOffice: r.issueOffice, date: r.date,
      amount: Number(r.amountCents), receivedAmount: Number(r.receivedCents), redAmount: Number(r.redCents),
      remark: r.remark, opened: r.opened,
      attachments: files.map((a) => ({ id: a.id, invoiceId: a.invoiceId, fileId: a.fileId, name: a.name, size: a.size, realUri: fileUrl(secret, a.fileId), createdAt: new Date(a.createdAt).toISOString() })),
      complete: invoiceComplete(files.length),
      createdAt: new Date(r.createdAt).toISOString(), version: r.version,
    };
  });
}

/** The project must be the company's and visible to the caller (share-locked against a concurrent delete). */
async function reachableProject(scope: CompanyScope, leader: Leader, projectId: number): Promise<void> {
  const p = await q.projectOf(scope, projectId, true);
  if (!p || leader === 'none' || (leader !== null && !p.principals.includes(leader))) throw new DomainError('NO_PERMISSION');
}

async function visibleInvoice(scope: CompanyScope, viewer: Viewer, id: number, lock: boolean): Promise<{ row: q.InvoiceRow; leader: Leader }> {
  const row = await q.findInvoice(scope, id, lock);
  if (!row) throw new DomainError('NO_PERMISSION');
  const leader = await leaderOf(scope, viewer);
  if (leader === 'none') throw new DomainError('NO_PERMISSION');
  if (leader !== null && !(await q.projectOf(scope, row.projectId))?.principals.includes(leader)) throw new DomainError('NO_PERMISSION');
  return { row, leader };
}

export async function listInvoices(db: Db, secret: string, companyId: number, viewer: Viewer, p: Paging<q.InvoiceFilter>): Promise<{ content: InvoiceDto[]; total: number }> {
  const scope = companyScope(db, companyId);
  const { rows, total } = await q.selectInvoices(scope, p, await leaderOf(scope, viewer));
  return { content: await dtos(scope, secret, rows), total };
}

export async function getInvoice(db: Db, secret: string, companyId: number, viewer: Viewer, id: number): Promise<InvoiceDto> {
  const scope = companyScope(db, companyId);
  const { row } = await visibleInvoice(scope, viewer, id, false);
  return (await dtos(scope, secret, [row]))[0];
}

/** The red-letter and received amounts within the invoice's own (invoiceAmountsProblem). */
function checkAmounts(v: { amount: number; receivedAmount: number; redAmount: number }): void {
  const p = invoiceAmountsProblem(v);
  if (p) throw new DomainError(p.code, { red: formatCents(v.redAmount), received: formatCents(v.receivedAmount), amount: formatCents(v.amount) });
}

export async function createInvoice(db: Db, secret: string, companyId: number, viewer: Viewer, v: InvoiceFields): Promise<InvoiceDto> {
  return withTx(db, async (tx) => {
    const scope = companyScope(tx, companyId);
    await reachableProject(scope, await leaderOf(scope, viewer), v.projectId);
    if (await q.invoiceNoTaken(scope, v.no)) throw new DomainError('INVOICE_NO_DUPLICATE');
    checkAmounts(v);
    const row = await q.insertInvoice(tx, {
      companyId, projectId: v.projectId, no: v.no, kind: v.kind, issueOffice: v.issueOffice ?? null, date: v.date,
      amountCents: v.amount, receivedCents: v.receivedAmount, redCents: v.redAmount, remark: v.remark ?? null, createdBy: viewer.userId,
    });
    return (await dtos(scope, secret, [row]))[0];
  });
}

const COLUMN: Record<string, keyof q.InvoiceRow> = {
  projectId: 'projectId', no: 'no', kind: 'kind', issueOffice: 'issueOffice', date: 'date',
  amount: 'amountCents', receivedAmount: 'receivedCents', redAmount: 'redCents', remark: 'remark',
};

export async function updateInvoice(db: Db, secret: string, companyId: number, viewer: Viewer, id: number, patch: Partial<InvoiceFields> & { version?: number }): Promise<InvoiceDto> {
  return withTx(db, async (tx) => {
    const scope = companyScope(tx, companyId);
    const { row: current, leader } = await visibleInvoice(scope, viewer, id, true);
    const { version, ...fields } = patch;
    assertVersion(current.version, version);
    const set: Record<string, unknown> = {};
    for (const [k, value] of Object.entries(fields)) {
      const col = COLUMN[k];
      if (value === undefined || !col) continue;
      const now = typeof current[col] === 'number' || col.endsWith('Cents') ? Number(current[col]) : current[col];
      if (value !== now) set[col] = value;
    }
    if (typeof set.projectId === 'number') await reachableProject(scope, leader, set.projectId);
    checkAmounts({
      amount: fields.amount ?? Number(current.amountCents), receivedAmount: fields.receivedAmount ?? Number(current.receivedCents), redAmount: fields.redAmount ?? Number(current.redCents),
    });
    if (typeof set.no === 'string' && (await q.invoiceNoTaken(scope, set.no, id))) throw new DomainError('INVOICE_NO_DUPLICATE');
    // Nothing changed: answer success without writing.
    const row = Object.keys(set).length ? await q.patchInvoice(tx, id, set as Partial<q.InvoiceRow>) : current;
    return (await dtos(scope, secret, [row]))[0];
  });
}

export async function deleteInvoice(db: Db, companyId: number, viewer: Viewer, id: number): Promise<void> {
  await withTx(db, async (tx) => {
    const scope = companyScope(tx, companyId);
    await visibleInvoice(scope, viewer, id, true);
    await q.deleteAttachments(scope, id);
    await q.deleteInvoiceRow(tx, id);
  });
}

/** Marks the invoice opened (viewing it); an already opened invoice is not written again. */
export async function openInvoice(db: Db, secret: string, companyId: number, viewer: Viewer, id: number): Promise<InvoiceDto> {
  return withTx(db, async (tx) => {
    const scope = companyScope(tx, companyId);
    const { row } = await visibleInvoice(scope, viewer, id, false);
    return (await dtos(scope, secret, [row.opened ? row : await q.markOpened(tx, id)]))[0];
  });
}

/** Adds one checked PDF to the invoice (the route checks content and size before calling). */
export async function addAttachment(db: Db, secret: string, companyId: number, viewer: Viewer, id: number, file: { name: string; content: Buffer }): Promise<InvoiceDto> {
  return withTx(db, async (tx) => {
    const scope = companyScope(tx, companyId);
    const { row } = await visibleInvoice(scope, viewer, id, true);
    await q.insertAttachment(scope, { invoiceId: id, ownerId: viewer.userId, name: file.name, content: file.content });
    return (await dtos(scope, secret, [row]))[0];
  });
}

/**
 * Deletes one attachment with its file. The last one stays: an invoice needs an attachment
 * ('is mandatory'), so a wrong PDF is replaced by uploading the right one first.
 */
export async function removeAttachment(db: Db, secret: string, companyId: number, viewer: Viewer, id: number, attachmentId: number): Promise<InvoiceDto> {
  return withTx(db, async (tx) => {
    const scope = companyScope(tx, companyId);
    const { row } = await visibleInvoice(scope, viewer, id, true);
    const files = (await q.attachmentsOf(scope, [id])).get(id) ?? [];
    if (!files.some((f) => f.id === attachmentId)) throw new DomainError('NO_PERMISSION');
    if (files.length === 1) throw new DomainError('INVOICE_ATTACHMENT_REQUIRED');
    await q.deleteAttachments(scope, id, attachmentId);
    return (await dtos(scope, secret, [row]))[0];
  });
}
