/**
 * A list whose Enter opens the row in another tab (the voucher list opens the editor, the
 * reimbursement list the document) puts its caret back on that row when the user comes back
 * (Alt+PageUp, the tab itself, closing the editor's tab). The page mounts again and the shell gives
 * its search box the arrival focus, so the auditor had to find the row again (Kingdee and Yonyou
 * come back on the voucher opened). The row opened is noted with the tab when it is opened; on the
 * next answer after the list mounted again the caret goes back to it, found by its id (the list
 * keeps its page, filters and sort with the tab), or to its place when it has left the list (an
 * examined voucher under "to be audited"), as a batch report gives the caret back
 * (grids/list/caret-return.ts, after 'arrival': only while the focus is the shell's, never from a
 * box or dialog the user chose, and not after the user's first key or click).
 *
 * One caret, used once: a later visit without opening a row keeps the search box's focus.
 * (Belongs in ListPage with the kept view one day: every list that opens rows in tabs wants it.)
 */
import { useMemo, useRef, type RefObject } from 'react';
import type { GridApi } from 'ag-grid-community';
import { returnCaret, rowCaretOf, type RowCaret } from '../../../../grids/list/caret-return';
import { tabStateStore, useTabPath } from '../../shell/tab-state';

const isCaret = (v: unknown): v is RowCaret => !!v && typeof v === 'object' && typeof (v as RowCaret).rowId === 'string' && Number.isInteger((v as RowCaret).rowIndex);

export interface OpenedRowCaret {
  /** Notes the focused cell (else the row of `rowId`) as the row being opened: call it before navigating. */
  noteOpened: (rowId: string | number) => void;
  /** Call with every answer the list shows: the first one after mounting puts a noted caret back (once). */
  onAnswer: () => void;
}

export function useOpenedRowCaret(slot: string, apiRef: RefObject<GridApi<any> | null>, defaultColId: string): OpenedRowCaret {
  const path = useTabPath();
  const key = `${slot}:openedCaret`;
  // Whether this mount has had its first answer (the caret is put back once, on the way in).
  const arrived = useRef(false);
  return useMemo(() => ({
    noteOpened: (rowId) => {
      const api = apiRef.current;
      if (!api || api.isDestroyed()) return;
      // The focused cell's row is the one opened by Enter; a double-click opens the row clicked.
      const focused = rowCaretOf(api);
      const node = api.getRowNode(String(rowId));
      const caret = focused?.rowId === String(rowId) ? focused : node?.rowIndex != null ? { rowId: String(rowId), rowIndex: node.rowIndex, colId: null } : null;
      if (caret) tabStateStore.set(path, key, caret);
    },
    onAnswer: () => {
      if (arrived.current) return;
      arrived.current = true;
      const kept = tabStateStore.get(path, key);
      if (!isCaret(kept)) return;
      tabStateStore.set(path, key, null);
      // The grid may not be ready with the first (cached) answer: a few frames' grace.
      const place = (frames: number) => {
        const api = apiRef.current;
        if (api && !api.isDestroyed()) returnCaret(api, kept, { defaultColId, timeoutMs: 3000, settleMs: 400, after: 'arrival' });
        else if (frames < 60) requestAnimationFrame(() => place(frames + 1));
      };
      place(0);
    },
  }), [path, key, apiRef, defaultColId]);
}
