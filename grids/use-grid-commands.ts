/**
 * The grid's commands on the caret's cell — the same code for a key, a row-menu item, a toolbar
 * button and an editor's `=` or space: row operations, undo / redo (the caret returns to the
 * changed cell), clear, F7 pickers, `=` balance, space to the other side, `-` negate, the caret
 * moves of Enter, Home / End and Ctrl+Home / End.
 *
 * After a pick or Escape in a picker the caret comes back once the picker has closed; the keys
 * typed meanwhile are held and land where it does (picker-return.ts).
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { holdUntilCaret } from './picker-return';
import type { Caret } from './use-caret';
import type { FocusTarget, PickerHook } from './entry-grid-types';
import { rowEdgeCell, sheetEdgeCell } from './entry-order';
import type { GridCommand } from './key-bindings';
import { balancePlan, otherSideField, rowIndexOf, type SheetState } from './sheet';
import { amountLimitsOf, cellValue, emptyValueOf, findColumn, findDataColumn, isApplicable, isDataColumn, isEmptyValue, type SheetRow } from './sheet-schema';
import { latestRow, type GridCore } from './use-grid-core';
import type { GridMessages } from './use-grid-messages';
import type { SheetPreview } from './use-sheet-preview';

export interface GridCommands {
  /** Runs a command on a cell (null: no caret — only undo, redo and append-row run). */
  run: (command: GridCommand, cell: FocusTarget | null) => void;
  /** Opens the cell's picker with `query`; false when the cell has none (or takes no value). */
  openPicker: (rowId: string, field: string, query: string) => boolean;
  /** Space: the amount (`cents`, or the cell's own when undefined) to the other side; on an empty amount the caret goes there. */
  toOtherSide: (cell: FocusTarget, cents: number | null | undefined) => void;
}

interface CommandDeps<R extends SheetRow> {
  core: GridCore<R>;
  caret: Caret<R>;
  send: SheetPreview<R>['send'];
  messages: GridMessages;
  pickers: Partial<Record<string, PickerHook<R>>> | undefined;
  openMenuAt: (cell: FocusTarget, x: number, y: number) => void;
}

