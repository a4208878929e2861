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
import { focusFirstCell } from '../../../../grids/focus-first-cell';
import { returnCaret, rowCaretOf, type RowCaret } from '../../../../grids/list/caret-return';
import { tabStateStore, useTabPath } from '../../shell/tab-state';

const isCaret = (v: unknown): v is RowCaret => !!v && typeof v === 'object' && typeof (v as RowCaret).rowId === 'string' && Number.isInteger((v as RowCaret).rowIndex);

/**
 * Puts the caret on the kept row (by id, else its old place) and column, else on the first row's
 * `defaultColId`. The shell gives a page arriving from another tab the focus of its own (the first
 * control, or the first cell while the rows are drawn), at its own time: the kept caret is placed
 * and held for a moment against it, as a batch report's caret is (returnCaret, after 'arrival':
 * only while the focus is free, never from a dialog or a control the user chose, and until the user
 * presses a key or clicks). Answers the function that stops it.
 */
export function placeKeptCaret(api: GridApi, kept: unknown, defaultColId: string): () => void {
  if (!isCaret(kept)) {
    focusFirstCell(api, defaultColId);
    return () => {};
  }
  return returnCaret(api, kept, { defaultColId, timeoutMs: 3000, settleMs: 400, after: 'arrival' });
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
