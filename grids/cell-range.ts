/**
 * The block of cells Ctrl+C copies: the caret's cell (the anchor) stretched with Shift+arrows,
 * Shift+Home and Shift+End to a second corner, over the sheet's data columns (AG Grid Community
 * has no range selection). Pure: the grid keeps the range and draws it with a cell class.
 */
import { formatCentsForEdit } from '../src/domain/money';
import { formatTsv } from './paste';
import { dataColumns, displayText, type SheetRow, type SheetSchema } from './sheet-schema';
import { rowIndexOf } from './sheet';

export interface RangeCell {
  rowId: string;
  colId: string;
}

export interface CellRange {
  anchor: RangeCell;
  end: RangeCell;
}

export type RangeStep = 'up' | 'down' | 'left' | 'right' | 'home' | 'end';

export interface RangeBounds {
  rowStart: number;
  rowEnd: number;
  /** Positions in the sheet's data columns. */
  colStart: number;
  colEnd: number;
}

function dataColIndex<R extends SheetRow>(schema: SheetSchema<R>, colId: string): number {
  const cols = dataColumns(schema);
  const at = cols.findIndex((c) => c.field === colId);
  // The row-number column stands for the first data column.
  return at < 0 ? 0 : at;
}

/** The range after one Shift+key from the caret: a fresh range starts at the caret. */
export function extendRange<R extends SheetRow>(schema: SheetSchema<R>, rows: readonly R[], range: CellRange | null, caret: RangeCell, step: RangeStep): CellRange | null {
  const cols = dataColumns(schema);
  if (cols.length === 0 || rowIndexOf(rows, caret.rowId) < 0) return null;
  const anchor = range && range.anchor.rowId === caret.rowId && range.anchor.colId === caret.colId ? range.anchor : { rowId: caret.rowId, colId: cols[dataColIndex(schema, caret.colId)].field };
  const from = range && range.anchor === anchor ? range.end : anchor;
  let row = Math.max(0, rowIndexOf(rows, from.rowId));
  let col = dataColIndex(schema, from.colId);
  if (step === 'up') row = Math.max(0, row - 1);
  if (step === 'down') row = Math.min(rows.length - 1, row + 1);
  if (step === 'left') col = Math.max(0, col - 1);
  if (step === 'right') col = Math.min(cols.length - 1, col + 1);
  if (step === 'home') col = 0;
  if (step === 'end') col = cols.length - 1;
  return { anchor, end: { rowId: rows[row].id, colId: cols[col].field } };
}

export function rangeBounds<R extends SheetRow>(schema: SheetSchema<R>, rows: readonly R[], range: CellRange): RangeBounds | null {
  const a = rowIndexOf(rows, range.anchor.rowId);
  const b = rowIndexOf(rows, range.end.rowId);
  if (a < 0 || b < 0) return null;
  const c = dataColIndex(schema, range.anchor.colId);
  const d = dataColIndex(schema, range.end.colId);
  return { rowStart: Math.min(a, b), rowEnd: Math.max(a, b), colStart: Math.min(c, d), colEnd: Math.max(c, d) };
}

/** Whether a cell lies in the range (drawn as selected). */
export function inBounds<R extends SheetRow>(schema: SheetSchema<R>, bounds: RangeBounds, rowIndex: number, colId: string): boolean {
  const col = dataColumns(schema).findIndex((c) => c.field === colId);
  return col >= 0 && rowIndex >= bounds.rowStart && rowIndex <= bounds.rowEnd && col >= bounds.colStart && col <= bounds.colEnd;
}

/** The range as Excel would copy it: display text, amounts as plain decimals, lookups as their labels (which paste reads back). */
export function rangeToTsv<R extends SheetRow>(schema: SheetSchema<R>, rows: readonly R[], bounds: RangeBounds): string {
  const cols = dataColumns(schema).slice(bounds.colStart, bounds.colEnd + 1);
  const lines = rows.slice(bounds.rowStart, bounds.rowEnd + 1).map((row) => cols.map((c) => displayText(c, row, formatCentsForEdit)));
  return formatTsv(lines);
}
