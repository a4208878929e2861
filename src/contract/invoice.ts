/**
 * Invoices of projects: spec 02 §2.6, §3 Invoice, §4, §5 Invoice and spec 01 §7. Reading needs the
 * invoice menu (11) and follows the project visibility rule: without ADMIN or view-all-invoices
 * (1101) a user sees only invoices of projects whose principal they are. Changes need the invoice
 * operation right (1102, with 11). Attachments are PDF files (checked by content), at most 2 MB,
 * uploaded after the invoice is saved; an invoice without one is flagged incomplete.
 */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { TEXT_BASE } from '../domain/constants';
import { invoiceKinds } from '../domain/enums';
import { INVOICE_AMOUNT_MAX_CENTS, INVOICE_REMARK_MAX } from '../domain/invoice';
import { codeText, dateString, idOrIds, idParams, idSchema, listOf, listQuery, optionalText } from './common';
import { defineRoute } from './route';
import { rangeOrder } from './date-order';
import { moneyCents } from './money';

const cents = moneyCents(INVOICE_AMOUNT_MAX_CENTS);
/** A flag in a flat query arrives as text. */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const invoiceAttachmentDto = z.object({
  id: z.number().int(),
  invoiceId: z.number().int(),
  fileId: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  /** A signed URL of the stored file (downloads as octet-stream; the viewer reads it as a blob). */
  realUri: z.string(),
  createdAt: z.string(),
});
export type InvoiceAttachmentDto = z.infer<typeof invoiceAttachmentDto>;

export const invoiceDto = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  projectId: z.number().int(),
  project: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  projectName: z.string(),
  no: z.string(),
  kind: z.enum(invoiceKinds),
  issueOffice: z.string().nullable(),
  date: z.string(),
  /** Integer cents. */
  amount: z.number().int(),
  receivedAmount: z.number().int(),
  redAmount: z.number().int(),
  remark: z.string().nullable(),
  opened: z.boolean(),
  attachments: z.array(invoiceAttachmentDto),
  /** At least one attachment (spec 02 §5 'is mandatory'); false flags the row. */
  complete: z.boolean(),
  createdAt: z.string(),
  version: z.number().int(),
});
export type InvoiceDto = z.infer<typeof invoiceDto>;

const invoiceFields = {
  projectId: idSchema,
  no: codeText(TEXT_BASE),
  kind: z.enum(invoiceKinds),
  issueOffice: optionalText(TEXT_BASE),
  date: dateString,
  amount: cents,
  receivedAmount: cents,
  redAmount: cents,
  remark: optionalText(INVOICE_REMARK_MAX),
};
export const invoiceCreateBody = z.object({
  ...invoiceFields,
  kind: invoiceFields.kind.default('VAT_GENERAL'),
  amount: cents.default(0), receivedAmount: cents.default(0), redAmount: cents.default(0),
});
export const invoiceUpdateBody = z.object({
  projectId: invoiceFields.projectId.optional(),
  no: invoiceFields.no.optional(),
  kind: invoiceFields.kind.optional(),
  issueOffice: invoiceFields.issueOffice,
  date: invoiceFields.date.optional(),
  amount: cents.optional(),
  receivedAmount: cents.optional(),
  redAmount: cents.optional(),
  remark: invoiceFields.remark,
  version: z.number().int().min(0).optional(),
});
export const invoiceFilter = z.object({
  companyId: idSchema.optional(),
  /** One id or several (the ticked rows of an export). */
  id: idOrIds.optional(),
  projectId: idSchema.optional(),
  /** Number, issuing office, remark, project code or name. */
  keyword: z.string().max(100).optional(),
  kind: z.enum(invoiceKinds).optional(),
  dateFrom: dateString.optional(),
  dateTo: dateString.optional(),
  opened: flag.optional(),
  /** true: only invoices still lacking an attachment; false: only complete ones. */
  missingAttachment: flag.optional(),
}).superRefine(rangeOrder([['dateFrom', 'dateTo']]));
export const attachmentParams = z.object({ id: idSchema, attachmentId: idSchema });

const read = { right: RIGHTS.INVOICE, scope: 'company' } as const;
const write = { right: RIGHTS.INVOICE_OPERATE, scope: 'company' } as const;
const tags = ['invoice'];

/** Invoices (/invoice): default sort date descending, then id descending. */
export const invoiceApi = {
  list: defineRoute({ method: 'GET', path: '/invoice', query: listQuery(invoiceFilter, { defaultLimit: 10 }), answer: listOf(invoiceDto), access: read, tags }),
  get: defineRoute({ method: 'GET', path: '/invoice/:id', params: idParams, answer: invoiceDto, access: read, tags }),
  create: defineRoute({ method: 'POST', path: '/invoice', body: invoiceCreateBody, answer: invoiceDto, access: write, tags }),
  update: defineRoute({ method: 'POST', path: '/invoice/:id', params: idParams, body: invoiceUpdateBody, answer: invoiceDto, access: write, tags }),
  remove: defineRoute({ method: 'DELETE', path: '/invoice/:id', params: idParams, answer: z.null(), access: write, tags }),
  /** Marks the invoice opened (the app calls it when showing an invoice for viewing). */
  open: defineRoute({ method: 'POST', path: '/invoice/:id/open', params: idParams, answer: invoiceDto, access: read, tags }),
  /** One PDF (by content), at most 2 MB, as the multipart part `file`. */
  upload: defineRoute({ method: 'POST', path: '/invoice/:id/attachment', params: idParams, multipart: true, answer: invoiceDto, access: write, tags }),
  removeAttachment: defineRoute({ method: 'DELETE', path: '/invoice/:id/attachment/:attachmentId', params: attachmentParams, answer: invoiceDto, access: write, tags }),
};
