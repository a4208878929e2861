/**
 * What the kit's AG Grid components (editors, totals cell) reach through the grid `context`:
 * the schema and commands of the entry grid they live in. One mutable object per grid, refreshed
 * on every render, so components always call the latest callbacks.
 */
import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { AmountInputErrorCode } from '../src/domain/amount-expression';
import type { GridCommand } from './key-bindings';
import type { CellValue, SheetRow, SheetSchema } from './sheet-schema';

export type MoveAfterEdit = 'next' | 'previous' | 'stay';

export interface EntryKitContext<R extends SheetRow = SheetRow> {
  schema: SheetSchema<R>;
  readOnly: boolean;
  t: TFunction;
  /** Closes the open editor and writes `value` into the cell (one sheet event), then moves the caret. */
  commitEdit: (rowId: string, field: string, value: CellValue, move: MoveAfterEdit) => void;
  /** Closes the open editor without writing. */
  cancelEdit: () => void;
  /** Closes the open editor and runs a grid command on its cell (`=` in an amount editor). */
  commandFromEditor: (command: GridCommand, rowId: string, field: string) => void;
  /** Closes the amount editor and puts the typed amount on the other side (space). */
  moveToOtherSide: (rowId: string, field: string, cents: number | null | undefined) => void;
  /** Closes the editor and copies the cell from the previous (`..`) or first (`//`) row. */
  copyFromRow: (rowId: string, field: string, from: 'previous' | 'first') => void;
  /** Closes the editor and opens the cell's picker with `query`; false when the column has none. */
  openPicker: (rowId: string, field: string, query: string) => boolean;
  /** Message for an amount that cannot be committed. */
  amountErrorText: (code: AmountInputErrorCode) => string;
  /** The totals row's label cell. */
  renderTotalsLabel: () => ReactNode;
  /** A cell's value in the latest sheet state (ahead of the rendered rows right after an edit). */
  valueOf: (rowId: string, field: string) => CellValue;
}

export function kitContextOf<R extends SheetRow>(context: unknown): EntryKitContext<R> {
  return context as EntryKitContext<R>;
}
