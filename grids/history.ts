/**
 * An immutable undo/redo stack of snapshots. Each entry keeps the snapshot *before* a change and
 * a `mark` describing the change (for the sheet: the cell it touched, so undo can put the caret
 * back there). Snapshots share structure (rows are immutable), so keeping a few hundred is cheap.
 */
export interface UndoEntry<S, M> {
  snapshot: S;
  mark: M;
}

export interface UndoStack<S, M> {
  past: readonly UndoEntry<S, M>[];
  future: readonly UndoEntry<S, M>[];
}

export function emptyUndoStack<S, M>(): UndoStack<S, M> {
  return { past: [], future: [] };
}

/** Records that `before` was replaced by a change marked `mark`; clears the redo side. */
export function recordChange<S, M>(stack: UndoStack<S, M>, before: S, mark: M, limit: number): UndoStack<S, M> {
  const past = [...stack.past, { snapshot: before, mark }];
  return { past: past.length > limit ? past.slice(past.length - limit) : past, future: [] };
}

/** Steps back: the snapshot to restore and the mark of the change undone, or null when there is nothing to undo. */
export function undoChange<S, M>(stack: UndoStack<S, M>, current: S): { stack: UndoStack<S, M>; snapshot: S; mark: M } | null {
  const entry = stack.past[stack.past.length - 1];
  if (!entry) return null;
  return {
    stack: { past: stack.past.slice(0, -1), future: [...stack.future, { snapshot: current, mark: entry.mark }] },
    snapshot: entry.snapshot,
    mark: entry.mark,
  };
}

/** Steps forward again after an undo. */
export function redoChange<S, M>(stack: UndoStack<S, M>, current: S): { stack: UndoStack<S, M>; snapshot: S; mark: M } | null {
  const entry = stack.future[stack.future.length - 1];
  if (!entry) return null;
  return {
    stack: { past: [...stack.past, { snapshot: current, mark: entry.mark }], future: stack.future.slice(0, -1) },
    snapshot: entry.snapshot,
    mark: entry.mark,
  };
}
