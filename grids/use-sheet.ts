/**
 * React bindings of the pure sheet: a reducer hook for screens that keep the sheet in component
 * state (screens with an XState machine call `reduceSheet` from an `assign` instead), and the
 * totals hook with the total in Chinese uppercase.
 */
import { useCallback, useMemo, useReducer, useRef } from 'react';
import { createSheetState, reduceSheet, type SheetEvent, type SheetState } from './sheet';
import type { SheetRow, SheetSchema } from './sheet-schema';
import { sameTotals, sheetTotals, totalInUppercase, type SheetTotals } from './totals';

export function useSheet<R extends SheetRow>(schema: SheetSchema<R>, initialRows?: readonly R[]): [SheetState<R>, (event: SheetEvent<R>) => void] {
  const reducer = useCallback((state: SheetState<R>, event: SheetEvent<R>) => reduceSheet(schema, state, event), [schema]);
  const [state, dispatch] = useReducer(reducer, undefined, () => createSheetState(schema, initialRows));
  return [state, dispatch];
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
