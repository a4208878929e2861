/**
 * The preview contract (ENTRY-KIT.md): every edit is applied to the grid's latest state with the
 * same pure `reduceSheet` the store uses, drawn in the same task as the key, and then dispatched.
 * Should the store not hand a new state back within two frames, the grid goes back to the
 * store's rows.
 *
 * Per keystroke AG Grid gets as little as possible: only the rows whose values changed get new
 * data (their row nodes, found by `getRowId`), and the totals row only when a figure changes.
 */
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { reduceSheet, type SheetEvent, type SheetState } from './sheet';
import { colIdOf, type SheetRow, type SheetSchema } from './sheet-schema';
import { TOTALS_ROW_ID, sameTotals, sheetTotals, totalInUppercase, type SheetTotals } from './totals';
import type { TotalsLabelValue } from './kit-context';
import type { GridCore } from './use-grid-core';

/** Same values, field by field (rows are flat). */
function sameRow(a: SheetRow, b: SheetRow): boolean {
  if (a === b) return true;
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((k) => x[k] === y[k]);
}

function sameIds(a: readonly SheetRow[], b: readonly SheetRow[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i].id !== b[i].id) return false;
  return true;
}

/** Ids of rows that were there before and now stand at another index (their row number changed). */
function movedRowIds(before: readonly SheetRow[], after: readonly SheetRow[]): string[] {
  const at = new Map<string, number>();
  before.forEach((r, i) => at.set(r.id, i));
  const moved: string[] = [];
  after.forEach((r, i) => {
    const was = at.get(r.id);
    if (was !== undefined && was !== i) moved.push(r.id);
  });
  return moved;
}

/** The pinned totals row: the sums under the amount columns, the label cell's figures and words. */
function totalsRow<R extends SheetRow>(schema: SheetSchema<R>, totals: SheetTotals, language: string): R {
  const row: Record<string, unknown> = { id: TOTALS_ROW_ID, ...totals.byField };
  if (schema.totalsLabelColumn) row[schema.totalsLabelColumn] = { ...totals, uppercase: totalInUppercase(totals), language } satisfies TotalsLabelValue;
  return row as unknown as R;
}

export interface SheetPreview<R extends SheetRow> {
  /** Hands rows and the totals row to AG Grid, skipping what it already shows. */
  showRows: (rows: readonly R[]) => void;
  /** Forgets what AG Grid shows (a new grid api): the next `showRows` hands everything over. */
  resetShown: () => void;
  /**
   * Previews, draws and dispatches an event; returns the preview state (the latest state when
   * the grid is read-only or the sheet refuses the event — nothing is dispatched then).
   * `prepared` is the preview when the caller has computed it already.
   */
  send: (event: SheetEvent<R>, prepared?: SheetState<R>) => SheetState<R>;
}

export function useSheetPreview<R extends SheetRow>(
  core: GridCore<R>,
  rowsState: readonly R[],
  language: string,
  dispatch: (event: SheetEvent<R>) => void,
  /** Called before a change is drawn (drops the Shift+arrows block). */
  beforeChange: () => void,
): SheetPreview<R> {
  const shown = useRef<{ rows: readonly R[]; totals: SheetTotals; language: string } | null>(null);

  /**
   * The store's copy of a change the grid has already drawn holds new objects with the same
   * values: with the same rows in the same order only the rows whose values changed get their new
   * data; adding, removing or moving rows hands over the whole list (AG Grid matches it by id).
   */
  const showRows = useCallback(
    (rows: readonly R[]) => {
      const api = core.apiRef.current;
      if (!api) return;
      const current = shown.current;
      if (!current || !sameIds(current.rows, rows)) {
        api.setGridOption('rowData', rows as R[]);
        // Row numbers come from the row index: AG Grid redraws new rows, and the kit redraws the
        // number of rows that moved (an insert or delete above them), in this same task. Rows
        // added at the end move nothing.
        const index = core.schema.columns.find((c) => c.kind === 'index');
        const moved = current && index ? movedRowIds(current.rows, rows) : [];
        if (index && moved.length > 0) {
          const rowNodes = moved.map((id) => api.getRowNode(id)).filter((n) => n !== undefined);
          api.refreshCells({ rowNodes, columns: [colIdOf(index)], force: true });
        }
      } else if (current.rows !== rows) {
        for (let i = 0; i < rows.length; i++) {
          if (current.rows[i] !== rows[i] && !sameRow(current.rows[i], rows[i])) api.getRowNode(rows[i].id)?.updateData(rows[i]);
        }
      }
      const totals = sheetTotals(core.schema, rows);
      if (!current || current.language !== language || !sameTotals(current.totals, totals)) {
        const pinned = totalsRow(core.schema, totals, language);
        const node = current ? api.getPinnedBottomRow(0) : undefined;
        if (node) node.updateData(pinned);
        else api.setGridOption('pinnedBottomRowData', [pinned]);
      }
      shown.current = { rows, totals, language };
    },
    [core, language],
  );

  const resetShown = useCallback(() => {
    shown.current = null;
  }, []);

  const send = useCallback(
    (event: SheetEvent<R>, prepared?: SheetState<R>): SheetState<R> => {
      const prev = core.latest.current;
      if (core.readOnlyRef.current) return prev;
      const next = prepared ?? reduceSheet(core.schema, prev, event);
      // The sheet itself refuses the event or nothing changes: the store would say the same.
      if (next === prev) return prev;
      core.latest.current = next;
      beforeChange();
      if (next.rows !== prev.rows) {
        showRows(next.rows);
        const seen = core.renders.current;
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            // The store handed a state back (accepted or refused as a whole): it is drawn already.
            if (core.renders.current !== seen) return;
            core.latest.current = core.rendered.current;
            showRows(core.rendered.current.rows);
          }),
        );
      }
      dispatch(event);
      return next;
    },
    [core, dispatch, showRows, beforeChange],
  );

  // Rows that come from the store itself (loading a document, another view's edit).
  useLayoutEffect(() => {
    showRows(rowsState);
  }, [rowsState, showRows]);

  return useMemo(() => ({ showRows, resetShown, send }), [showRows, resetShown, send]);
}
