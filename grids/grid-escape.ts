/**
 * Whose an Escape is when an entry grid sits in a dialog (the auxiliary popups). The grid uses Esc
 * itself: an open cell editor cancels its edit (as in the voucher's own grid), a block of cells
 * selected with Shift+arrows is dropped. Only an Escape the grid leaves alone may close the dialog
 * around it — Mantine's modal hears Escape on the window in the capture phase, before the grid, and
 * closed the dialog with everything typed in it (src/app/features/common/grid-dialog.tsx).
 */

/** A cell editor of an entry grid (in place, or AG Grid's popup editor). */
const OPEN_EDITOR = '.ag-cell-inline-editing, .ag-popup-editor';
/** The cells of a block selected with Shift+arrows (column-defs.ts `ld-cell-selected`). */
const SELECTED_BLOCK = '.ld-cell-selected';

/** Whether an Escape pressed at `target` is a grid's: a cell editor is open there, or its grid has a block selected. */
export function escapeIsTheGrids(target: EventTarget | null): boolean {
  if (typeof Element === 'undefined' || !(target instanceof Element)) return false;
  if (target.closest(OPEN_EDITOR)) return true;
  const grid = target.closest('.ag-root-wrapper');
  return grid !== null && grid.querySelector(SELECTED_BLOCK) !== null;
}

/**
 * Whether an Escape that reached a dialog's root (bubbling) is left to the dialog: not one a control
 * already used (AG Grid cancelling an edit marks it `defaultPrevented`), not one typed into an input
 * method, not one in a dialog opened over this one (a pick list: React hands its keys up the
 * component tree, though it lies outside the dialog on the page), and not a grid's.
 */
export function escapeLeftToDialog(e: { key: string; defaultPrevented: boolean; isComposing?: boolean; target: EventTarget | null }, root: Element): boolean {
  if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing) return false;
  if (!(e.target instanceof Node) || !root.contains(e.target)) return false;
  return !escapeIsTheGrids(e.target);
}
