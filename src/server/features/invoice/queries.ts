/** Database access for invoices and their attachments: no rules here (see service.ts). */
import { and, asc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { CompanyScope } from '../../db/tx';
import { files, invoiceAttachments, invoices, projectPrincipals, projects } from '../../db/schema';
import { countAll, likeKeyword, orderBy } from '../../db/queries/list';
import type { Paging } from '../../../contract/common';
import type { invoiceFilter } from '../../../contract/invoice';
import type { Leader } from '../clients/queries';
import { sameCode } from '../../db/codes';

export type InvoiceFilter = z.output<typeof invoiceFilter>;
export type InvoiceRow = typeof invoices.$inferSelect;
export interface AttachmentRow { id: number; invoiceId: number; fileId: number; name: string; size: number; createdAt: string }
export interface ProjectRef { id: number; code: string; name: string }

const hasAttachment = sql`exists (select 1 from ${invoiceAttachments} ia where ia.invoice_id = ${invoices.id})`;
/** Invoices of projects this employee leads (a principal of the project). */
const ofProjectLedBy = (employeeId: number) => sql`exists (select 1 from ${projectPrincipals} pp where pp.project_id = ${invoices.projectId} and pp.employee_id = ${employeeId})`;

export async function selectInvoices(scope: CompanyScope, p: Paging<InvoiceFilter>, leader: Leader): Promise<{ rows: InvoiceRow[]; total: number }> {
  const f = p.filter;
  const conds: SQL[] = [];
  const kw = likeKeyword(f.keyword);
  if (kw) {
    conds.push(or(ilike(invoices.no, kw), ilike(invoices.issueOffice, kw), ilike(invoices.remark, kw),
      sql`exists (select 1 from ${projects} pr where pr.id = ${invoices.projectId} and (pr.code ilike ${kw} or pr.name ilike ${kw}))`)!);
  }
  if (leader === 'none') conds.push(sql`false`);
  else if (leader !== null) conds.push(ofProjectLedBy(leader));
  if (f.id) conds.push(inArray(invoices.id, f.id));
  if (f.projectId) conds.push(eq(invoices.projectId, f.projectId));
  if (f.kind) conds.push(eq(invoices.kind, f.kind));
  if (f.dateFrom) conds.push(gte(invoices.date, f.dateFrom));
  if (f.dateTo) conds.push(lte(invoices.date, f.dateTo));
  if (f.opened !== undefined) conds.push(eq(invoices.opened, f.opened));
  if (f.missingAttachment !== undefined) conds.push(f.missingAttachment ? sql`not ${hasAttachment}` : hasAttachment);
  const rows = await scope.db.select({ r: invoices, total: countAll }).from(invoices).where(scope.where(invoices, ...conds))
    .orderBy(...orderBy(p.sort, {
      date: invoices.date, no: invoices.no, kind: invoices.kind, issueOffice: invoices.issueOffice, amount: invoices.amountCents,
      receivedAmount: invoices.receivedCents, redAmount: invoices.redCents, createdAt: invoices.createdAt, id: invoices.id,
    }, [sql`${invoices.date} desc`, sql`${invoices.id} desc`]))
    .limit(p.limit).offset(p.offset);
  const total = rows[0]?.total ?? (rows.length ? 0 : p.offset > 0
    ? (await scope.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(invoices).where(scope.where(invoices, ...conds)))[0].n
    : 0);
  return { rows: rows.map((x) => x.r), total: Number(total) };
}

export async function findInvoice(scope: CompanyScope, id: number, lock = false): Promise<InvoiceRow | undefined> {
  const q = scope.db.select().from(invoices).where(scope.where(invoices, eq(invoices.id, id))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}
export async function companyOfInvoice(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ c: invoices.companyId }).from(invoices).where(eq(invoices.id, id)).limit(1);
  return row?.c;
}
export async function invoiceNoTaken(scope: CompanyScope, no: string, exceptId?: number): Promise<boolean> {
  const rows = await scope.db.select({ id: invoices.id }).from(invoices).where(scope.where(invoices, sameCode(invoices.no, no))).limit(2);
  return rows.some((r) => r.id !== exceptId);
}
export async function insertInvoice(db: Db, v: typeof invoices.$inferInsert): Promise<InvoiceRow> {
  const [row] = await db.insert(invoices).values(v).returning();
  return row;
}
export async function patchInvoice(db: Db, id: number, set: Partial<typeof invoices.$inferInsert>): Promise<InvoiceRow> {
  const [row] = await db.update(invoices).set({ ...set, version: sql`${invoices.version} + 1` }).where(eq(invoices.id, id)).returning();
  return row;
}
export async function markOpened(db: Db, id: number): Promise<InvoiceRow> {
  const [row] = await db.update(invoices).set({ opened: true }).where(eq(invoices.id, id)).returning();
  return row;
}
export async function deleteInvoiceRow(db: Db, id: number): Promise<void> {
  await db.delete(invoices).where(eq(invoices.id, id));
}

