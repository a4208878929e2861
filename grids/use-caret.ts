/**
 * The caret and how it moves: focusing a cell (scrolling only a grid that scrolls itself), the
 * caret's cell, where Enter / Shift+Enter / Tab send it along the entry order (`entry-order.ts`),
 * rows added past the last one, and AG Grid's arrow and Tab hooks.
 */
import { useCallback, useMemo, type RefObject } from 'react';
import type { CellPosition, NavigateToNextCellParams, TabToNextCellParams } from 'ag-grid-community';
import { arrowDownTarget, nextEntryTarget, previousEntryCell, tabTarget } from './entry-order';
import type { FocusTarget } from './entry-grid-types';
import type { MoveAfterEdit } from './kit-context';
import { rowIndexOf, type SheetEvent, type SheetState } from './sheet';
import type { SheetRow } from './sheet-schema';
import { TOTALS_ROW_ID } from './totals';
import type { GridCore } from './use-grid-core';

/** Where the caret goes after an edit: a cell, or the first cell of rows still to be added. */
export type CaretMove = { kind: 'cell'; rowId: string; colId: string } | { kind: 'append'; colId: string };

export interface Caret<R extends SheetRow> {
  focusCell: (rowId: string, colId: string) => void;
  /** The caret's cell, or null (nothing focused, or the totals row). */
  focusedCell: () => FocusTarget | null;
  /** Where the caret goes from a cell along the entry order, in the given rows. */
  caretAfter: (rows: readonly R[], from: FocusTarget, move: MoveAfterEdit) => CaretMove | null;
  /** Moves the caret from a cell along the entry order, adding rows past the last one. */
  moveFrom: (from: FocusTarget, move: MoveAfterEdit) => void;
  /** Adds rows at the end and puts the caret in the first one. */
  appendAndFocus: (colId: string, count?: number) => void;
  /** AG Grid `navigateToNextCell`: arrows; arrow-down on the last row adds one where the sheet says so. */
  navigateToNextCell: (p: NavigateToNextCellParams<R>) => CellPosition | null;
  /** AG Grid `tabToNextCell`: the next / previous cell that takes a value. */
  tabToNextCell: (p: TabToNextCellParams<R>) => CellPosition | boolean;
}

export function useCaret<R extends SheetRow>(core: GridCore<R>, scrollsItself: RefObject<boolean>, send: (event: SheetEvent<R>) => SheetState<R>): Caret<R> {
  const focusCell = useCallback(
    (rowId: string, colId: string) => {
      const api = core.apiRef.current;
      const node = api?.getRowNode(rowId);
      if (!api || !node || node.rowIndex === null || node.rowIndex === undefined || node.rowPinned) return;
      // A grid that shows every row has nothing to scroll (the page follows the focused cell), and asking costs a layout.
      if (scrollsItself.current) {
        api.ensureIndexVisible(node.rowIndex);
        api.ensureColumnVisible(colId);
      }
      api.setFocusedCell(node.rowIndex, colId);
    },
    [core, scrollsItself],
  );

  const focusedCell = useCallback((): FocusTarget | null => {
    const api = core.apiRef.current;
    const cell = api?.getFocusedCell();
    if (!api || !cell || cell.rowPinned) return null;
    const node = api.getDisplayedRowAtIndex(cell.rowIndex);
    if (!node?.data || node.data.id === TOTALS_ROW_ID) return null;
    return { rowId: node.data.id, colId: cell.column.getColId() };
  }, [core]);

  const caretAfter = useCallback(
    (rows: readonly R[], from: FocusTarget, move: MoveAfterEdit): CaretMove | null => {
      const schema = core.schema;
      const rowIndex = rowIndexOf(rows, from.rowId);
      if (rowIndex < 0) return null;
      if (move === 'stay') return { kind: 'cell', rowId: from.rowId, colId: from.colId };
      if (move === 'tabNext' || move === 'tabPrevious') {
        const target = tabTarget(schema, rows, { rowIndex, colId: from.colId }, move === 'tabPrevious');
        // Past either end the caret stays where it is.
        return { kind: 'cell', rowId: target ? rows[target.rowIndex].id : from.rowId, colId: target ? target.colId : from.colId };
      }
      if (move === 'previous') {
        const prev = previousEntryCell(schema, rows, { rowIndex, colId: from.colId });
        return prev ? { kind: 'cell', rowId: rows[prev.rowIndex].id, colId: prev.colId } : null;
      }
      const target = nextEntryTarget(schema, rows, { rowIndex, colId: from.colId });
      return target.kind === 'cell' ? { kind: 'cell', rowId: rows[target.cell.rowIndex].id, colId: target.cell.colId } : { kind: 'append', colId: target.colId };
    },
    [core],
  );

  const appendAndFocus = useCallback(
    (colId: string, count?: number) => {
      const before = core.latest.current.rows.length;
      const added = send({ type: 'sheet.appendRows', count }).rows[before];
      if (added) focusCell(added.id, colId);
    },
    [core, send, focusCell],
  );

  const moveFrom = useCallback(
    (from: FocusTarget, move: MoveAfterEdit) => {
      const caret = caretAfter(core.latest.current.rows, from, move);
      if (!caret) return;
      if (caret.kind === 'cell') focusCell(caret.rowId, caret.colId);
      else if (!core.readOnlyRef.current) appendAndFocus(caret.colId);
    },
    [core, caretAfter, focusCell, appendAndFocus],
  );

  const navigateToNextCell = useCallback(
    (p: NavigateToNextCellParams<R>): CellPosition | null => {
      const next = p.nextCellPosition;
      if (next && !next.rowPinned) return next;
      // Arrow-down on the last row of a sheet that grows by it (auxiliary-rows popup) adds a row.
      if (p.key === 'ArrowDown' && !p.previousCellPosition.rowPinned && !core.readOnlyRef.current) {
        const rows = core.latest.current.rows;
        const node = p.api.getDisplayedRowAtIndex(p.previousCellPosition.rowIndex);
        const colId = p.previousCellPosition.column.getColId();
        const target = node?.data ? arrowDownTarget(core.schema, rows, { rowIndex: rowIndexOf(rows, node.data.id), colId }) : null;
        if (target?.kind === 'append') queueMicrotask(() => appendAndFocus(colId, 1));
      }
      return null;
    },
    [core, appendAndFocus],
  );

  const tabToNextCell = useCallback(
    (p: TabToNextCellParams<R>): CellPosition | boolean => {
      const api = p.api;
      const prevNode = p.previousCellPosition.rowPinned ? undefined : api.getDisplayedRowAtIndex(p.previousCellPosition.rowIndex);
      const rows = core.latest.current.rows;
      const from = prevNode?.data ? rowIndexOf(rows, prevNode.data.id) : -1;
      if (from < 0) return false;
      const target = tabTarget(core.schema, rows, { rowIndex: from, colId: p.previousCellPosition.column.getColId() }, p.backwards);
      if (!target) return false;
      const node = api.getRowNode(rows[target.rowIndex].id);
      const column = api.getColumn(target.colId);
      if (!node || node.rowIndex === null || node.rowIndex === undefined || !column) return false;
      return { rowIndex: node.rowIndex, column, rowPinned: null };
    },
    [core],
  );

  return useMemo(
    () => ({ focusCell, focusedCell, caretAfter, moveFrom, appendAndFocus, navigateToNextCell, tabToNextCell }),
    [focusCell, focusedCell, caretAfter, moveFrom, appendAndFocus, navigateToNextCell, tabToNextCell],
  );
}
