/**
 * Column widths of a list grid, kept per user and per grid by a `ColumnWidthStore` the app
 * provides (the product keeps them in /api/system/userData, `src/app/features/common/column-widths.tsx`).
 * The kit knows nothing of the API: it loads once per grid, debounces saves, skips a save that
 * changes nothing and flushes a pending save when the grid unmounts. Without a store the grid
 * simply uses its default widths.
 */
import { createContext, useCallback, useContext, useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { sameWidths, type ColumnWidths } from './saved-widths';

/** Where the saved column widths of list grids live. */
export interface ColumnWidthStore {
  /** The saved widths of a grid ({} when none are saved). */
  load: (gridId: string) => Promise<ColumnWidths>;
  /** Saves a grid's widths. A failure is ignored: widths are a convenience that must never disturb the screen. */
  save: (gridId: string, widths: ColumnWidths) => Promise<void>;
}

/** The app's store for every list grid below it (a grid's `columnWidthStore` prop wins). */
export const ColumnWidthStoreContext = createContext<ColumnWidthStore | null>(null);

export const WIDTHS_SAVE_DEBOUNCE_MS = 800;

export function useColumnWidths(
  gridId: string,
  ownStore?: ColumnWidthStore | null,
): { widths: ColumnWidths | undefined; ready: boolean; saveWidths: (w: ColumnWidths) => void } {
  const contextStore = useContext(ColumnWidthStoreContext);
  const store = ownStore ?? contextStore;
  const qc = useQueryClient();
  const key = ['grids', 'columnWidths', gridId] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => store!.load(gridId),
    enabled: store !== null,
    staleTime: Infinity,
    retry: false,
  });
  const widths = query.isSuccess ? query.data : undefined;

  const pending = useRef<ColumnWidths | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saved = useRef<{ store: ColumnWidthStore | null; widths: ColumnWidths }>({ store, widths: widths ?? {} });
  useEffect(() => {
    saved.current = { store, widths: widths ?? {} };
  });

  const flush = useCallback(async () => {
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    const { store: target, widths: before } = saved.current;
    if (!next || !target || sameWidths(next, before)) return;
    try {
      await target.save(gridId, next);
      qc.setQueryData(['grids', 'columnWidths', gridId], next);
    } catch {
      // Widths are a convenience; a failed save must never disturb the screen.
    }
  }, [gridId, qc]);

  const saveWidths = useCallback(
    (w: ColumnWidths) => {
      pending.current = w;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), WIDTHS_SAVE_DEBOUNCE_MS);
    },
    [flush],
  );

  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        void flush();
      }
    },
    [flush],
  );

  return { widths, ready: store === null || query.isSuccess || query.isError, saveWidths };
}
