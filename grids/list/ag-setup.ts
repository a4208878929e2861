/**
 * AG Grid set-up for list screens: the Community bundle, given to each list grid (AgGridReact
 * `modules`) instead of registered globally, so entry grids on the same page keep their own short
 * module list (grids/entry-grid-setup.ts); and the product theme through the Theming API (blue
 * accent, dense rows for an all-day workstation). Lists keep the whole bundle: a missing module
 * degrades silently (no cell refresh, no re-sort), and cherry-picking saved only ~80 kB gzip of a
 * lazily loaded chunk.
 */
import { AllCommunityModule, themeQuartz, type Module } from 'ag-grid-community';

export const LIST_GRID_MODULES: Module[] = [AllCommunityModule];

export const listGridTheme = themeQuartz.withParams({
  accentColor: '#228be6',
  browserColorScheme: 'light',
  fontFamily: 'inherit',
  fontSize: 13,
  headerFontSize: 13,
  headerFontWeight: 600,
  headerBackgroundColor: '#f1f3f5',
  rowHeight: 34,
  headerHeight: 36,
  spacing: 6,
  wrapperBorderRadius: 4,
  selectedRowBackgroundColor: 'rgba(34, 139, 230, 0.12)',
});
