/**
 * Rules of invoices (spec 02 §3 Invoice, §5 Invoice): amounts in integer cents within the cost
 * maximum, PDF attachments of at most 2 MB, and when an invoice counts as complete.
 */
import { MAX_COST_CENTS, TEXT_INTRO, UPLOAD_MAX_BYTES } from './constants';
import { invoiceKinds } from './enums';

export type InvoiceKind = (typeof invoiceKinds)[number];
export const INVOICE_KINDS = invoiceKinds;
/** A new invoice starts as a general VAT invoice (spec 02 §3). */
export const DEFAULT_INVOICE_KIND: InvoiceKind = 'VAT_GENERAL';
/** Amount, received and red (reversal) amounts: 0 to the cost maximum, in cents. */
export const INVOICE_AMOUNT_MAX_CENTS = MAX_COST_CENTS;
/** The invoice remark limit is not given by the spec; the intro length (500) like a project's remark. */
export const INVOICE_REMARK_MAX = TEXT_INTRO;
/** One attachment file: a PDF of at most 2 MB. */
export const INVOICE_ATTACHMENT_MAX_BYTES = UPLOAD_MAX_BYTES;

/**
 * An invoice is complete once it has at least one attachment ('is mandatory', spec 02 §5). The
 * invoice is saved first and its files uploaded after (spec 02 §7), so an invoice can be
 * incomplete for a moment, or longer if an upload failed: lists flag it (docs/decisions/016).
 */
export const invoiceComplete = (attachmentCount: number): boolean => attachmentCount > 0;

/**
 * An invoice's red-letter (红冲) and received amounts each stay within the invoice's own amount: more
 * is a typing slip that would feed the business query's outstanding figures. The first one over, with
 * the field it is entered in, or null. The server refuses with the code; the form says it under the field.
 */
export function invoiceAmountsProblem(v: { amount: number; receivedAmount: number; redAmount: number }):
  { code: 'INVOICE_RED_OVER_AMOUNT'; field: 'redAmount' } | { code: 'INVOICE_RECEIVED_OVER_AMOUNT'; field: 'receivedAmount' } | null {
  if (v.redAmount > v.amount) return { code: 'INVOICE_RED_OVER_AMOUNT', field: 'redAmount' };
  if (v.receivedAmount > v.amount) return { code: 'INVOICE_RECEIVED_OVER_AMOUNT', field: 'receivedAmount' };
  return null;
}
