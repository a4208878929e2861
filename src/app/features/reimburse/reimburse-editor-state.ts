/**
 * The reimbursement editor's state as one value, kept with its tab (decision 005): the stored
 * document (null for a new one), the header, the kit sheet of invoice lines and whether anything
 * changed since it was loaded or saved. Pure reducer; `linesOf` turns the sheet into the body's lines.
 */
import { createSheetState, reduceSheet, type SheetEvent, type SheetState } from '../../../../grids/sheet';
import { sheetTotals } from '../../../../grids/totals';
import type { SheetSchema } from '../../../../grids/sheet-schema';
import type { ReimburseRow } from '../../../../grids/reimburse.columns';
import type { ExpenseDto, ExpenseLineIn } from '../../../contract/expense';
import { formatCents } from '../../../domain/money';
import { summarizeByKind } from '../../../domain/reimbursement';

export interface ReimburseHeader {
  markAt: string;
  submitAt: string;
  submitterId: number | null;
  submitter: { id: number; code: string; name: string } | null;
  payAt: string;
  /** As typed ("1,234.56"); read into cents on save. */
  payAmount: string;
}

export interface ReimburseEditorState {
  doc: ExpenseDto | null;
  header: ReimburseHeader;
  sheet: SheetState<ReimburseRow>;
  dirty: boolean;
}

export type ReimburseEvent =
  | { type: 'sheet'; event: SheetEvent<ReimburseRow> }
  | { type: 'header'; patch: Partial<ReimburseHeader> }
  | { type: 'loaded'; doc: ExpenseDto }
  | { type: 'reset'; header: ReimburseHeader };

export function rowsOfDoc(doc: ExpenseDto): ReimburseRow[] {
  return (doc.invoices ?? []).map((l, i) => ({ id: `reimburse-doc-${doc.id}-${i}`, expenseKindId: String(l.expenseKindId), issueAt: l.issueAt, no: l.no, amount: l.amount, remark: l.remark ?? '' }));
}

export function headerOfDoc(doc: ExpenseDto): ReimburseHeader {
  return { markAt: doc.markAt, submitAt: doc.submitAt ?? '', submitterId: doc.submitterId, submitter: doc.submitter, payAt: doc.payAt ?? '', payAmount: doc.payAmount ? formatCents(doc.payAmount) : '' };
}

export const newReimburseState = (schema: SheetSchema<ReimburseRow>, header: ReimburseHeader): ReimburseEditorState => ({ doc: null, header, sheet: createSheetState(schema), dirty: false });

export const loadedReimburseState = (schema: SheetSchema<ReimburseRow>, doc: ExpenseDto, seq?: number): ReimburseEditorState => ({
  doc,
  header: headerOfDoc(doc),
  sheet: createSheetState(schema, rowsOfDoc(doc), seq),
  dirty: false,
});

export function reduceReimburse(schema: SheetSchema<ReimburseRow>, state: ReimburseEditorState, event: ReimburseEvent): ReimburseEditorState {
  switch (event.type) {
    case 'sheet': {
      const sheet = reduceSheet(schema, state.sheet, event.event);
      if (sheet === state.sheet) return state;
      const edits = event.event.type !== 'sheet.lock' && event.event.type !== 'sheet.load';
      return { ...state, sheet, dirty: state.dirty || (edits && sheet.rows !== state.sheet.rows) };
    }
    case 'header':
      return { ...state, header: { ...state.header, ...event.patch }, dirty: true };
    case 'loaded':
      return loadedReimburseState(schema, event.doc, state.sheet.seq);
    case 'reset':
      return { ...newReimburseState(schema, event.header), sheet: createSheetState(schema, [], state.sheet.seq) };
  }
}

/** The sheet's rows as the body's lines (the server drops blank ones and checks the rest again). */
export function linesOf(rows: readonly ReimburseRow[]): ExpenseLineIn[] {
  return rows.map((r) => ({
    expenseKindId: r.expenseKindId === null ? null : Number(r.expenseKindId),
    issueAt: r.issueAt,
    no: r.no.trim() || null,
    amount: r.amount,
    remark: r.remark.trim() || null,
  }));
}

/**
 * The document's one total and its split by kind (the Summary tab). The total is the sheet's own
 * (grids/totals.ts), the figure its totals row shows, so the footer and the Summary tab cannot
 * show another; the split counts the same lines (one not yet given a kind on a row of its own).
 */
export function reimburseTotals(schema: SheetSchema<ReimburseRow>, rows: readonly ReimburseRow[]) {
  const totalCents = sheetTotals(schema, rows).totalCents;
  const byKind = summarizeByKind(linesOf(rows)).rows;
  return { totalCents, byKind, count: byKind.reduce((n, r) => n + r.count, 0) };
}
