/**
 * The logic of the save-tip question (spec 02 §2.10 "Save tip dialog with Yes, No, Cancel"), free of
 * React so it is unit-tested: one question at a time, answered once; keys Y / N / Esc; and the
 * editor's flow around it (Yes saves then proceeds, No discards and proceeds, Cancel stays).
 */
export type SaveTipAnswer = 'yes' | 'no' | 'cancel';

export interface SaveTipController {
  /** Opens the question (or joins the one already open) and resolves with the answer. */
  ask(): Promise<SaveTipAnswer>;
  /** Answers the open question; ignored when none is open. */
  answer(a: SaveTipAnswer): void;
  isOpen(): boolean;
  subscribe(listener: () => void): () => void;
}

export function createSaveTip(): SaveTipController {
  let pending: { promise: Promise<SaveTipAnswer>; resolve: (a: SaveTipAnswer) => void } | null = null;
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((l) => l());
  return {
    ask() {
      if (pending) return pending.promise;
      let resolve!: (a: SaveTipAnswer) => void;
      const promise = new Promise<SaveTipAnswer>((r) => (resolve = r));
      pending = { promise, resolve };
      emit();
      return promise;
    },
    answer(a) {
      if (!pending) return;
      const { resolve } = pending;
      pending = null;
      emit();
      resolve(a);
    },
    isOpen: () => pending !== null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The answer a key gives in the dialog: Y yes, N no, Esc cancel (Enter presses the focused Yes). */
export function answerOfKey(e: { key: string; ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean }): SaveTipAnswer | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  const k = e.key.toLowerCase();
  if (k === 'y') return 'yes';
  if (k === 'n') return 'no';
  if (k === 'escape') return 'cancel';
  return null;
}

/**
 * An editor leaving (closing, switching records): asks only when there are unsaved changes. Yes
 * saves then proceeds — a save that fails or answers false stays; No proceeds without saving;
 * Cancel stays. Resolves whether the editor proceeded.
 */
export async function leaveWithSaveTip(o: { dirty: boolean; ask: () => Promise<SaveTipAnswer>; save: () => Promise<unknown>; proceed: () => void }): Promise<boolean> {
  if (!o.dirty) {
    o.proceed();
    return true;
  }
  const a = await o.ask();
  if (a === 'cancel') return false;
  if (a === 'yes') {
    try {
      if ((await o.save()) === false) return false;
    } catch {
      return false;
    }
  }
  o.proceed();
  return true;
}
