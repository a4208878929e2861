/**
 * Where the caret goes next in an entry sheet. Enter follows the screen's entry order (summary →
 * subject → auxiliary when the subject has auxiliary types → debit → credit unless the debit is
 * filled → next row's summary) and asks for new rows past the last one; Tab visits every cell
 * that can hold a value; Home/End go to the first/last such cell of the row. Pure functions over
 * the schema and the rows, so the order is unit-tested without a browser.
 */
import { dataColumns, findColumn, isApplicable, isDataColumn, type DataColumn, type SheetRow, type SheetSchema } from './sheet-schema';

export interface GridCell {
  rowIndex: number;
  colId: string;
}

export type EnterTarget = { kind: 'cell'; cell: GridCell } | { kind: 'append'; colId: string };

/** Data columns in the order Enter visits them. */
export function entryColumns<R extends SheetRow>(schema: SheetSchema<R>): DataColumn<R>[] {
  const inEntry = dataColumns(schema).filter((c) => c.entry !== false);
  if (!schema.entryOrder) return inEntry;
  return schema.entryOrder.map((f) => inEntry.find((c) => c.field === f)).filter((c): c is DataColumn<R> => c !== undefined);
}

function stopsOnEnter<R>(column: DataColumn<R>, row: R): boolean {
  return isApplicable(column, row) && !(column.skipOnEnter?.(row) ?? false);
}

/** The first cell of a row that Enter stops at (a blank row: the first entry column). */
export function firstEntryColId<R extends SheetRow>(schema: SheetSchema<R>, row?: R): string {
  const cols = entryColumns(schema);
  const first = row ? cols.find((c) => stopsOnEnter(c, row)) : cols[0];
  return (first ?? cols[0] ?? dataColumns(schema)[0]).field;
}

/** Enter: the next cell in entry order, or a request for more rows when the last row is done. */
export function nextEntryTarget<R extends SheetRow>(schema: SheetSchema<R>, rows: readonly R[], from: GridCell): EnterTarget {
  const cols = entryColumns(schema);
  const row = rows[from.rowIndex];
  if (row) {
    const at = cols.findIndex((c) => c.field === from.colId);
    for (let i = at + 1; i < cols.length; i++) {
      if (stopsOnEnter(cols[i], row)) return { kind: 'cell', cell: { rowIndex: from.rowIndex, colId: cols[i].field } };
    }
  }
  const nextIndex = from.rowIndex + 1;
  if (nextIndex < rows.length) return { kind: 'cell', cell: { rowIndex: nextIndex, colId: firstEntryColId(schema, rows[nextIndex]) } };
  return { kind: 'append', colId: firstEntryColId(schema) };
}

/**
 * Arrow-down: the same column one row down; on the last row, one more row when the sheet grows by
 * arrow-down (`appendOnArrowDown`), else nowhere (null: the caret stays).
 */
export function arrowDownTarget<R extends SheetRow>(schema: SheetSchema<R>, rows: readonly R[], from: GridCell): EnterTarget | null {
  if (from.rowIndex + 1 < rows.length) return { kind: 'cell', cell: { rowIndex: from.rowIndex + 1, colId: from.colId } };
  return schema.appendOnArrowDown && from.rowIndex === rows.length - 1 ? { kind: 'append', colId: from.colId } : null;
}

/** Shift+Enter: the previous cell in entry order; null at the very first cell. */
export function previousEntryCell<R extends SheetRow>(schema: SheetSchema<R>, rows: readonly R[], from: GridCell): GridCell | null {
  const cols = entryColumns(schema);
  const at = cols.findIndex((c) => c.field === from.colId);
  for (let r = from.rowIndex; r >= 0; r--) {
    const row = rows[r];
    if (!row) continue;
    const start = r === from.rowIndex ? (at < 0 ? -1 : at - 1) : cols.length - 1;
    for (let i = start; i >= 0; i--) if (stopsOnEnter(cols[i], row)) return { rowIndex: r, colId: cols[i].field };
  }
  return null;
}

/** Columns Tab and Home/End stop at in display order: every data column whose cell can hold a value. */
function tabStops<R extends SheetRow>(schema: SheetSchema<R>, row: R): string[] {
  return dataColumns(schema)
    .filter((c) => isApplicable(c, row))
    .map((c) => c.field);
}

/** Tab / Shift+Tab: the next cell that can hold a value, wrapping rows; null past either end (focus leaves the grid). */
export function tabTarget<R extends SheetRow>(schema: SheetSchema<R>, rows: readonly R[], from: GridCell, backwards: boolean): GridCell | null {
  const order = schema.columns.map((c) => (isDataColumn(c) ? c.field : c.colId));
  const fromPos = order.indexOf(from.colId);
  const step = backwards ? -1 : 1;
  for (let r = from.rowIndex; r >= 0 && r < rows.length; r += step) {
    const stops = tabStops(schema, rows[r]);
    const candidates = stops.filter((f) => (r !== from.rowIndex ? true : backwards ? order.indexOf(f) < fromPos : order.indexOf(f) > fromPos));
    if (candidates.length > 0) return { rowIndex: r, colId: backwards ? candidates[candidates.length - 1] : candidates[0] };
  }
  return null;
}

/** Home / End: the first / last cell of the row that can hold a value. */
export function rowEdgeCell<R extends SheetRow>(schema: SheetSchema<R>, rows: readonly R[], rowIndex: number, end: boolean): GridCell | null {
  const row = rows[rowIndex];
  if (!row) return null;
  const stops = tabStops(schema, row);
  if (stops.length === 0) return null;
  return { rowIndex, colId: end ? stops[stops.length - 1] : stops[0] };
}

/** Ctrl+Home / Ctrl+End: the same column in the first / last row (falling back to the row's first stop). */
export function sheetEdgeCell<R extends SheetRow>(schema: SheetSchema<R>, rows: readonly R[], colId: string, end: boolean): GridCell | null {
  if (rows.length === 0) return null;
  const rowIndex = end ? rows.length - 1 : 0;
  const column = findColumn(schema, colId);
  if (column && (!isDataColumn(column) || isApplicable(column, rows[rowIndex]))) return { rowIndex, colId };
  return rowEdgeCell(schema, rows, rowIndex, false);
}
