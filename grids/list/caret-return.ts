/**
 * A list's caret comes back after a dialog that an action over the list opened (a batch's report
 * with one line per record): the auditor presses Enter on the report's OK and the arrows go on from
 * the cell they left, with no mouse.
 *
 * Neither the dialog's own focus return nor the shell's (shell/dialog-focus.ts) can do it: the
 * action ran from a toolbar button or from a menu item that is gone when the report opens, so they
 * gave the focus to the button or to nothing (<body>), and a return timed from the dialog's close
 * raced them and the dialog's exit transition (flaky in CI). So the dialog returns no focus itself
 * (`returnFocus: false`) and, once its exit transition is over (`onExitTransitionEnd`, called at once
 * when transitions take 0 ms), the caret goes to the row it was on (found by id: the refresh after a
 * batch may have moved it), or to the same place when the row has left the list. While the grid
 * shows its loading overlay (the refresh after the action) AG Grid lets no cell take the focus, so
 * the caret waits for the rows; and for a moment after it is placed it is put back if something
 * other than the user takes the focus. It never takes the focus from a dialog opened meanwhile, from
 * a box the user is typing in, or once the user has clicked or pressed a key on a control.
 */
import { useEffect, useMemo, useRef, type RefObject } from 'react';
import type { GridApi } from 'ag-grid-community';
import { DIALOG_SELECTOR, MODAL_DIALOG_SELECTOR, focusIsFree } from '../focus-first-cell';

/** Where a list's caret was: its row's id, that row's position then, and its column. */
export interface RowCaret {
  rowId: string;
  rowIndex: number;
  colId: string | null;
}

/**
 * The caret of `api` now (the focused cell, which AG Grid keeps while a toolbar button or a menu has
 * the focus), else the row of `fallbackRowId` (the first record the action chose), else null.
 */
export function rowCaretOf(api: GridApi | null | undefined, fallbackRowId?: string | number | null): RowCaret | null {
  if (!api || api.isDestroyed()) return null;
  const cell = api.getFocusedCell();
  const node = cell && cell.rowPinned == null ? api.getDisplayedRowAtIndex(cell.rowIndex) : undefined;
  if (cell && node?.id != null) return { rowId: node.id, rowIndex: cell.rowIndex, colId: cell.column.getColId() };
  if (fallbackRowId == null) return null;
  const fallback = api.getRowNode(String(fallbackRowId));
  return fallback?.id != null && fallback.rowIndex != null ? { rowId: fallback.id, rowIndex: fallback.rowIndex, colId: null } : null;
}

export interface CaretReturnOptions {
  /** The column when the caret had none (default: the first displayed column of the list's own). */
  defaultColId?: string;
  /** How long the caret may wait for the grid's rows (ms). */
  timeoutMs?: number;
  /** How long after it is placed the caret is put back when something else takes the focus (ms). */
  settleMs?: number;
  /**
   * What the caret comes back after. 'dialog' (the default): a dialog that has gone, whose focus
   * return (to a toolbar button, or to nothing) the caret overrides. 'arrival': the page itself came
   * back (a tab revisited), and the shell gives it a focus of its own at its own time: the caret
   * takes the focus only while it is free (focusIsFree: nothing, the page region, a grid) and stops
   * at the first key or click, whatever has the focus.
   */
  after?: 'dialog' | 'arrival';
  /**
   * The caret waits until this holds, as for the rows while the grid loads (the deleted rows have
   * left the grid: a caret placed before the refresh would be on a row about to go).
   */
  until?: () => boolean;
}

/** The user is typing in a box outside the grid (the keyword box, a form opened meanwhile). */
const isTypingBox = (el: Element) => el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) && !el.closest('.ag-root-wrapper');

/**
 * Puts the caret of `api` back at `caret` as soon as the grid can take it (at once when it can).
 * Answers the function that stops trying.
 */
