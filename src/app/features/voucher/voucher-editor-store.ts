/**
 * The editor's state kept with its tab (like useTabState, src/app/shell/tab-state.ts), read in
 * slices: each part of the editor subscribes to what it shows, so a keystroke in the grid (a new
 * sheet) re-renders the grid, the totals and the balance bar, not the toolbar, the header or the
 * page around them (issue 8 "Speed": main-thread work per keystroke; decision 036).
 * Slices must be values the reducer keeps when they do not change (state.sheet, state.header,
 * state.voucher, state.dirty…), so that an unrelated change leaves them ===.
 */
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { tabStateStore, useTabPath } from '../../shell/tab-state';
import type { VoucherEditorState } from './voucher-editor-state';

export interface EditorStore {
  get(): VoucherEditorState;
  update(next: (prev: VoucherEditorState) => VoucherEditorState): void;
  subscribe(listener: () => void): () => void;
}

/** The editor's kept state under `slot` of the current tab; `initial` seeds it when none is kept. */
export function useEditorStore(slot: string, initial: () => VoucherEditorState): EditorStore {
  const path = useTabPath();
  // Seeded without notifying (no writes while rendering); the first update keeps it with the tab.
  const seed = useRef<{ key: string; value: VoucherEditorState } | null>(null);
  const key = `${path}\u0000${slot}`;
  if (!tabStateStore.has(path, slot) && seed.current?.key !== key) seed.current = { key, value: initial() };
  return useMemo<EditorStore>(() => {
    const get = () => (tabStateStore.has(path, slot) ? (tabStateStore.get(path, slot) as VoucherEditorState) : seed.current!.value);
    return {
      get,
      update: (next) => {
        const prev = get();
        const v = next(prev);
        if (!Object.is(v, prev)) tabStateStore.set(path, slot, v);
      },
      subscribe: (listener) => tabStateStore.subscribe(path, slot, listener),
    };
  }, [path, slot]);
}

/** One slice of the editor's state; the component re-renders only when the slice changes (===). */
export function useEditorSlice<T>(store: EditorStore, select: (s: VoucherEditorState) => T): T {
  const getSnapshot = useCallback(() => select(store.get()), [store, select]);
  return useSyncExternalStore(store.subscribe, getSnapshot);
}

export const selectSheet = (s: VoucherEditorState) => s.sheet;
export const selectRows = (s: VoucherEditorState) => s.sheet.rows;
export const selectHeader = (s: VoucherEditorState) => s.header;
export const selectVoucher = (s: VoucherEditorState) => s.voucher;
export const selectDirty = (s: VoucherEditorState) => s.dirty;
export const selectCodeGenerated = (s: VoucherEditorState) => s.codeGenerated;

/** A small value several components follow (the caret's row): set by one, read by those that show it. */
export interface ValueStore<T> {
  get(): T;
  set(v: T): void;
  subscribe(listener: () => void): () => void;
}

export function createValueStore<T>(initial: T): ValueStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (v) => {
      if (Object.is(v, value)) return;
      value = v;
      listeners.forEach((l) => l());
    },
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}

export function useValue<T>(store: ValueStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get);
}
