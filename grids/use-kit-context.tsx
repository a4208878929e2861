/**
 * Fills the kit context that the editors and the totals cell reach through AG Grid's `context`
 * (`kit-context.ts`): committing an edit and moving the caret in one step, cancelling, commands
 * from an open editor (`=`, space, `..` / `//`, F7), reporting input a click elsewhere could not
 * save, and the totals label. Refreshed on every render so they always call the latest callbacks.
 */
import { useLayoutEffect, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { AmountInputErrorCode } from '../src/domain/amount-expression';
import { formatCents } from '../src/domain/money';
import { copyRefusalText, inputNotSavedText } from './grid-messages';
import type { EntryKitContext, MoveAfterEdit, TotalsLabelValue } from './kit-context';
import { copyFromRowValue, reduceSheet, rowIndexOf, type SheetEvent } from './sheet';
import { cellValue, type CellValue, type SheetRow } from './sheet-schema';
import { sheetTotals, totalInUppercase } from './totals';
import type { Caret } from './use-caret';
import type { GridCommands } from './use-grid-commands';
import { latestRow, type GridCore } from './use-grid-core';
import type { GridMessages } from './use-grid-messages';
import type { SheetTotalsView } from './use-sheet';
import type { SheetPreview } from './use-sheet-preview';
import type { GridCommand } from './key-bindings';

interface KitContextDeps<R extends SheetRow> {
  core: GridCore<R>;
  readOnly: boolean;
  t: TFunction;
  caret: Caret<R>;
  send: SheetPreview<R>['send'];
  commands: GridCommands;
  messages: GridMessages;
  totalsLabel: ((totals: SheetTotalsView) => ReactNode) | undefined;
}

export function useKitContext<R extends SheetRow>({ core, readOnly, t, caret, send, commands, messages, totalsLabel }: KitContextDeps<R>): void {
  useLayoutEffect(() => {
    const { kit, schema, latest, readOnlyRef, apiRef } = core;
    const { focusCell, focusedCell, caretAfter, appendAndFocus } = caret;
    const stopEditing = () => apiRef.current?.stopEditing(true);

    // The label is drawn from the figures the totals row carries (AG Grid may redraw it before the grid re-renders).
    const renderTotalsLabel = (value?: TotalsLabelValue) => {
      let view: SheetTotalsView;
      if (value) view = value;
      else {
        const figures = sheetTotals(schema, latest.current.rows);
        view = { ...figures, uppercase: totalInUppercase(figures) };
      }
      if (totalsLabel) return totalsLabel(view);
      return (
        <span className="ld-totals-label">
          <span className="ld-totals-label__text">{t('totals.label')}</span>
          {view.differenceCents ? <span className="ld-totals-label__difference">{t('totals.difference', { amount: formatCents(view.differenceCents) })}</span> : null}
        </span>
      );
    };

    Object.assign(kit, {
      schema,
      readOnly,
      t,
      amountErrorText: (code: AmountInputErrorCode, field: string) => messages.errorText(code, field),
      renderTotalsLabel,
      commitEdit: (rowId: string, field: string, value: CellValue, move: MoveAfterEdit) => {
        const event: SheetEvent<R> = { type: 'sheet.setCell', rowId, field, value };
        const prev = latest.current;
        const next = readOnlyRef.current ? prev : reduceSheet(schema, prev, event);
        const target = caretAfter(next.rows, { rowId, colId: field }, move);
        // Move the caret before the rows change: the page is still laid out, so focusing costs no
        // layout. Focus leaving the cell closes the editor (AG Grid); `closing` tells the editor
        // that its value is committed here, so it neither keeps nor reports it.
        if (target?.kind === 'cell' && (target.rowId !== rowId || target.colId !== field)) {
          kit.closing = true;
          try {
            focusCell(target.rowId, target.colId);
          } finally {
            kit.closing = false;
          }
        }
        stopEditing();
        send(event, next);
        if (target?.kind === 'append') {
          if (readOnlyRef.current) focusCell(rowId, field);
          else appendAndFocus(target.colId);
        } else if (!target) focusCell(rowId, field);
      },
      cancelEdit: () => {
        const cell = focusedCell();
        stopEditing();
        if (cell) focusCell(cell.rowId, cell.colId);
      },
      commandFromEditor: (command: GridCommand, rowId: string, field: string) => {
        stopEditing();
        focusCell(rowId, field);
        if (!readOnlyRef.current) commands.run(command, { rowId, colId: field });
      },
      moveToOtherSide: (rowId: string, field: string, cents: number | null | undefined) => {
        stopEditing();
        focusCell(rowId, field);
        if (!readOnlyRef.current) commands.toOtherSide({ rowId, colId: field }, cents);
      },
      copyFromRow: (rowId: string, field: string, from: 'previous' | 'first') => {
        const refusal = copyRefusalText(t, copyFromRowValue(schema, latest.current.rows, rowId, field, from));
        if (refusal !== null) return refusal;
        stopEditing();
        send({ type: 'sheet.copyFromRow', rowId, field, from });
        focusCell(rowId, field);
        return null;
      },
      reportInputNotSaved: (rowId: string, field: string, text: string, reason: string) => {
        const rowIndex = rowIndexOf(latest.current.rows, rowId);
        messages.report({ kind: 'refused', message: inputNotSavedText(t, rowIndex, messages.headerOf(field), text, reason) });
      },
      openPicker: commands.openPicker,
      valueOf: (rowId: string, field: string) => {
        const row = latestRow(core, rowId);
        return row ? cellValue(row, field) : null;
      },
    } satisfies Omit<EntryKitContext<R>, 'closing' | 'selection'>);
  });
}
