/**
 * AG Grid set-up for entry grids: only the Community modules the kit uses, given to each entry
 * grid (AgGridReact `modules`) rather than registered for every grid of the page — no pagination
 * panel, filters, flashing or row selection listening to every edit (the kit brings its own context
 * menu, paste and copy); tooltips only for the whole text of a cut-off text cell, shown while it has
 * the focus (grids/full-text.tsx, decision 057) — and the entry theme through the Theming API: ruled columns,
 * a taller header for the digit-unit row, dense rows for all-day entry.
 */
import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  CustomEditorModule,
  LocaleModule,
  PinnedRowModule,
  RenderApiModule,
  RowApiModule,
  ScrollApiModule,
  TooltipModule,
  themeQuartz,
  type Module,
} from 'ag-grid-community';

/** rowData and row nodes · custom editors · cell classes · the totals row · getRowNode, getColumn, ensure…Visible, refreshCells · the full text of a cut-off cell · AG Grid's own texts (its loading overlay) in the UI language. */
export const ENTRY_GRID_MODULES: Module[] = [
  ClientSideRowModelModule,
  CustomEditorModule,
  CellStyleModule,
  PinnedRowModule,
  RowApiModule,
  ColumnApiModule,
  ScrollApiModule,
  RenderApiModule,
  TooltipModule,
  LocaleModule,
];

export const ENTRY_ROW_HEIGHT_PX = 34;
/** Rows drawn above and below those on screen in a grid that scrolls (AG Grid `rowBuffer`). */
export const ENTRY_ROW_BUFFER = 5;
export const ENTRY_HEADER_HEIGHT_PX = 50;
/** 11 digit columns of 15 px plus the cell's own borders. */
export const AMOUNT_COLUMN_WIDTH_PX = 11 * 15 + 2;

export const entryGridTheme = themeQuartz.withParams({
  accentColor: '#228be6',
  browserColorScheme: 'light',
  fontFamily: 'inherit',
  fontSize: 14,
  headerFontSize: 13,
  headerFontWeight: 600,
  headerBackgroundColor: '#f1f3f5',
  rowHeight: ENTRY_ROW_HEIGHT_PX,
  headerHeight: ENTRY_HEADER_HEIGHT_PX,
  cellHorizontalPadding: 8,
  columnBorder: { style: 'solid', width: 1, color: '#dee2e6' },
  headerColumnBorder: { style: 'solid', width: 1, color: '#dee2e6' },
  rowBorder: { style: 'solid', width: 1, color: '#dee2e6' },
  pinnedRowBorder: { style: 'solid', width: 2, color: '#adb5bd' },
  wrapperBorderRadius: 4,
  oddRowBackgroundColor: '#fcfcfd',
  selectedRowBackgroundColor: 'rgba(34, 139, 230, 0.08)',
});

/**
 * The height of a grid that shows `rows` rows with the header and the totals row, as AG Grid's
 * auto-height layout draws them (header and its border, rows, totals row with its heavier rule,
 * the wrapper's border): a grid past `maxRows` keeps the height it had at `maxRows`.
 */
export function entryGridHeightPx(rows: number): number {
  return ENTRY_HEADER_HEIGHT_PX + 1 + (rows + 1) * ENTRY_ROW_HEIGHT_PX + 2 + 2;
}

/** How many rows a grid `heightPx` high shows whole beside its header and totals row (the inverse of entryGridHeightPx). */
export function entryRowsIn(heightPx: number): number {
  return Math.floor((heightPx - ENTRY_HEADER_HEIGHT_PX - 1 - 2 - 2) / ENTRY_ROW_HEIGHT_PX) - 1;
}
