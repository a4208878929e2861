/**
 * Ctrl+C and Ctrl+V through the browser's clipboard events: copy writes the selected block (or
 * the caret's cell) as Excel rows; paste reads a block from Excel or a bank export into the
 * sheet as one undo step (`paste.ts`) and reports the cells it could not read. With nothing
 * selected on the page the browser only fires these events when `beforecopy` / `beforepaste`
 * are cancelled: that is what tells it the page handles the clipboard itself.
 */
import { useEffect } from 'react';
import type { TFunction } from 'i18next';
import { formatCentsForEdit } from '../src/domain/money';
import { rangeToTsv } from './cell-range';
import { planPaste } from './paste';
import { rowIndexOf } from './sheet';
import { displayText, findDataColumn, type SheetRow } from './sheet-schema';
import type { Caret } from './use-caret';
import type { CellRangeSelection } from './use-cell-range';
import { isEditableTarget, type GridCore } from './use-grid-core';
import type { GridMessages } from './use-grid-messages';
import type { SheetPreview } from './use-sheet-preview';

export function useClipboard<R extends SheetRow>(
  core: GridCore<R>,
  caret: Caret<R>,
  range: CellRangeSelection<R>,
  send: SheetPreview<R>['send'],
  messages: GridMessages,
  t: TFunction,
): void {
  const { focusedCell, focusCell } = caret;
  const { report, refuseLocked, headerOf, errorText } = messages;
  useEffect(() => {
    const container = core.containerRef.current;
    if (!container) return;
    const takesClipboard = (e: Event) => {
      if (!isEditableTarget(e.target) && focusedCell()) e.preventDefault();
    };
    const onPaste = (e: ClipboardEvent) => {
      if (isEditableTarget(e.target)) return;
      const cell = focusedCell();
      const text = e.clipboardData?.getData('text/plain') ?? '';
      if (!cell || text === '') return;
      e.preventDefault();
      if (core.readOnlyRef.current) {
        refuseLocked();
        return;
      }
      const plan = planPaste(core.schema, core.latest.current.rows, cell, text);
      if (plan.event) send(plan.event);
      focusCell(cell.rowId, cell.colId);
      const lines = plan.errors.map((err) => t('paste.errorLine', { row: err.rowIndex + 1, column: headerOf(err.field), text: err.text, reason: err.message ?? errorText(err.code, err.field) }));
      report({ kind: 'paste', accepted: plan.accepted, errors: plan.errors, messages: lines });
    };
    const onCopy = (e: ClipboardEvent) => {
      if (isEditableTarget(e.target) || !e.clipboardData) return;
      const rows = core.latest.current.rows;
      const block = range.current();
      if (block) {
        e.clipboardData.setData('text/plain', rangeToTsv(core.schema, rows, block.bounds));
        e.preventDefault();
        return;
      }
      const cell = focusedCell();
      const column = cell ? findDataColumn(core.schema, cell.colId) : undefined;
      const row = cell ? rows[rowIndexOf(rows, cell.rowId)] : undefined;
      if (!column || !row) return;
      e.clipboardData.setData('text/plain', displayText(column, row, formatCentsForEdit));
      e.preventDefault();
    };
    container.addEventListener('beforecopy', takesClipboard);
    container.addEventListener('beforepaste', takesClipboard);
    container.addEventListener('paste', onPaste);
    container.addEventListener('copy', onCopy);
    return () => {
      container.removeEventListener('beforecopy', takesClipboard);
      container.removeEventListener('beforepaste', takesClipboard);
      container.removeEventListener('paste', onPaste);
      container.removeEventListener('copy', onCopy);
    };
  }, [core, range, send, focusedCell, focusCell, report, refuseLocked, headerOf, errorText, t]);
}
