/**
 * The public face of the entry grid: its props, the handle a screen holds, what a picker hook
 * receives and what the grid reports. `entry-grid.tsx` re-exports all of it.
 */
import type { ReactNode, Ref } from 'react';
import type { GridApi } from 'ag-grid-community';
import type { GridCommand } from './key-bindings';
import type { PasteError } from './paste';
import type { SheetEvent, SheetState } from './sheet';
import type { CellValue, SheetRow, SheetSchema } from './sheet-schema';
import type { SheetTotalsView } from './use-sheet';

/** What a screen's picker (F7, or lookup text that does not resolve) receives. */
export interface PickerRequest<R extends SheetRow> {
  rowId: string;
  row: R;
  field: string;
  value: CellValue;
  /** Text typed in the cell, as the picker's initial query. */
  query: string;
  /** Writes the chosen value into the cell and moves on in the entry order. */
  commit: (value: CellValue) => void;
  /** Returns the caret to the cell. */
  cancel: () => void;
}

export type PickerHook<R extends SheetRow> = (request: PickerRequest<R>) => void;

export type GridReport =
  | { kind: 'paste'; accepted: number; errors: PasteError[]; messages: string[] }
  /** A command or input the grid refused; `locked` when it was refused because the sheet is read-only. */
  | { kind: 'refused'; message: string; locked?: boolean };

export interface EntryGridHandle {
  focusCell: (rowId: string, colId: string) => void;
  /** The first entry cell of the first row. */
  focusFirstCell: () => void;
  /** Runs a command on the caret's cell, as its key would (toolbar buttons). */
  runCommand: (command: GridCommand) => void;
  api: () => GridApi | null;
  /** The grid's element (its container). */
  element: () => HTMLElement | null;
}

export interface EntryGridProps<R extends SheetRow> {
  schema: SheetSchema<R>;
  state: SheetState<R>;
  dispatch: (event: SheetEvent<R>) => void;
  /** A locked document (the sheet's own `locked` flag counts too): no edit is previewed or sent. */
  readOnly?: boolean;
  /**
   * Why the document is locked, in the user's language ("凭证已审核"): a refused edit says it
   * ("单据已锁定，不能修改：凭证已审核"). Without it the grid says the document is locked.
   */
  lockReason?: string;
  /**
   * The whole message of a refused edit, in place of the lock's ("单据已锁定，不能修改：…"): for a
   * document that is read only for another reason than a lock (no right to edit it, a settled
   * period), which says the real reason ("没有操作权限"). Takes precedence over `lockReason`.
   */
  lockMessage?: string;
  /** Picker hooks by the columns' `picker` ids. */
  pickers?: Partial<Record<string, PickerHook<R>>>;
  /** The totals row's label (default: the totals label and any debit/credit difference). */
  totalsLabel?: (totals: SheetTotalsView) => ReactNode;
  /** Paste results and refused commands; default: a Mantine notification. */
  onReport?: (report: GridReport) => void;
  /** Pixel height, or 'auto' to grow with the rows (default). */
  height?: number | 'auto';
  /**
   * With `height: 'auto'`: the grid grows with its rows up to this many, then keeps that height
   * and scrolls its rows itself, with only the rows on screen (and a few around them) in the
   * page. Without it every row is in the page, so each keystroke's style, layout and paint
   * passes walk all of them (a 300-line voucher).
   */
  maxRows?: number;
  /**
   * With `maxRows`: show no more rows than fit between the grid's top and the window's bottom edge
   * with what the page shows under the grid (the voucher's uppercase total and signatures) still in
   * view, and never fewer than `minRows`; the rest scroll in the grid. Measured again when the
   * window or the page changes size (grids/list/use-fill-height).
   */
  fillPage?: { minRows: number };
  /** Focus the first entry cell once the grid is ready. */
  autoFocus?: boolean;
  /**
   * With `autoFocus`: the cell the caret lands on instead of the first entry cell (a document shown
   * again under its id after its first save keeps the clerk's cell: grids/focus-carry.ts); a row past
   * the last lands on the last, an unknown column on the row's first entry cell. `null`: the caret
   * does not land (the page put the focus on a header field).
   */
  caretAt?: { rowIndex: number; colId: string } | null;
  /** Called once the first rows are rendered and the grid takes keys. */
  onInteractive?: () => void;
  testId?: string;
  handleRef?: Ref<EntryGridHandle>;
}

/** A cell by row id and column id (the caret, a menu's anchor). */
export interface FocusTarget {
  rowId: string;
  colId: string;
}
