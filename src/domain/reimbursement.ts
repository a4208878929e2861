/**
 * Reimbursement rules of spec 02 §5 (used by the editor and again by the server, decision 034):
 * which lines are complete, which are partly filled, which invoice numbers repeat, the document
 * code (year-month plus a 4-digit number) and the limits. Pure: no I/O.
 */
import { MAX_COST_CENTS, REIMBURSE_LINE_MAX_CENTS, TEXT_BASE } from './constants';
import { halfWidth } from './half-width';

/** A line as the sheet or a request holds it; a blank cell is null (or an empty string). */
export interface ReimbursementLineInput {
  expenseKindId?: number | null;
  issueAt?: string | null;
  no?: string | null;
  amount?: number | null;
  remark?: string | null;
}

/** The four required cells (spec 02 §4: a line is complete when all four are filled). */
export const REQUIRED_LINE_FIELDS = ['expenseKindId', 'issueAt', 'no', 'amount'] as const;
export type RequiredLineField = (typeof REQUIRED_LINE_FIELDS)[number];

/**
 * Invoice numbers compare trimmed, ignoring letter case, inner spaces and full width (a typed
 * "ab 12" is "AB12", and "０４４１" typed in 全角 mode is "0441": halfWidth).
 */
export function normalizeInvoiceNo(no: string | null | undefined): string {
  return halfWidth(no ?? '').replace(/\s+/g, '').toUpperCase();
}

function filled(line: ReimbursementLineInput, f: RequiredLineField): boolean {
  const v = line[f];
  if (f === 'no') return normalizeInvoiceNo(v as string | null | undefined) !== '';
  if (f === 'issueAt') return typeof v === 'string' && v.trim() !== '';
  // An amount of zero reimburses nothing: it counts as not filled.
  if (f === 'amount') return typeof v === 'number' && v !== 0;
  return typeof v === 'number' && v > 0;
}

/** The required cells a line leaves empty. */
export function missingLineFields(line: ReimbursementLineInput): RequiredLineField[] {
  return REQUIRED_LINE_FIELDS.filter((f) => !filled(line, f));
}

export function isBlankLine(line: ReimbursementLineInput): boolean {
  return missingLineFields(line).length === REQUIRED_LINE_FIELDS.length && !(line.remark ?? '').trim();
}

export function isCompleteLine(line: ReimbursementLineInput): boolean {
  return missingLineFields(line).length === 0;
}

export type LineProblem =
  | { index: number; kind: 'incomplete'; fields: RequiredLineField[] }
  | { index: number; kind: 'duplicate'; no: string }
  | { index: number; kind: 'amountTooLarge' }
  | { index: number; kind: 'kindDisabled'; expenseKindId: number }
  | { index: number; kind: 'issueAfterMark'; issueAt: string; markAt: string };

/**
 * The expense kinds a document's lines may not take: the company's disabled kinds, except on a
 * line that already carried that kind in the stored document (spec 02 §7 offers only enabled
 * kinds; a kind disabled since keeps its old lines, as a disabled submitter keeps theirs). A
 * stored line is known by its invoice number (normalized), its identity in the company: a line
 * keeps its kind while it is the same invoice, whatever else changes and wherever it moves.
 */
export interface KindRule {
  disabledKindIds: ReadonlySet<number>;
  /** The stored document's lines: normalized invoice number → expense kind id (empty for a new document). */
  storedKinds?: ReadonlyMap<string, number>;
}

/** The stored lines' kinds by normalized invoice number (`KindRule.storedKinds`). */
export function storedKindsOf(lines: readonly { no?: string | null; expenseKindId?: number | null }[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const l of lines) if (l.expenseKindId != null && normalizeInvoiceNo(l.no)) out.set(normalizeInvoiceNo(l.no), l.expenseKindId);
  return out;
}

function takesDisabledKind(line: ReimbursementLineInput, rule: KindRule | undefined): boolean {
  const kind = line.expenseKindId;
  if (!rule || kind == null || !rule.disabledKindIds.has(kind)) return false;
  const no = normalizeInvoiceNo(line.no);
  return !(no && rule.storedKinds?.get(no) === kind);
}

/** The cell a problem is about: the caret goes there and the cell is flagged. */
export function lineProblemField(p: LineProblem): RequiredLineField {
  switch (p.kind) {
    case 'incomplete':
      return p.fields[0];
    case 'duplicate':
      return 'no';
    case 'amountTooLarge':
      return 'amount';
    case 'kindDisabled':
      return 'expenseKindId';
    case 'issueAfterMark':
      return 'issueAt';
  }
}

export interface LinesCheck {
  /** Problems per line index (a line may have several). */
  problems: LineProblem[];
  /** Indexes of the complete lines: the ones saved. */
  complete: number[];
}

