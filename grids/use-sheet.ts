/**
 * React bindings of the pure sheet: a reducer hook for screens that keep the sheet in component
 * state (screens with an XState machine call `reduceSheet` from an `assign` instead), and the
 * totals hook with the total in Chinese uppercase.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { createSheetState, reduceSheet, type SheetEvent, type SheetState } from './sheet';
import type { SheetRow, SheetSchema } from './sheet-schema';
import { sameTotals, sheetTotals, totalInUppercase, type SheetTotals } from './totals';

/**
 * The sheet in component state: the state drawn, `dispatch`, and `current()`, the state as of the
 * last event — known at once, before React draws it. A screen that reads its rows right after the
 * grid committed a cell (a popup's confirm after `commitOpenEditor`) reads `current()`: the commit
 * arrives in an event AG Grid fires from a timeout, and the render it causes may come after the
 * next frame on a busy page.
 */
export function useSheet<R extends SheetRow>(schema: SheetSchema<R>, initialRows?: readonly R[]): [SheetState<R>, (event: SheetEvent<R>) => void, () => SheetState<R>] {
  const [state, setState] = useState(() => createSheetState(schema, initialRows));
  const latest = useRef(state);
  const schemaRef = useRef(schema);
  useLayoutEffect(() => {
    schemaRef.current = schema;
  });
  const dispatch = useCallback((event: SheetEvent<R>) => {
    const next = reduceSheet(schemaRef.current, latest.current, event);
    if (next === latest.current) return;
    latest.current = next;
    setState(next);
  }, []);
  const current = useCallback(() => latest.current, []);
  return [state, dispatch, current];
}

export interface SheetTotalsView extends SheetTotals {
  /** The total in Chinese uppercase (人民币大写), null when outside ±999,999,999,999.99. */
  uppercase: string | null;
}

/** Totals of the rows; the same object while the figures do not change (edits to text leave it alone). */
export function useSheetTotals<R extends SheetRow>(schema: SheetSchema<R>, rows: readonly R[]): SheetTotalsView {
  const previous = useRef<SheetTotalsView | null>(null);
  return useMemo(() => {
    const totals = sheetTotals(schema, rows);
    if (previous.current && sameTotals(previous.current, totals)) return previous.current;
    const view = { ...totals, uppercase: totalInUppercase(totals) };
    previous.current = view;
    return view;
  }, [schema, rows]);
}
