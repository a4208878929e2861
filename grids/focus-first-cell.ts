/**
 * Report and ledger grids take the keyboard when their first rows arrive, so arrows and Enter work
 * at once — but never from a control the user is already in (a filter picked while the rows load
 * keeps its focus). The focus moves only from nowhere (the page, the body), from a grid, or from
 * the control the shell focused on arrival while the user has not used it yet.
 */
import type { GridApi } from 'ag-grid-community';

/** Marks the shell's page region (the focus there means "on the page, on no control"). */
export const PAGE_REGION_ATTR = 'data-page-region';
/** Marks the control the shell focused on arrival until the user uses it (src/app/shell/page-focus.ts). */
export const AUTO_FOCUSED_ATTR = 'data-auto-focused';
/**
 * Marks an entry grid that puts its own caret on its first cell when its rows arrive: the shell's
 * arrival focus leaves such a page to its grid (a header field focused first would take the keys
 * typed meanwhile).
 */
export const ENTRY_AUTOFOCUS_ATTR = 'data-entry-autofocus';
/** Any dialog over the page, popovers (the menu's flyout) included. */
export const DIALOG_SELECTOR = '[role="dialog"]';
/** A modal dialog only (Mantine's Modal, Drawer and Spotlight), not a popover. */
export const MODAL_DIALOG_SELECTOR = '[role="dialog"][aria-modal="true"]';

/** Whether the focus may be moved into a page's grid now: nothing is focused, or a grid or the page region is (never a dialog). */
export function focusIsFree(active: Element | null = typeof document === 'undefined' ? null : document.activeElement): boolean {
  if (!active || active === document.body) return true;
  // A dialog over the page (the palette, a picker, the reason of an error) keeps the keyboard.
  if (active.closest(DIALOG_SELECTOR)) return false;
  if (active.hasAttribute(PAGE_REGION_ATTR) || active.hasAttribute(AUTO_FOCUSED_ATTR)) return true;
  return active.closest('.ag-root-wrapper') !== null;
}

/**
 * Whether the focus is in a dialog that does not hold `own` (one opened over the page meanwhile, the
 * command palette say): a page's controls never take the focus from it when they mount or load.
 */
export function focusInOtherDialog(own: Element | null, active: Element | null = typeof document === 'undefined' ? null : document.activeElement): boolean {
  const dialog = active?.closest(DIALOG_SELECTOR);
  return !!dialog && !(own && dialog.contains(own));
}

/** Puts the caret on `row`, `column` when the grid has rows and the focus is free. */
export function focusFirstCell<T>(api: GridApi<T>, column: string, row = 0): void {
  if (api.getDisplayedRowCount() > row && focusIsFree()) api.setFocusedCell(row, column);
}
