/**
 * The keys of a modal dialog around an entry grid (the auxiliary popups of the voucher and of the
 * openings), for the Mantine Modal it is drawn in:
 * - Esc is the grid's while the grid uses it: an open cell editor cancels only its edit (as in the
 *   voucher's own grid), a block of cells selected with Shift+arrows is dropped, and a pick list
 *   opened from a cell closes alone (grids/grid-escape.ts). An Esc left over closes the dialog: at
 *   once when nothing changed in it, else after the app's unsaved question (save-tip-dialog.tsx: Yes
 *   confirms, No discards, Cancel goes back where the caret was). Mantine's own Escape is off: it
 *   listens on the window in the capture phase, before the grid or the pick list could have a say,
 *   and closed the dialog with every row typed in it.
 * - The ✕ and the Cancel button (`requestClose`) ask like Esc.
 * - Ctrl+S confirms, as it saves the screen behind (shown on the confirm button: GRID_DIALOG_CONFIRM_KEY).
 * - While it has changes its tab is unsaved (useTabDirty, as a form dialog's): closing the tab, or
 *   leaving the app, asks first instead of dropping the rows typed in it.
 *
 *   const dialog = useGridDialog({ dirty, onClose: onCancel, onConfirm: confirm });
 *   <><Modal opened {...dialog.modalProps} title={…}>…<Button onClick={dialog.requestClose}>…</Modal>{dialog.question}</>
 */
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactElement } from 'react';
import { escapeLeftToDialog } from '../../../../grids/grid-escape';
import { useTabDirty } from '../../shell/use-tab-dirty';
import { SaveTipDialog } from './save-tip-dialog';
import { useSaveTip } from './use-save-tip';
import { isCtrlLetter } from './use-screen-keys';

/** The confirm key of a grid dialog, as its button shows it. */
export const GRID_DIALOG_CONFIRM_KEY = 'Ctrl+S';
export const GRID_DIALOG_CONFIRM_SHORTCUT = 'Control+S';

export interface GridDialogOptions {
  /** Whether anything was changed in the dialog: closing it then asks first. */
  dirty: boolean;
  /** Closes the dialog, keeping nothing. */
  onClose: () => void;
  /** Confirms (Ctrl+S, Yes to the question); it may refuse and keep the dialog open. Null: nothing to confirm (read-only). */
  onConfirm: (() => void) | null;
  /** The question (default: the app's 'Save the changes before closing?'). */
  message?: string;
}

export interface GridDialog {
  /** Spread on the Modal. */
  modalProps: { onClose: () => void; closeOnEscape: false; trapFocus: boolean; onKeyDown: (e: KeyboardEvent<HTMLElement>) => void };
  /** Closes, asking first when something changed (the Cancel button). */
  requestClose: () => void;
  /** The unsaved question: render it beside the Modal. */
  question: ReactElement;
}

/** After the key event and the dialog's focus trap coming back on (it focuses its first control when it does). */
const afterTrap = (run: () => void) => setTimeout(() => requestAnimationFrame(run), 30);

export function useGridDialog({ dirty, onClose, onConfirm, message }: GridDialogOptions): GridDialog {
  const tip = useSaveTip();
  useTabDirty(dirty);
  const latest = useRef({ dirty, onClose, onConfirm, asking: tip.opened });
  useLayoutEffect(() => {
    latest.current = { dirty, onClose, onConfirm, asking: tip.opened };
  });

  const requestClose = () => {
    const now = latest.current;
    if (now.asking) return;
    if (!now.dirty) {
      now.onClose();
      return;
    }
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // After this key event: a question opened within the same Escape would hear it and close at once.
    setTimeout(() => {
      void tip.ask().then((answer) => {
        if (answer === 'no') latest.current.onClose();
        else if (answer === 'yes' && latest.current.onConfirm) afterTrap(() => latest.current.onConfirm?.());
        else afterTrap(() => before?.focus());
      });
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const root = e.currentTarget;
    if (isCtrlLetter(e, 's')) {
      // A dialog opened over this one (a pick list) hands its keys up the component tree: not ours.
      if (!(e.target instanceof Node) || !root.contains(e.target)) return;
      e.preventDefault();
      e.stopPropagation();
      if (!latest.current.asking) latest.current.onConfirm?.();
      return;
    }
    if (!escapeLeftToDialog({ key: e.key, defaultPrevented: e.defaultPrevented, isComposing: e.nativeEvent.isComposing, target: e.target }, root)) return;
    e.preventDefault();
    e.stopPropagation();
    requestClose();
  };

  return {
    modalProps: { onClose: requestClose, closeOnEscape: false, trapFocus: !tip.opened, onKeyDown },
    requestClose,
    question: <SaveTipDialog {...tip.dialog} message={message} />,
  };
}
