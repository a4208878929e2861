/**
 * The grid's keys while no editor is open (hotkeys-js, scoped to this grid; `key-bindings.ts` is
 * the table): commands on the caret's cell, Shift+arrows to select a block, Esc to drop it, an
 * input method's first key opening the editor so the composition lands in it. A locked sheet
 * answers a key that would edit — typing, F2, Backspace, Delete, a row operation — with why it is
 * locked, instead of ignoring it.
 */
import { isImeKey, keyNameOf, matchKeyBinding, startsEditing } from './key-bindings';
import { findColumn, isApplicable, isEmptyValue, type SheetRow } from './sheet-schema';
import type { Caret } from './use-caret';
import type { CellRangeSelection } from './use-cell-range';
import type { GridCommands } from './use-grid-commands';
import { isEditableTarget, latestRow, type GridCore } from './use-grid-core';
import { useGridHotkeys } from './use-grid-hotkeys';
import type { GridMessages } from './use-grid-messages';

export function useGridKeys<R extends SheetRow>(core: GridCore<R>, scope: string, caret: Caret<R>, range: CellRangeSelection<R>, commands: GridCommands, messages: GridMessages): void {
  useGridHotkeys(core.containerRef, scope, (event) => {
    if (isEditableTarget(event.target)) return;
    const readOnly = core.readOnlyRef.current;
    const cell = caret.focusedCell();
    const column = cell ? findColumn(core.schema, cell.colId) : undefined;
    if (isImeKey(event) && cell && !readOnly && column && column.kind !== 'index') {
      // An input method composes outside any input: open the editor (empty, as typing does) so the composition lands in it.
      const node = core.apiRef.current?.getRowNode(cell.rowId);
      const row = latestRow(core, cell.rowId);
      if (node?.rowIndex != null && row && isApplicable(column, row)) core.apiRef.current?.startEditingCell({ rowIndex: node.rowIndex, colKey: cell.colId, key: 'Process' });
      return;
    }
    if (event.key === 'Escape' && range.current()) {
      range.clear();
      return;
    }
    const binding = matchKeyBinding(event, column?.kind === 'amount' ? 'amount' : 'other');
    if (readOnly && cell && column?.kind !== 'index' && (binding ? binding.mutates : startsEditing(event))) {
      event.preventDefault();
      messages.refuseLocked();
      return;
    }
    if (!binding) return;
    // '-' on an empty amount cell starts typing a negative amount (AG Grid opened the editor with it).
    if (binding.command === 'negate' && cell && isEmptyValue(core.kit.valueOf(cell.rowId, cell.colId))) return;
    if (!cell && binding.command !== 'undo' && binding.command !== 'redo' && binding.command !== 'appendRow') return;
    if (binding.command !== 'copyCell') event.preventDefault();
    if (binding.command === 'extendSelection') {
      if (cell) range.extend(cell, keyNameOf(event));
      return;
    }
    if (binding.mutates && readOnly) {
      messages.refuseLocked();
      return;
    }
    commands.run(binding.command, cell);
  });
}
