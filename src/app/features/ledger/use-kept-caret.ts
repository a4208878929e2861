/**
 * A ledger grid's caret kept with its tab. Enter on a row drills into another tab (a sub-ledger);
 * coming back (Alt+PageUp, or the tab itself) mounts the page again, and its grid put the caret on
 * the first row, so the accountant had to find the row again. The grid notes its focused cell with
 * the tab as the caret moves, and when its rows arrive again the caret goes back to that row, found
 * by its id as a batch report gives the caret back (grids/list/caret-return.ts), or to the same
 * place when the row has left the list; on a first visit it goes to the first row. Like
 * focusFirstCell it never takes the focus from a control the user is in.
 */
import { useMemo } from 'react';
import type { CellFocusedEvent, FirstDataRenderedEvent, GridApi } from 'ag-grid-community';
import { focusFirstCell, focusIsFree } from '../../../../grids/focus-first-cell';
import { rowCaretOf, type RowCaret } from '../../../../grids/list/caret-return';
import { tabStateStore, useTabPath } from '../../shell/tab-state';

const isCaret = (v: unknown): v is RowCaret => !!v && typeof v === 'object' && typeof (v as RowCaret).rowId === 'string' && Number.isInteger((v as RowCaret).rowIndex);

/** How long the kept caret may wait for the grid to take it, and how long it is held once placed (ms). */
const WAIT_MS = 3000;
const SETTLE_MS = 400;

/**
 * Puts the caret on the kept row (by id, else its old place) and column, else on the first row's
 * `defaultColId`. The shell gives a page arriving from another tab the focus of its own (the first
 * control, or the first cell while the rows are drawn), at its own time: the kept caret is placed
 * and held for a moment against it (as grids/list/caret-return.ts holds a returned caret), only
 * while the focus is free (focusIsFree: never from a dialog or a control the user chose) and until
 * the user presses a key or clicks. Answers the function that stops it.
 */
export function placeKeptCaret(api: GridApi, kept: unknown, defaultColId: string): () => void {
  if (!isCaret(kept)) {
    focusFirstCell(api, defaultColId);
    return () => {};
  }
  const started = performance.now();
  let placedAt: number | null = null;
  let frame = 0;
  let stopped = false;
  let userMoved = false;
  const onUser = () => {
    userMoved = true;
  };
  const target = (): { rowIndex: number; colId: string } | null => {
    const count = api.getDisplayedRowCount();
    if (count === 0) return null;
    const node = api.getRowNode(kept.rowId);
    const rowIndex = node?.displayed && node.rowIndex != null && node.rowPinned == null ? node.rowIndex : Math.min(kept.rowIndex, count - 1);
    return { rowIndex, colId: kept.colId && api.getColumn(kept.colId) ? kept.colId : defaultColId };
  };
  const onTarget = (t: { rowIndex: number; colId: string }) => {
    const active = document.activeElement;
    const cell = active?.closest('.ag-cell');
    const row = active?.closest('.ag-row');
    return !!cell && !!row && !row.classList.contains('ag-row-pinned') && active?.closest('[grid-id]')?.getAttribute('grid-id') === api.getGridId()
      && cell.getAttribute('col-id') === t.colId && row.getAttribute('row-index') === String(t.rowIndex);
  };
  const stop = () => {
    if (stopped) return;
    stopped = true;
    cancelAnimationFrame(frame);
    document.removeEventListener('pointerdown', onUser, true);
    document.removeEventListener('keydown', onUser, true);
  };
  const attempt = () => {
    if (stopped) return;
    if (api.isDestroyed() || userMoved) return stop();
    const now = performance.now();
    const t = target();
    if (t && !onTarget(t)) {
      if (!focusIsFree()) return stop();
      api.ensureIndexVisible(t.rowIndex);
      api.setFocusedCell(t.rowIndex, t.colId);
    }
    if (t && onTarget(t)) placedAt ??= now;
    if (placedAt !== null ? now - placedAt >= SETTLE_MS : now - started >= WAIT_MS) return stop();
    frame = requestAnimationFrame(attempt);
  };
  document.addEventListener('pointerdown', onUser, true);
  document.addEventListener('keydown', onUser, true);
  attempt();
  return stop;
}

/**
 * The grid props that keep the caret with the tab under `slot` (include what the rows belong to,
 * e.g. the account year): set them as the ReadGrid's `onCellFocused` and `onFirstDataRendered`.
 */
export function useKeptCaret(slot: string, defaultColId: string) {
  const path = useTabPath();
  const key = `${slot}:caret`;
  return useMemo(() => {
    // Until the kept caret is placed, a focus the shell gives the first cell on arrival is not the user's.
    let placed = false;
    return {
      onCellFocused: (e: CellFocusedEvent) => {
        // The pinned total row and a cleared focus leave the last row noted.
        if (!placed || e.rowPinned != null || e.rowIndex == null) return;
        const caret = rowCaretOf(e.api);
        if (caret) tabStateStore.set(path, key, caret);
      },
      onFirstDataRendered: (e: FirstDataRenderedEvent) => {
        // Stops by itself (settled, the user's key or click, the grid gone).
        placeKeptCaret(e.api, tabStateStore.get(path, key), defaultColId);
        placed = true;
      },
    };
  }, [path, key, defaultColId]);
}