/** YYYY-MM-DD (dates compare as text once they are written so). */
const isIsoDate = (s: string | null | undefined): s is string => typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * Every rule of one sheet at once: partly filled lines ('cannot be empty' for each missing cell),
 * invoice numbers repeated within the sheet (every line after the first is flagged), amounts above
 * the maximum cost, a disabled expense kind on a line that did not carry it (`kinds`), an invoice
 * issued after the document's mark date (`markAt`: an expense is claimed once it is invoiced, never
 * before). A line with only a remark counts as partly filled.
 */
export function checkLines(lines: readonly ReimbursementLineInput[], takenNos: ReadonlySet<string> = new Set(), kinds?: KindRule, markAt?: string | null): LinesCheck {
  const problems: LineProblem[] = [];
  const complete: number[] = [];
  const seen = new Set<string>();
  lines.forEach((line, index) => {
    if (isBlankLine(line)) return;
    const missing = missingLineFields(line);
    if (missing.length) problems.push({ index, kind: 'incomplete', fields: missing });
    if (takesDisabledKind(line, kinds)) problems.push({ index, kind: 'kindDisabled', expenseKindId: line.expenseKindId as number });
    const no = normalizeInvoiceNo(line.no);
    if (no) {
      if (seen.has(no) || takenNos.has(no)) problems.push({ index, kind: 'duplicate', no: (line.no ?? '').trim() });
      seen.add(no);
    }
    if (typeof line.amount === 'number' && Math.abs(line.amount) > REIMBURSE_LINE_MAX_CENTS) problems.push({ index, kind: 'amountTooLarge' });
    if (isIsoDate(markAt) && isIsoDate(line.issueAt) && line.issueAt > markAt) problems.push({ index, kind: 'issueAfterMark', issueAt: line.issueAt, markAt });
    if (!missing.length) complete.push(index);
  });
  return { problems, complete };
}

/** The result code the server answers for the first problem (the editor shows the same texts). */
export function lineProblemCode(p: LineProblem): 'REIMBURSE_LINE_INCOMPLETE' | 'REIMBURSE_INVOICE_DUPLICATE' | 'REIMBURSE_AMOUNT_TOO_LARGE' | 'EXPENSE_KIND_DISABLED' | 'REIMBURSE_ISSUE_AFTER_MARK' {
  switch (p.kind) {
    case 'incomplete':
      return 'REIMBURSE_LINE_INCOMPLETE';
    case 'duplicate':
      return 'REIMBURSE_INVOICE_DUPLICATE';
    case 'amountTooLarge':
      return 'REIMBURSE_AMOUNT_TOO_LARGE';
    case 'kindDisabled':
      return 'EXPENSE_KIND_DISABLED';
    case 'issueAfterMark':
      return 'REIMBURSE_ISSUE_AFTER_MARK';
  }
}

export const PAY_AMOUNT_MAX_CENTS = MAX_COST_CENTS;
export const INVOICE_NO_MAX = TEXT_BASE;
export const LINE_REMARK_MAX = TEXT_BASE;
export const EXPENSE_KIND_NAME_MAX = TEXT_BASE;

/** The 4-digit number of a code is 0001–9999 within a month. */
export const REIMBURSE_CODE_NUMBER_MAX = 9999;

/** "2026-11-05", 7 → "2026110007" (stored); the month is the mark date's. */
export function reimbursementCode(markAt: string, n: number): string {
  return `${markAt.slice(0, 4)}${markAt.slice(5, 7)}${String(n).padStart(4, '0')}`;
}

/** The prefix shared by the month's codes. */
export function reimbursementCodePrefix(markAt: string): string {
  return `${markAt.slice(0, 4)}${markAt.slice(5, 7)}`;
}

/** "2026110007" → "202611-0007", as the header and the list show it (year-month, then the number). */
export function formatReimbursementCode(code: string | null | undefined): string {
  if (!code || code.length !== 10) return code ?? '';
  return `${code.slice(0, 6)}-${code.slice(6)}`;
}

/**
 * Amount per expense kind, in order of first appearance, plus the total (the Summary tab). Every
 * line with a non-zero amount counts, one without a kind (not yet chosen) under `expenseKindId: null`: the
 * rows add up to the total, which is the sum of the amount column, as the sheet's totals row and
 * the footer show it (an incomplete line blocks the save, it does not drop out of the sum).
 */
export function summarizeByKind<K extends number>(lines: readonly { expenseKindId?: K | null; amount?: number | null }[]): { rows: { expenseKindId: K | null; amount: number; count: number }[]; total: number } {
  const byKind = new Map<K | null, { expenseKindId: K | null; amount: number; count: number }>();
  let total = 0;
  for (const l of lines) {
    // A zero amount reimburses nothing (an unfilled cell, spec 02 §5): no row of its own.
    if (typeof l.amount !== 'number' || l.amount === 0) continue;
    const kind = l.expenseKindId ?? null;
    const r = byKind.get(kind) ?? { expenseKindId: kind, amount: 0, count: 0 };
    r.amount += l.amount;
    r.count += 1;
    byKind.set(kind, r);
    total += l.amount;
  }
  return { rows: [...byKind.values()], total };
}