export function useGridCommands<R extends SheetRow>({ core, caret, send, messages, pickers, openMenuAt }: CommandDeps<R>): GridCommands {
  const { focusCell, moveFrom } = caret;
  const { report, refuseLocked, errorText } = messages;

  // The caret returns from a picker a frame or two after it closed, holding the keys typed meanwhile;
  // a grid that goes away (its page left, the popup closed) ends that hold with it.
  const returning = useRef<(() => void) | null>(null);
  useEffect(
    () => () => {
      returning.current?.();
      returning.current = null;
    },
    [],
  );

  const openPicker = useCallback(
    (rowId: string, field: string, query: string): boolean => {
      const column = findDataColumn(core.schema, field);
      const hook = column?.picker ? pickers?.[column.picker] : undefined;
      const row = latestRow(core, rowId);
      if (!column || !hook || !row || core.readOnlyRef.current || !isApplicable(column, row)) return false;
      core.apiRef.current?.stopEditing(true);
      // Focus returns after the picker has closed (its focus trap would take it back otherwise); the
      // keys typed from the pick or Escape on are held and typed where the caret lands.
      const later = (fn: () => void) => {
        returning.current?.();
        returning.current = holdUntilCaret(core.containerRef.current, fn);
      };
      hook({
        rowId,
        row,
        field,
        value: cellValue(row, field),
        query,
        commit: (value) => {
          if (core.readOnlyRef.current) {
            refuseLocked();
            later(() => focusCell(rowId, field));
            return;
          }
          send({ type: 'sheet.setCell', rowId, field, value });
          later(() => moveFrom({ rowId, colId: field }, 'next'));
        },
        cancel: () => later(() => focusCell(rowId, field)),
      });
      return true;
    },
    [core, pickers, send, moveFrom, focusCell, refuseLocked],
  );

  const toOtherSide = useCallback(
    (cell: FocusTarget, cents: number | null | undefined) => {
      const row = latestRow(core, cell.rowId);
      const other = otherSideField(core.schema, cell.colId);
      if (!row || other === null) return;
      const value = cents === undefined ? cellValue(row, cell.colId) : cents;
      if (isEmptyValue(value)) {
        focusCell(cell.rowId, other);
        return;
      }
      const before = core.latest.current;
      const next = send({ type: 'sheet.moveToOtherSide', rowId: cell.rowId, field: cell.colId, ...(cents === undefined ? {} : { value: cents }) });
      if (next !== before && next.focus) focusCell(next.focus.rowId, next.focus.field);
    },
    [core, send, focusCell],
  );

  /** `=`: the balancing amount, on the other side when it would be negative here; refused over the column's limit. */
  const balance = useCallback(
    (cell: FocusTarget) => {
      const plan = balancePlan(core.schema, core.latest.current.rows, cell.rowId, cell.colId);
      if (!plan) return;
      const max = amountLimitsOf(findDataColumn(core.schema, plan.field)).maxAbsCents;
      if (max !== undefined && Math.abs(plan.cents) > max) {
        report({ kind: 'refused', message: errorText('AMOUNT_ABOVE_MAXIMUM', plan.field) });
        return;
      }
      send({ type: 'sheet.balance', rowId: cell.rowId, field: cell.colId });
      focusCell(cell.rowId, plan.field);
    },
    [core, send, focusCell, report, errorText],
  );

  const run = useCallback(
    (command: GridCommand, cell: FocusTarget | null) => {
      const schema = core.schema;
      const rows = core.latest.current.rows;
      const rowIndex = cell ? rowIndexOf(rows, cell.rowId) : -1;
      const row = rows[rowIndex];
      const column = cell ? findColumn(schema, cell.colId) : undefined;
      const field = column && isDataColumn(column) ? column.field : undefined;
      const before = core.latest.current;
      const focusAfter = (next: SheetState<R>) => {
        if (next !== before && next.focus) focusCell(next.focus.rowId, next.focus.field);
      };
      if (command === 'undo' || command === 'redo') {
        focusAfter(send({ type: command === 'undo' ? 'sheet.undo' : 'sheet.redo' }));
        return;
      }
      if (command === 'appendRow') {
        focusAfter(send({ type: 'sheet.appendRows' }));
        return;
      }
      if (!cell || !row) return;
      switch (command) {
        case 'moveNext':
        case 'movePrevious':
          moveFrom(cell, command === 'moveNext' ? 'next' : 'previous');
          return;
        case 'rowStart':
        case 'rowEnd': {
          const target = rowEdgeCell(schema, rows, rowIndex, command === 'rowEnd');
          if (target) focusCell(rows[target.rowIndex].id, target.colId);
          return;
        }
        case 'firstRow':
        case 'lastRow': {
          const target = sheetEdgeCell(schema, rows, cell.colId, command === 'lastRow');
          if (target) focusCell(rows[target.rowIndex].id, target.colId);
          return;
        }
        case 'openMenu': {
          const selector = `.ag-row[row-id="${CSS.escape(cell.rowId)}"] .ag-cell[col-id="${CSS.escape(cell.colId)}"]`;
          const rect = core.containerRef.current?.querySelector<HTMLElement>(selector)?.getBoundingClientRect();
          openMenuAt(cell, rect ? rect.left : 0, rect ? rect.bottom : 0);
          return;
        }
        case 'copyCell':
        case 'extendSelection':
          return; // copy: the browser's copy event follows (use-clipboard.ts); selection: see use-grid-keys.ts
        case 'insertRowAbove':
          focusAfter(send({ type: 'sheet.insertRowAbove', rowId: cell.rowId, field }));
          return;
        case 'copyRow':
          focusAfter(send({ type: 'sheet.copyRow', rowId: cell.rowId, field }));
          return;
        case 'deleteRow':
          focusAfter(send({ type: 'sheet.deleteRow', rowId: cell.rowId, field }));
          return;
      }
      const dataColumn = field ? findDataColumn(schema, field) : undefined;
      if (!dataColumn || !field || !isApplicable(dataColumn, row)) return;
      switch (command) {
        case 'clearCell':
          send({ type: 'sheet.setCell', rowId: cell.rowId, field, value: emptyValueOf(dataColumn) });
          return;
        case 'openPicker':
          openPicker(cell.rowId, field, '');
          return;
        case 'balance':
          balance(cell);
          return;
        case 'otherSide':
          toOtherSide(cell, undefined);
          return;
        case 'negate':
          send({ type: 'sheet.negate', rowId: cell.rowId, field });
          return;
      }
    },
    [core, send, focusCell, moveFrom, openMenuAt, openPicker, balance, toOtherSide],
  );

  return useMemo(() => ({ run, openPicker, toOtherSide }), [run, openPicker, toOtherSide]);
}
