/**
 * What the kit's AG Grid components (editors, totals cell) reach through the grid `context`:
 * the schema and commands of the entry grid they live in. One mutable object per grid, refreshed
 * on every render, so components always call the latest callbacks.
 */
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { AmountInputErrorCode } from '../src/domain/amount-expression';
import type { RangeBounds } from './cell-range';
import type { GridCommand } from './key-bindings';
import type { CellValue, SheetRow, SheetSchema } from './sheet-schema';
import type { SheetTotalsView } from './use-sheet';

/** The value of the totals row's label cell: the figures and words, for the language shown. */
export interface TotalsLabelValue extends SheetTotalsView {
  language: string;
}

/** Where the caret goes after a commit: entry order (Enter), Tab order, or nowhere. */
export type MoveAfterEdit = 'next' | 'previous' | 'tabNext' | 'tabPrevious' | 'stay';

export interface EntryKitContext<R extends SheetRow = SheetRow> {
  schema: SheetSchema<R>;
  readOnly: boolean;
  t: TFunction;
  /** True while the grid moves the caret away from an open editor whose value it is committing itself. */
  closing: boolean;
  /** The block Shift+arrows selected for Ctrl+C (drawn with a cell class), or null. */
  selection: RangeBounds | null;
  /** Closes the open editor and writes `value` into the cell (one sheet event), then moves the caret. */
  commitEdit: (rowId: string, field: string, value: CellValue, move: MoveAfterEdit) => void;
  /** Closes the open editor without writing. */
  cancelEdit: () => void;
  /** Closes the open editor and runs a grid command on its cell (`=` in an amount editor). */
  commandFromEditor: (command: GridCommand, rowId: string, field: string) => void;
  /** Closes the amount editor and puts the typed amount on the other side (space). */
  moveToOtherSide: (rowId: string, field: string, cents: number | null | undefined) => void;
  /**
   * Closes the editor and copies the cell from the previous (`..`) or first (`//`) row; when the
   * value does not fit this row the editor stays open and gets the returned message.
   */
  copyFromRow: (rowId: string, field: string, from: 'previous' | 'first') => string | null;
  /** Closes the editor and opens the cell's picker with `query`; false when the column has none. */
  openPicker: (rowId: string, field: string, query: string) => boolean;
  /** Message for an amount that cannot be committed in the column `field` (its own limits). */
  amountErrorText: (code: AmountInputErrorCode, field: string) => string;
  /** Reports typed text an editor could not commit when AG Grid closed it (a click elsewhere). */
  reportInputNotSaved: (rowId: string, field: string, text: string, reason: string) => void;
  /** The totals row's label cell, from the figures the totals row carries. */
  renderTotalsLabel: (value?: TotalsLabelValue) => ReactNode;
  /** A cell's value in the latest sheet state (ahead of the rendered rows right after an edit). */
  valueOf: (rowId: string, field: string) => CellValue;
}

export function kitContextOf<R extends SheetRow>(context: unknown): EntryKitContext<R> {
  return context as EntryKitContext<R>;
}
