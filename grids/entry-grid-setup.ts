/**
 * AG Grid set-up for entry grids: only the Community modules the kit uses, given to each entry
 * grid (AgGridReact `modules`) rather than registered for every grid of the page — no pagination
 * panel, tooltips, filters, flashing or row selection listening to every edit (the kit brings its
 * own context menu, paste and copy) — and the entry theme through the Theming API: ruled columns,
 * a taller header for the digit-unit row, dense rows for all-day entry.
 */
import {
  CellStyleModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  CustomEditorModule,
  PinnedRowModule,
  RenderApiModule,
  RowApiModule,
  ScrollApiModule,
  themeQuartz,
  type Module,
} from 'ag-grid-community';

/** rowData and row nodes · custom editors · cell classes · the totals row · getRowNode, getColumn, ensure…Visible, refreshCells. */
export const ENTRY_GRID_MODULES: Module[] = [
  ClientSideRowModelModule,
  CustomEditorModule,
  CellStyleModule,
  PinnedRowModule,
  RowApiModule,
  ColumnApiModule,
  ScrollApiModule,
  RenderApiModule,
];

export const ENTRY_ROW_HEIGHT_PX = 34;
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