/** Whether any invoice names the project (a project with invoices is in use). */
export async function invoiceOnProject(scope: CompanyScope, projectId: number): Promise<boolean> {
  const [r] = await scope.db.select({ id: invoices.id }).from(invoices).where(scope.where(invoices, eq(invoices.projectId, projectId))).limit(1);
  return Boolean(r);
}

/** The project (a ref) and its principal employee ids, when it is the company's. */
export async function projectOf(scope: CompanyScope, projectId: number, lock = false): Promise<(ProjectRef & { principals: number[] }) | undefined> {
  const q = scope.db.select({ id: projects.id, code: projects.code, name: projects.name }).from(projects).where(scope.where(projects, eq(projects.id, projectId))).limit(1);
  const [p] = lock ? await q.for('share') : await q;
  if (!p) return undefined;
  const ps = await scope.db.select({ e: projectPrincipals.employeeId }).from(projectPrincipals).where(and(eq(projectPrincipals.companyId, scope.companyId), eq(projectPrincipals.projectId, projectId)));
  return { ...p, principals: ps.map((x) => x.e) };
}

export async function projectRefs(scope: CompanyScope, ids: number[]): Promise<Map<number, ProjectRef>> {
  if (!ids.length) return new Map();
  const rows = await scope.db.select({ id: projects.id, code: projects.code, name: projects.name }).from(projects).where(scope.where(projects, inArray(projects.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function attachmentsOf(scope: CompanyScope, invoiceIds: number[]): Promise<Map<number, AttachmentRow[]>> {
  const out = new Map<number, AttachmentRow[]>();
  if (!invoiceIds.length) return out;
  const rows = await scope.db.select({ id: invoiceAttachments.id, invoiceId: invoiceAttachments.invoiceId, fileId: invoiceAttachments.fileId, name: invoiceAttachments.name, size: files.size, createdAt: invoiceAttachments.createdAt })
    .from(invoiceAttachments).innerJoin(files, eq(files.id, invoiceAttachments.fileId))
    .where(and(eq(invoiceAttachments.companyId, scope.companyId), inArray(invoiceAttachments.invoiceId, invoiceIds)))
    .orderBy(asc(invoiceAttachments.id));
  for (const r of rows) out.set(r.invoiceId, [...(out.get(r.invoiceId) ?? []), { ...r, size: Number(r.size) }]);
  return out;
}

export async function insertAttachment(scope: CompanyScope, v: { invoiceId: number; ownerId: number; name: string; content: Buffer }): Promise<void> {
  const [f] = await scope.db.insert(files).values({ companyId: scope.companyId, ownerId: v.ownerId, name: v.name, mime: 'application/pdf', size: v.content.length, content: v.content }).returning({ id: files.id });
  await scope.db.insert(invoiceAttachments).values({ companyId: scope.companyId, invoiceId: v.invoiceId, fileId: f.id, name: v.name });
}

/** Deletes attachments (all of an invoice, or one) with their stored files. */
export async function deleteAttachments(scope: CompanyScope, invoiceId: number, attachmentId?: number): Promise<number> {
  const gone = await scope.db.delete(invoiceAttachments)
    .where(and(eq(invoiceAttachments.companyId, scope.companyId), eq(invoiceAttachments.invoiceId, invoiceId), attachmentId ? eq(invoiceAttachments.id, attachmentId) : undefined))
    .returning({ fileId: invoiceAttachments.fileId });
  if (gone.length) await scope.db.delete(files).where(inArray(files.id, gone.map((g) => g.fileId)));
  return gone.length;
}
