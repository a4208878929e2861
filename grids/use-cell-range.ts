/**
 * The block of cells Shift+arrows (and Shift+Home / End) select for Ctrl+C: kept as an anchor and
 * a far corner, drawn through the kit context's `selection` (a cell class), dropped by Esc, by any
 * other caret move and by every edit.
 */
import { useCallback, useMemo, useRef } from 'react';
import type { CellFocusedEvent, IRowNode } from 'ag-grid-community';
import { extendRange, rangeBounds, type CellRange, type RangeBounds, type RangeStep } from './cell-range';
import type { FocusTarget } from './entry-grid-types';
import type { SheetRow } from './sheet-schema';
import type { GridCore } from './use-grid-core';

const RANGE_STEPS: Record<string, RangeStep> = { up: 'up', down: 'down', left: 'left', right: 'right', home: 'home', end: 'end' };

export interface CellRangeSelection<R extends SheetRow> {
  /** The selected block with its row and column bounds, or null. */
  current: () => { range: CellRange; bounds: RangeBounds } | null;
  /** Selects a block (null drops it) and redraws the rows it covered or covers now. */
  select: (next: CellRange | null) => void;
  /** Drops the block, if any (every edit does). */
  clear: () => void;
  /** Grows the block from the caret by the key (`keyNameOf`: up, down, home…). */
  extend: (cell: FocusTarget, keyName: string) => void;
  /** AG Grid `onCellFocused`: a caret moved by anything but Shift+arrows leaves the block behind. */
  onCellFocused: (e: CellFocusedEvent<R>) => void;
}

export function useCellRange<R extends SheetRow>(core: GridCore<R>): CellRangeSelection<R> {
  const range = useRef<{ range: CellRange; bounds: RangeBounds } | null>(null);

  const select = useCallback(
    (next: CellRange | null) => {
      const api = core.apiRef.current;
      const rows = core.latest.current.rows;
      const before = range.current?.bounds;
      const bounds = next ? rangeBounds(core.schema, rows, next) : null;
      if (!before && !bounds) return;
      range.current = next && bounds ? { range: next, bounds } : null;
      core.kit.selection = bounds;
      // Redraw the rows the block covered or covers now (their cells' classes).
      const nodes: IRowNode<R>[] = [];
      for (const b of [before, bounds]) {
        if (!b) continue;
        for (let i = b.rowStart; i <= b.rowEnd; i++) {
          const node = rows[i] ? api?.getRowNode(rows[i].id) : undefined;
          if (node) nodes.push(node);
        }
      }
      api?.refreshCells({ rowNodes: nodes, force: true, suppressFlash: true });
    },
    [core],
  );

  const clear = useCallback(() => {
    if (range.current) select(null);
  }, [select]);

  const extend = useCallback(
    (cell: FocusTarget, keyName: string) => {
      const step = RANGE_STEPS[keyName];
      if (step) select(extendRange(core.schema, core.latest.current.rows, range.current?.range ?? null, cell, step));
    },
    [core, select],
  );

  const onCellFocused = useCallback(
    (e: CellFocusedEvent<R>) => {
      const anchor = range.current?.range.anchor;
      if (!anchor) return;
      const node = typeof e.rowIndex === 'number' ? e.api.getDisplayedRowAtIndex(e.rowIndex) : undefined;
      const colId = e.column && typeof e.column !== 'string' ? e.column.getColId() : e.column;
      if (node?.id !== anchor.rowId || colId !== anchor.colId) select(null);
    },
    [select],
  );

  const current = useCallback(() => range.current, []);

  return useMemo(() => ({ current, select, clear, extend, onCellFocused }), [current, select, clear, extend, onCellFocused]);
}
