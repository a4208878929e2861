/**
 * Which header field a refused save of a reimbursement is about (decision 056, "A refused save"):
 * the editor's own header rules and the server's refusals that concern a header field go through one
 * table, so the caret lands on that field (the header comes before the lines in reading order) and
 * the field shows the refusal until it is put right. Refusals the table does not name stay messages.
 */
import { MAX_COST_CENTS } from '../../../domain/constants';
import { projectAmountCents } from '../../../domain/clients';
import type { ResultCode } from '../../../domain/result-codes';
import type { ReimburseHeader } from './reimburse-editor-state';

/** The header's fields in reading order (left to right on screen, above the lines). */
export const REIMBURSE_HEADER_FIELDS = ['markAt', 'submitAt', 'submitterId', 'payAt', 'payAmount'] as const;
export type ReimburseHeaderField = (typeof REIMBURSE_HEADER_FIELDS)[number];

/** The editor's own header rules, named by their message keys. */
export type ReimburseHeaderRule = 'reimburse:rules.markAt' | 'reimburse:rules.payAmount';

/** A refusal: one of the editor's header rules or a result code of the server. */
export type ReimburseRefusal = ReimburseHeaderRule | ResultCode;

const HEADER_FIELD_OF: Partial<Record<ReimburseRefusal, ReimburseHeaderField>> = {
  'reimburse:rules.markAt': 'markAt',
  'reimburse:rules.payAmount': 'payAmount',
  REIMBURSE_SUBMITTER_DISABLED: 'submitterId',
  // Every number of the mark date's month is used: another date is the way out.
  REIMBURSE_CODE_EXHAUSTED: 'markAt',
  // A mark date outside the company's account years.
  REIMBURSE_MARK_DATE_OUT_OF_RANGE: 'markAt',
};

/** The header field a refusal concerns, or null (a line's refusal, or one no field can put right). */
export function headerFieldOf(refusal: string): ReimburseHeaderField | null {
  return HEADER_FIELD_OF[refusal as ReimburseRefusal] ?? null;
}

/** The pay amount as typed, in cents (blank is 0; NaN when it does not read as an amount). */
export function payAmountCentsOf(text: string): number {
  return text.trim() ? projectAmountCents(text) : 0;
}

/** The header rules the editor checks before asking the server; the broken ones, in reading order. */
export function headerRuleBreaks(h: Pick<ReimburseHeader, 'markAt' | 'payAmount'>): ReimburseHeaderRule[] {
  const broken: ReimburseHeaderRule[] = [];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(h.markAt)) broken.push('reimburse:rules.markAt');
  const payAmount = payAmountCentsOf(h.payAmount);
  if (!Number.isSafeInteger(payAmount) || payAmount < 0 || payAmount > MAX_COST_CENTS) broken.push('reimburse:rules.payAmount');
  return broken;
}

/** A server's refusal of a header field, with the value it refused (the frame goes once the value changes). */
export interface ServerHeaderRefusal {
  field: ReimburseHeaderField;
  message: string;
  value: ReimburseHeader[ReimburseHeaderField];
}

/** The server's refusal as a header field's, or null when it concerns no header field. */
export function serverHeaderRefusal(code: string, message: string, sent: ReimburseHeader): ServerHeaderRefusal | null {
  const field = headerFieldOf(code);
  return field ? { field, message, value: sent[field] } : null;
}

/**
 * The refused header fields and their messages: the broken rules once a save was tried (each goes
 * when its rule holds again), and the server's refusal while the field keeps the value it refused.
 */
export function refusedHeaderFields(
  h: ReimburseHeader,
  o: { saveTried: boolean; server: ServerHeaderRefusal | null; message: (rule: ReimburseHeaderRule) => string },
): Partial<Record<ReimburseHeaderField, string>> {
  const out: Partial<Record<ReimburseHeaderField, string>> = {};
  if (o.saveTried) for (const rule of headerRuleBreaks(h)) out[headerFieldOf(rule)!] = o.message(rule);
  if (o.server && h[o.server.field] === o.server.value) out[o.server.field] ??= o.server.message;
  return out;
}

/** The first refused header field in reading order, or null when the header is fine. */
export function firstRefusedField(refused: Partial<Record<ReimburseHeaderField, unknown>>): ReimburseHeaderField | null {
  return REIMBURSE_HEADER_FIELDS.find((f) => refused[f] !== undefined) ?? null;
}
