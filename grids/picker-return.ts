/**
 * The caret's way back from a picker (F7's list, the lookup list that typing opened, the voucher's
 * auxiliary popup): the grid puts it on the next cell after a pick, on the same cell after Escape,
 * once the picker has closed — two frames later, as the picker's focus trap would otherwise take
 * the focus back. A clerk does not wait for that: Enter on the subject and "3000" at once. Every key
 * typed from the pick on is held (type-ahead.ts) and typed, in order, where the caret lands; without
 * it the first digits went to the page or into the closing picker's query.
 *
 * The hold answers for the closing picker (its keys are held, not left to it) and the grid (a grid
 * inside a dialog takes the replay). It never outlives the grid: cancelling (the grid unmounts)
 * drops it, and a caret that cannot be placed (the row is gone, another dialog took the focus)
 * drops it at once rather than letting the page's keys wait HOLD_MS for nothing.
 *
 * A chord pressed meanwhile keeps its place in the order: "3000" then Ctrl+S saves the 3000. The
 * screen's commands (Ctrl+S, F12, Alt+↓, as the screen named them: `screenCommands`) wait as
 * commands, the grid's own chords (`isGridChord`: Ctrl+Z, F7, Alt+A …) as keys; both act once the
 * keys typed before them have landed. Without it the chord ended the hold and dropped those keys
 * (or ran before them). Other chords (the clipboard's, the shell's Ctrl+K) still end the hold.
 */

import { DIALOG_SELECTOR } from './focus-first-cell';
import { matchKeyBinding } from './key-bindings';
import { screenCommandsOf, typeAhead, type TypeAhead } from './type-ahead';

/**
 * A chord of the grid's own key table (grids/key-bindings.ts) that the type-ahead can replay: with
 * Ctrl, Alt or Meta, or a function key. Not the clipboard's Ctrl+C: the browser copies only for a
 * key of the user's, never for a replayed one.
 */
export function isGridChord(e: KeyboardEvent): boolean {
  if (!(e.ctrlKey || e.altKey || e.metaKey || /^F\d{1,2}$/.test(e.key))) return false;
  const binding = matchKeyBinding(e, 'other');
  return !!binding && binding.command !== 'copyCell';
}

/** Frames the caret waits for the picker to close before it is placed. */
export const RETURN_FRAMES = 2;
/** Frames it tries again while the closing picker still has the focus (a modal closing late). */
export const RETURN_RETRY_FRAMES = 30;

/**
 * Holds the keys from now (the picker committed or was cancelled, the focus still in it), places the
 * caret after RETURN_FRAMES frames with `place`, then types the held keys there. `grid` is the grid's
 * element: the caret counts as placed when the focus is inside it. Answers a canceller: it stops the
 * return and drops what was held (the grid unmounts, another return begins).
 */
export function holdUntilCaret(grid: Element | null, place: () => void, ta: TypeAhead = typeAhead()): () => void {
  const doc = grid?.ownerDocument ?? document;
  // The picker that is closing: the focus is still in it (Enter or Escape was pressed there).
  const closing = doc.activeElement?.closest(DIALOG_SELECTOR) ?? null;
  const hold = ta.hold(screenCommandsOf(grid), { owns: [closing, grid], keepsChord: isGridChord });
  let frame: number | null = null;
  let done = false;
  const finish = () => {
    done = true;
    frame = null;
  };
  const after = (frames: number, fn: () => void) => {
    frame = requestAnimationFrame(() => (frames > 1 ? after(frames - 1, fn) : fn()));
  };
  const tryPlace = (retries: number) => {
    place();
    const active = doc.activeElement;
    if (grid && active && grid.contains(active)) {
      finish();
      ta.land(hold);
      return;
    }
    // The picker has not let the focus go yet (it closes late, its trap took the focus back): again next frame.
    if (retries > 0 && closing?.isConnected && active && closing.contains(active)) {
      after(1, () => tryPlace(retries - 1));
      return;
    }
    // No caret to type into: the keys were meant for a cell that is not there.
    finish();
    ta.drop(hold);
  };
  after(RETURN_FRAMES, () => tryPlace(RETURN_RETRY_FRAMES));
  return () => {
    if (done) return;
    if (frame !== null) cancelAnimationFrame(frame);
    finish();
    ta.drop(hold);
  };
}
