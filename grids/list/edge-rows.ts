/**
 * Ctrl+Home / Ctrl+End in a read-only grid: the same column in the first / last row, as in a
 * spreadsheet and in the entry grids (grids/entry-order.ts). AG Grid 36 gives these keys no meaning
 * (its Home / End go to the top-left / bottom-right cell), and the browser would scroll the page.
 * A key the screen already handled (prevented) is left alone, as is one in a cell editor.
 */
import type { CellKeyDownEvent, FullWidthCellKeyDownEvent } from 'ag-grid-community';

export function moveToEdgeRow<T>(e: CellKeyDownEvent<T> | FullWidthCellKeyDownEvent<T>): boolean {
  const ev = e.event as KeyboardEvent | null | undefined;
  if (!ev || ev.defaultPrevented || !('column' in e)) return false;
  if ((ev.key !== 'Home' && ev.key !== 'End') || !(ev.ctrlKey || ev.metaKey) || ev.altKey || ev.shiftKey) return false;
  if (e.api.getEditingCells().length > 0) return false;
  const target = ev.key === 'Home' ? 0 : e.api.getDisplayedRowCount() - 1;
  if (target < 0) return false;
  ev.preventDefault();
  e.api.ensureIndexVisible(target, ev.key === 'Home' ? 'top' : 'bottom');
  e.api.setFocusedCell(target, e.column);
  return true;
}
