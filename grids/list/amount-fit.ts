/**
 * No grid cuts an amount ("12,941,940···" tells an accountant nothing). Whenever a grid's rows, its
 * pinned rows or its width change, every right-aligned column is given at least the width of its
 * widest shown value, measured in the cells' own font:
 * - a grid fitted to its width (`autoSizeStrategy: fitGridWidth`) is fitted again with those widths
 *   as the columns' minimums;
 * - any other grid widens the columns that are too narrow (a flex column gives way first).
 * When the columns cannot all fit, the grid scrolls sideways instead.
 */
import { useCallback, useRef } from 'react';
import type { AgGridEvent, AutoSizeStrategy, ColDef, GridApi, IColumnLimit } from 'ag-grid-community';

/** Rows read to find a column's widest value (a report's pinned totals are always read). */
export const AMOUNT_FIT_ROW_LIMIT = 5000;

const isRightAligned = (def: ColDef | undefined) => {
  const type = def?.type;
  return Array.isArray(type) ? type.includes('rightAligned') : type === 'rightAligned';
};

/** The widest formatted value of each right-aligned displayed column, in pixels of the cells' font (null without a rendered cell to read the font of). */
export function widestAmounts<T>(api: GridApi<T>, root: HTMLElement, rowLimit = AMOUNT_FIT_ROW_LIMIT): Map<string, number> | null {
  const cell = root.querySelector<HTMLElement>('.ag-center-cols-container .ag-cell') ?? root.querySelector<HTMLElement>('.ag-cell');
  if (!cell) return null;
  const style = getComputedStyle(cell);
  const chrome = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + parseFloat(style.borderLeftWidth) + parseFloat(style.borderRightWidth) + 2;
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return null;
  ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const columns = (api.getAllDisplayedColumns() ?? []).filter((c) => isRightAligned(c.getColDef()));
  if (!columns.length) return new Map();
  const nodes: Parameters<GridApi<T>['getCellValue']>[0]['rowNode'][] = [];
  for (let i = 0; i < api.getPinnedTopRowCount(); i++) nodes.push(api.getPinnedTopRow(i)!);
  for (let i = 0; i < api.getPinnedBottomRowCount(); i++) nodes.push(api.getPinnedBottomRow(i)!);
  let read = 0;
  api.forEachNode((n) => {
    if (read++ < rowLimit) nodes.push(n);
  });
  const out = new Map<string, number>();
  for (const col of columns) {
    // Only the longest texts can be the widest: measure those.
    let texts: string[] = [];
    let longest = 0;
    for (const rowNode of nodes) {
      const v = api.getCellValue({ rowNode, colKey: col, useFormatter: true });
      const text = v === null || v === undefined ? '' : String(v);
      if (text.length > longest) {
        longest = text.length;
        texts = texts.filter((x) => x.length >= longest - 1);
      }
      if (text.length >= longest - 1 && text) texts.push(text);
    }
    const widest = texts.reduce((m, x) => Math.max(m, ctx.measureText(x).width), 0);
    if (widest > 0) out.set(col.getColId(), Math.ceil(widest + chrome));
  }
  return out;
}

/** Gives every right-aligned column of the grid at least the width of its widest value (see above). */
export function fitAmountColumns<T>(api: GridApi<T>, strategy?: AutoSizeStrategy<T>): void {
  if (api.isDestroyed()) return;
  const root = document.querySelector<HTMLElement>(`[grid-id="${CSS.escape(api.getGridId())}"]`);
  const widths = root ? widestAmounts(api, root) : null;
  if (!widths?.size) return;
  if (strategy?.type === 'fitGridWidth') {
    const own = new Map((strategy.columnLimits ?? []).map((l) => [l.colId, l]));
    const limits: IColumnLimit[] = [...widths].map(([key, need]) => ({ key, minWidth: Math.max(need, own.get(key)?.minWidth ?? 0), maxWidth: own.get(key)?.maxWidth }));
    for (const [key, l] of own) if (!widths.has(key)) limits.push({ key, minWidth: l.minWidth, maxWidth: l.maxWidth });
    api.sizeColumnsToFit({ defaultMinWidth: strategy.defaultMinWidth, defaultMaxWidth: strategy.defaultMaxWidth, columnLimits: limits });
    return;
  }
  const wider = [...widths].flatMap(([key, need]) => {
    const col = api.getColumn(key);
    return col && col.getActualWidth() < need ? [{ key, newWidth: need }] : [];
  });
  if (wider.length) api.setColumnWidths(wider, true, 'api');
}

/** An event handler that fits the amount columns once the grid has drawn what changed. */
export function useAmountFit<T>(strategy?: AutoSizeStrategy<T>): (e: AgGridEvent<T>) => void {
  const frame = useRef(0);
  const current = useRef(strategy);
  current.current = strategy;
  return useCallback((e: AgGridEvent<T>) => {
    cancelAnimationFrame(frame.current);
    // After AG Grid has drawn the rows (and made its own fit): the cells give the font.
    frame.current = requestAnimationFrame(() => fitAmountColumns(e.api, current.current));
  }, []);
}
