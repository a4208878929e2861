/**
 * Column definitions of list screens are data (`<screen>.columns.ts`): a field, an i18n header
 * key, a width and flags. This module turns them into AG Grid ColDefs, maps the grid's sort state
 * to the API's sort parameter and merges saved column widths. Pure, so it is unit-tested.
 */
import type { ColDef } from 'ag-grid-community';
import type { ColumnWidths } from './saved-widths';

export type { ColumnWidths } from './saved-widths';
export { readSavedWidths, sameWidths } from './saved-widths';

export interface ListColumn<T> {
  /**
   * 'index': the list kit's index column (spec 02: "index" in a list's columns): the row's number in
   * the whole list, counted across pages (`indexColumn()`). It shows no field of the row.
   */
  kind?: 'index';
  /** Column id and, unless `valueOf` is given, the row field shown. */
  field: Extract<keyof T, string> | (string & {});
  /**
   * Where the cell value comes from when not `field`: another row field, or '*' for the whole row
   * (renderers that read several fields; the cell refreshes whenever the row object changes).
   */
  source?: string;
  /** i18n key of the header (namespace included, e.g. 'admin:user.username'). */
  headerKey: string;
  width?: number;
  minWidth?: number;
  /** Take the remaining width (widths saved by the user still win). */
  flex?: number;
  /** Sortable on the server; `sortField` names the API sort key when it differs from `field`. */
  sortable?: boolean;
  sortField?: string;
  /** Name of a cell renderer the screen registers (badges, switches, action buttons). */
  renderer?: string;
  /** Name of a value formatter the screen registers (dates, enumerations). */
  format?: string;
  /** Inline editing (readOnlyEdit: the screen receives the request and calls its mutation). */
  editable?: boolean | ((row: T) => boolean);
  cellEditor?: string;
  align?: 'left' | 'center' | 'right';
  /** An amount (cents, a number or the API's integer string): a negative one is drawn red (class ld-negative). */
  negative?: boolean;
  pinned?: 'left' | 'right';
  resizable?: boolean;
}

export const INDEX_COL_ID = 'index';

/** The class of a negative amount's cell (red: list-grid.css). */
export const NEGATIVE_CLASS = 'ld-negative';

/** Whether a cell value is a negative amount: a number below 0, or an integer string with a minus sign. */
export const isNegativeAmount = (v: unknown): boolean => (typeof v === 'number' ? v < 0 : typeof v === 'bigint' ? v < 0n : typeof v === 'string' && /^\s*-\s*\d/.test(v) && Number(v) !== 0);

/** The index column of a list (spec 02 §2.4, §2.5: "index"), shown first, before the selection column. */
export function indexColumn<T>(): ListColumn<T> {
  return { kind: 'index', field: INDEX_COL_ID, headerKey: 'grid:columns.index', width: 64, minWidth: 56, align: 'right', resizable: false, pinned: 'left' };
}

export type SortParam = Record<string, 'asc' | 'desc'>;

export interface ToColDefsOptions<T> {
  t: (key: string) => string;
  renderers?: Record<string, ColDef<T>['cellRenderer']>;
  formatters?: Record<string, (value: unknown, row: T | undefined) => string>;
  widths?: ColumnWidths;
  sort?: SortParam;
  /** The index column's number of a displayed row (grids/list/paging.ts rowNumber); default rowIndex + 1. */
  rowNumber?: (rowIndex: number) => number;
}

/** ListColumns → AG Grid ColDefs. Sorting happens on the server, so the client comparator keeps the order. */
export function toColDefs<T>(columns: ListColumn<T>[], opts: ToColDefsOptions<T>): ColDef<T>[] {
  const keepServerOrder = () => 0;
  return columns.map((c) => {
    const saved = opts.widths?.[c.field];
    const sortKey = c.sortField ?? c.field;
    const def: ColDef<T> = {
      colId: c.field,
      field: (c.source && c.source !== '*' ? c.source : c.field) as ColDef<T>['field'],
      headerName: opts.t(c.headerKey),
      sortable: !!c.sortable,
      comparator: keepServerOrder,
      resizable: c.resizable ?? true,
      minWidth: c.minWidth ?? 60,
      suppressMovable: true,
    };
    if (c.kind === 'index') {
      delete def.field;
      // A number of the grid's own, never of the row: pinned total rows get none.
      def.valueGetter = (p) => (p.node && !p.node.rowPinned && p.node.rowIndex != null ? (opts.rowNumber ?? ((i) => i + 1))(p.node.rowIndex) : null);
      def.cellDataType = 'number';
      def.lockPosition = 'left';
    }
    if (c.source === '*') {
      delete def.field;
      def.valueGetter = (p) => p.data;
    }
    if (saved) def.width = saved;
    else if (c.flex) def.flex = c.flex;
    else if (c.width) def.width = c.width;
    if (c.sortable && opts.sort?.[sortKey]) def.sort = opts.sort[sortKey];
    if (c.renderer) {
      const r = opts.renderers?.[c.renderer];
      if (r) def.cellRenderer = r;
      // The renderer draws the value: no inferred data type (an object value would ask for a formatter, AG Grid warning #48).
      if (r && !c.format) def.cellDataType = false;
    }
    if (c.format) {
      const f = opts.formatters?.[c.format];
      if (f) def.valueFormatter = (p) => f(p.value, p.data);
    }
    if (c.editable !== undefined) {
      const e = c.editable;
      def.editable = typeof e === 'function' ? (p) => !!p.data && e(p.data) : e;
    }
    if (c.cellEditor) def.cellEditor = c.cellEditor;
    if (c.negative) def.cellClassRules = { [NEGATIVE_CLASS]: (p) => isNegativeAmount(p.value) };
    if (c.align === 'right') def.type = 'rightAligned';
    if (c.align === 'center') def.cellStyle = { textAlign: 'center' };
    if (c.pinned) def.pinned = c.pinned;
    return def;
  });
}

/** The grid's column sort state (colId + sort) → the API's sort param ({"username":"asc"}), in sort order. */
export function sortParamFromState<T>(
  state: Array<{ colId: string; sort?: 'asc' | 'desc' | null; sortIndex?: number | null }>,
  columns: ListColumn<T>[],
): SortParam {
  const byId = new Map(columns.map((c) => [c.field as string, c]));
  const out: SortParam = {};
  state
    .filter((s) => s.sort && byId.get(s.colId)?.sortable)
    .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
    .forEach((s) => {
      const c = byId.get(s.colId)!;
      out[c.sortField ?? c.field] = s.sort as 'asc' | 'desc';
    });
  return out;
}

/** Widths worth saving: the known columns only, as positive integers. */
export function widthsFromState<T>(state: Array<{ colId: string; width?: number | null }>, columns: ListColumn<T>[]): ColumnWidths {
  const known = new Set(columns.map((c) => c.field as string));
  const out: ColumnWidths = {};
  for (const s of state) {
    if (known.has(s.colId) && s.width && s.width > 0) out[s.colId] = Math.round(s.width);
  }
  return out;
}