export function returnCaret(api: GridApi, caret: RowCaret, options: CaretReturnOptions = {}): () => void {
  const { defaultColId, timeoutMs = 5000, settleMs = 400, after = 'dialog', until } = options;
  const doc = document;
  const started = performance.now();
  // The dialog that is going (a dialog whose content stays while it fades out may still hold the
  // focus): the focus in it counts as lost.
  const going = doc.activeElement?.closest(MODAL_DIALOG_SELECTOR) ?? null;
  let lastIndex = caret.rowIndex;
  let placedAt: number | null = null;
  let frame = 0;
  let stopped = false;

  const focusIsLost = () => {
    const active = doc.activeElement;
    return active === null || active === doc.body || !active.isConnected || (!!going && going.contains(active));
  };
  // A click anywhere, or a key pressed on a control, is the user's own move: the caret keeps out of
  // its way. (A key pressed while the focus is lost reaches nothing; the caret still comes.)
  let userMoved = false;
  const onPointer = () => {
    userMoved = true;
  };
  const onKey = () => {
    if (after === 'arrival' || !focusIsLost()) userMoved = true;
  };

  const target = (): { rowIndex: number; colId: string } | null => {
    const count = api.getDisplayedRowCount();
    if (!count) return null;
    const node = api.getRowNode(caret.rowId);
    // The row by its id; a row that has left the list (the filter no longer holds it) leaves its
    // place to the next one.
    if (node?.displayed && node.rowIndex != null && node.rowPinned == null) lastIndex = node.rowIndex;
    const rowIndex = Math.min(lastIndex, count - 1);
    const columns = api.getAllDisplayedColumns().map((c) => c.getColId());
    const colId = [caret.colId, defaultColId].find((c) => c && columns.includes(c)) ?? columns.find((c) => !c.startsWith('ag-Grid-')) ?? columns[0];
    return colId ? { rowIndex, colId } : null;
  };

  /** Whether the focus is on the target cell of this grid. */
  const onTarget = (t: { rowIndex: number; colId: string }) => {
    const active = doc.activeElement;
    const cell = active?.closest('.ag-cell');
    const row = active?.closest('.ag-row');
    return !!cell && !!row && !row.classList.contains('ag-row-pinned') && active?.closest('[grid-id]')?.getAttribute('grid-id') === api.getGridId()
      && cell.getAttribute('col-id') === t.colId && row.getAttribute('row-index') === String(t.rowIndex);
  };

  /**
   * Whether the caret may take the focus: from nothing, from this grid, or from the control the
   * shell gave it to; never from a dialog opened meanwhile or a box, nor once the user has moved.
   */
  const mayTake = () => {
    if (userMoved) return false;
    if (after === 'arrival') return focusIsFree();
    const active = doc.activeElement;
    if (!active || focusIsLost()) return true;
    return !active.closest(DIALOG_SELECTOR) && !isTypingBox(active);
  };

  function attempt(): void {
    if (stopped) return;
    if (api.isDestroyed() || !mayTake()) return stop();
    const now = performance.now();
    // While the rows load, AG Grid's loading overlay lets no cell take the focus: wait for them (and
    // for what the caller waits for).
    const t = api.getGridOption('loading') || (until && !until()) ? null : target();
    if (t && !onTarget(t)) {
      api.ensureIndexVisible(t.rowIndex);
      api.setFocusedCell(t.rowIndex, t.colId);
    }
    if (t && onTarget(t)) placedAt ??= now;
    if (placedAt !== null ? now - placedAt >= settleMs : now - started >= timeoutMs) return stop();
    frame = requestAnimationFrame(attempt);
  }

  function stop(): void {
    if (stopped) return;
    stopped = true;
    cancelAnimationFrame(frame);
    doc.removeEventListener('pointerdown', onPointer, true);
    doc.removeEventListener('keydown', onKey, true);
  }

  doc.addEventListener('pointerdown', onPointer, true);
  doc.addEventListener('keydown', onKey, true);
  attempt();
  return stop;
}

/**
 * After rows were deleted (the Delete key on a list, its confirmation, a report): the caret goes
 * back to its row, or to that row's place when it was one of those deleted (the next one has moved
 * up into it), once the grid no longer shows the deleted rows. It is returnCaret's: it keeps out of
 * the way of a key or click of the user's meanwhile (an arrow pressed on a row that the refresh
 * moved under the focus is never undone) and holds against a late focus return of the dialog.
 */
export function returnCaretAfterDelete(api: GridApi, caret: RowCaret, deleted: Array<string | number>, options: CaretReturnOptions = {}): () => void {
  const ids = deleted.map(String);
  return returnCaret(api, caret, { ...options, until: () => ids.every((id) => !api.getRowNode(id)) });
}

export interface ListCaretReturn {
  /** Notes where the caret is now (else the row of `fallbackRowId`): call it when the action runs. */
  note: (fallbackRowId?: string | number | null) => void;
  /** Forgets the noted caret (the dialog will give the focus elsewhere). */
  forget: () => void;
  /** Puts the noted caret back (once). */
  giveBack: () => void;
  /** Spread on the dialog's Modal: no focus return of its own; the caret comes back once it has gone. */
  modalProps: { returnFocus: false; onExitTransitionEnd: () => void };
}

/**
 * The caret of the list whose grid API `apiRef` holds goes back after the dialog of an action:
 *
 *   const caretReturn = useListCaretReturn(apiRef);
 *   const runBatch = async (rows) => { caretReturn.note(rows[0]?.id); …; setReport(answers); };
 *   <Modal opened={!!report} onClose={() => setReport(null)} {...caretReturn.modalProps}>…</Modal>
 */
export function useListCaretReturn(apiRef: RefObject<GridApi<any> | null>, options: CaretReturnOptions = {}): ListCaretReturn {
  const noted = useRef<RowCaret | null>(null);
  const stopRef = useRef<(() => void) | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  useEffect(() => () => stopRef.current?.(), []);
  return useMemo(() => {
    const giveBack = () => {
      const caret = noted.current;
      noted.current = null;
      stopRef.current?.();
      stopRef.current = null;
      const api = apiRef.current;
      if (caret && api && !api.isDestroyed()) stopRef.current = returnCaret(api, caret, optionsRef.current);
    };
    return {
      note: (fallbackRowId) => {
        noted.current = rowCaretOf(apiRef.current, fallbackRowId);
      },
      forget: () => {
        noted.current = null;
      },
      giveBack,
      modalProps: { returnFocus: false, onExitTransitionEnd: giveBack },
    };
  }, [apiRef]);
}
