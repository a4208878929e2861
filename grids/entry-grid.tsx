/**
 * The entry grid: the AG Grid binding of the kit that the voucher, reimbursement, cash-bank
 * journal and auxiliary-rows screens plug their column data into.
 *
 * The grid never owns or mutates rows. It renders `state.rows` (read-only edit, `getRowId`) and
 * turns every edit, key command, menu choice and paste into a `SheetEvent` for `dispatch` — the
 * screen's reducer or machine applies `reduceSheet` and hands the new state back. To move the
 * caret right after an edit (before the screen re-renders) the grid applies the same pure
 * reducer to its latest state as a preview; the contract that makes this safe is in ENTRY-KIT.md
 * ("The preview contract"). A read-only grid neither previews nor sends edits.
 *
 * Per keystroke the grid does as little as it can: only the rows whose values changed get new
 * data (their row nodes, found by `getRowId`), the totals row only when a figure changes, the
 * caret moves before the rows are redrawn (focusing a laid-out page costs no layout), and the
 * AG Grid element is not re-rendered when the screen re-renders with the store's copy.
 *
 * Keys: see `key-bindings.ts` (hotkeys-js scoped to this grid), AG Grid's `navigateToNextCell` /
 * `tabToNextCell` for arrows and Tab, the editors for keys typed while editing.
 */
import './entry-grid.css';
import { useCallback, useEffect, useId, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type {
  CellContextMenuEvent,
  CellEditRequestEvent,
  CellFocusedEvent,
  CellPosition,
  ColDef,
  GetRowIdParams,
  GridApi,
  GridReadyEvent,
  IRowNode,
  NavigateToNextCellParams,
  SuppressKeyboardEventParams,
  TabToNextCellParams,
} from 'ag-grid-community';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { AmountInputErrorCode } from '../src/domain/amount-expression';
import { formatCents, formatCentsForEdit } from '../src/domain/money';
import { extendRange, rangeBounds, rangeToTsv, type CellRange, type RangeBounds, type RangeStep } from './cell-range';
import { toEntryColDefs, type EntryColumnContext } from './column-defs';
import type { DigitUnitLabel } from './digit-header';
import { ENTRY_GRID_MODULES, entryGridTheme } from './entry-grid-setup';
import { arrowDownTarget, firstEntryColId, nextEntryTarget, previousEntryCell, rowEdgeCell, sheetEdgeCell, tabTarget } from './entry-order';
import { cellErrorText, copyRefusalText, inputNotSavedText } from './grid-messages';
import { keyNameOf, matchKeyBinding, type GridCommand } from './key-bindings';
import { kitContextOf, type EntryKitContext, type MoveAfterEdit, type TotalsLabelValue } from './kit-context';
import { planPaste, type PasteError } from './paste';
import { RowMenu, type RowMenuAnchor } from './row-menu';
import { balancePlan, canRedo, canUndo, copyFromRowValue, otherSideField, reduceSheet, rowIndexOf, type SheetEvent, type SheetState } from './sheet';
import {
  amountLimitsOf,
  cellValue,
  displayText,
  emptyValueOf,
  findColumn,
  findDataColumn,
  isApplicable,
  isDataColumn,
  isEmptyValue,
  type CellValue,
  type SheetRow,
  type SheetSchema,
} from './sheet-schema';
import { TOTALS_ROW_ID, sameTotals, sheetTotals, totalInUppercase, type SheetTotals } from './totals';
import { useGridHotkeys } from './use-grid-hotkeys';
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
  | { kind: 'refused'; message: string };

export interface EntryGridHandle {
  focusCell: (rowId: string, colId: string) => void;
  /** The first entry cell of the first row. */
  focusFirstCell: () => void;
  /** Runs a command on the caret's cell, as its key would (toolbar buttons). */
  runCommand: (command: GridCommand) => void;
  api: () => GridApi | null;
}

export interface EntryGridProps<R extends SheetRow> {
  schema: SheetSchema<R>;
  state: SheetState<R>;
  dispatch: (event: SheetEvent<R>) => void;
  /** A locked document (the sheet's own `locked` flag counts too): no edit is previewed or sent. */
  readOnly?: boolean;
  /** Picker hooks by the columns' `picker` ids. */
  pickers?: Partial<Record<string, PickerHook<R>>>;
  /** The totals row's label (default: the totals label and any debit/credit difference). */
  totalsLabel?: (totals: SheetTotalsView) => ReactNode;
  /** Paste results and refused commands; default: a Mantine notification. */
  onReport?: (report: GridReport) => void;
  /** Pixel height, or 'auto' to show every row (default). */
  height?: number | 'auto';
  /** Focus the first entry cell once the grid is ready. */
  autoFocus?: boolean;
  /** Called once the first rows are rendered and the grid takes keys. */
  onInteractive?: () => void;
  testId?: string;
  handleRef?: Ref<EntryGridHandle>;
}

interface FocusTarget {
  rowId: string;
  colId: string;
}

/** Where the caret goes after an edit: a cell, or the first cell of rows still to be added. */
type CaretMove = { kind: 'cell'; rowId: string; colId: string } | { kind: 'append'; colId: string };

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

/** The pinned totals row: the sums under the amount columns, the label cell's figures and words. */
function totalsRow<R extends SheetRow>(schema: SheetSchema<R>, totals: SheetTotals, language: string): R {
  const row: Record<string, unknown> = { id: TOTALS_ROW_ID, ...totals.byField };
  if (schema.totalsLabelColumn) row[schema.totalsLabelColumn] = { ...totals, uppercase: totalInUppercase(totals), language } satisfies TotalsLabelValue;
  return row as unknown as R;
}

function isEditableTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
}

const RANGE_STEPS: Record<string, RangeStep> = { up: 'up', down: 'down', left: 'left', right: 'right', home: 'home', end: 'end' };

export function EntryGrid<R extends SheetRow>(props: EntryGridProps<R>) {
  const { schema, state, dispatch, pickers, totalsLabel, onReport, height = 'auto', autoFocus = false, onInteractive, testId, handleRef } = props;
  const { t, i18n } = useTranslation('grid');
  const readOnly = Boolean(props.readOnly) || state.locked;
  const containerRef = useRef<HTMLDivElement>(null);
  const apiRef = useRef<GridApi<R> | null>(null);
  const latest = useRef(state);
  /** The state of the last render, and how many renders brought a new one. */
  const rendered = useRef(state);
  const renders = useRef(0);
  const readOnlyRef = useRef(readOnly);
  /** The block Ctrl+C copies (Shift+arrows), with its row and column bounds. */
  const range = useRef<{ range: CellRange; bounds: RangeBounds } | null>(null);
  const [menu, setMenu] = useState<(RowMenuAnchor & FocusTarget) | null>(null);
  const scope = `entry-grid-${useId()}`;
  // The context object keeps its identity (AG Grid holds it); its members are the latest ones.
  const kit = useMemo(() => ({ closing: false, selection: null }) as unknown as EntryKitContext<R>, []);

  useLayoutEffect(() => {
    latest.current = state;
    rendered.current = state;
    renders.current++;
  }, [state]);

  useLayoutEffect(() => {
    readOnlyRef.current = readOnly;
  }, [readOnly]);

  const scrollsItself = height !== 'auto';
  const focusCell = useCallback(
    (rowId: string, colId: string) => {
      const api = apiRef.current;
      const node = api?.getRowNode(rowId);
      if (!api || !node || node.rowIndex === null || node.rowIndex === undefined || node.rowPinned) return;
      // A grid that shows every row has nothing to scroll (the page follows the focused cell), and asking costs a layout.
      if (scrollsItself) {
        api.ensureIndexVisible(node.rowIndex);
        api.ensureColumnVisible(colId);
      }
      api.setFocusedCell(node.rowIndex, colId);
    },
    [scrollsItself],
  );

  /**
   * Hands rows and the totals row to AG Grid, skipping what it already shows (the store's copy of
   * a change the grid has already drawn holds new objects with the same values). With the same
   * rows in the same order only the rows whose values changed get their new data; adding,
   * removing or moving rows hands over the whole list (AG Grid matches it by `getRowId`).
   */
  const shown = useRef<{ rows: readonly R[]; totals: SheetTotals; language: string } | null>(null);
  const showRows = useCallback(
    (rows: readonly R[]) => {
      const api = apiRef.current;
      if (!api) return;
      const current = shown.current;
      if (!current || !sameIds(current.rows, rows)) api.setGridOption('rowData', rows as R[]);
      else if (current.rows !== rows) {
        for (let i = 0; i < rows.length; i++) {
          if (current.rows[i] !== rows[i] && !sameRow(current.rows[i], rows[i])) api.getRowNode(rows[i].id)?.updateData(rows[i]);
        }
      }
      const totals = sheetTotals(schema, rows);
      const language = i18n.language;
      if (!current || current.language !== language || !sameTotals(current.totals, totals)) {
        const pinned = totalsRow(schema, totals, language);
        const node = current ? api.getPinnedBottomRow(0) : undefined;
        if (node) node.updateData(pinned);
        else api.setGridOption('pinnedBottomRowData', [pinned]);
      }
      shown.current = { rows, totals, language };
    },
    [schema, i18n.language],
  );

  const selectRange = useCallback(
    (next: CellRange | null) => {
      const api = apiRef.current;
      const before = range.current?.bounds;
      const bounds = next ? rangeBounds(schema, latest.current.rows, next) : null;
      if (!before && !bounds) return;
      range.current = next && bounds ? { range: next, bounds } : null;
      kit.selection = bounds;
      // Redraw the rows the block covered or covers now (their cells' classes).
      const rows = latest.current.rows;
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
    [schema, kit],
  );

  /**
   * Applies an event: the preview state moves the caret at once, AG Grid is given the new rows in
   * this very task (through React props it would draw them a frame later), and the screen's store
   * gets the event. The store re-renders with its own copy of the change; should it refuse the
   * event, the grid goes back to the store's rows two frames later. `prepared` is the preview
   * when the caller has computed it already. A read-only grid previews and sends nothing.
   */
  const send = useCallback(
    (event: SheetEvent<R>, prepared?: SheetState<R>): SheetState<R> => {
      const prev = latest.current;
      if (readOnlyRef.current) return prev;
      const next = prepared ?? reduceSheet(schema, prev, event);
      // The sheet itself refuses the event or nothing changes: the store would say the same.
      if (next === prev) return prev;
      latest.current = next;
      if (range.current) selectRange(null);
      if (next.rows !== prev.rows) {
        showRows(next.rows);
        const seen = renders.current;
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            if (renders.current !== seen) return;
            latest.current = rendered.current;
            showRows(rendered.current.rows);
          }),
        );
      }
      dispatch(event);
      return next;
    },
    [schema, dispatch, showRows, selectRange],
  );

  // Rows that come from the store itself (loading a document, another view's edit).
  useLayoutEffect(() => {
    showRows(state.rows);
  }, [state.rows, showRows]);

  const focusedCell = useCallback((): FocusTarget | null => {
    const api = apiRef.current;
    const cell = api?.getFocusedCell();
    if (!api || !cell || cell.rowPinned) return null;
    const node = api.getDisplayedRowAtIndex(cell.rowIndex);
    if (!node?.data || node.data.id === TOTALS_ROW_ID) return null;
    return { rowId: node.data.id, colId: cell.column.getColId() };
  }, []);

  const report = useCallback(
    (r: GridReport) => {
      if (onReport) {
        onReport(r);
        return;
      }
      if (r.kind === 'refused') {
        notifications.show({ color: 'red', message: r.message, autoClose: 4000 });
        return;
      }
      if (r.errors.length === 0) return;
      notifications.show({
        color: r.accepted > 0 ? 'orange' : 'red',
        title: t('paste.reportTitle', { accepted: r.accepted, rejected: r.errors.length }),
        message: r.messages.slice(0, 12).join('\n') + (r.messages.length > 12 ? `\n${t('paste.more', { count: r.messages.length - 12 })}` : ''),
        autoClose: 12000,
        withCloseButton: true,
        style: { whiteSpace: 'pre-line' },
      });
    },
    [onReport, t],
  );

  const headerOf = useCallback(
    (field: string | null) => {
      const column = field ? findColumn(schema, field) : undefined;
      return column ? t(column.headerKey) : t('paste.noColumn');
    },
    [schema, t],
  );

  /** An amount or paste error in a column, with that column's own maximum. */
  const errorText = useCallback((code: AmountInputErrorCode | string, field: string | null) => cellErrorText(t, code, field ? findDataColumn(schema, field) : undefined), [schema, t]);

  /** Where the caret goes from a cell along the entry order, in the given rows. */
  const caretAfter = useCallback(
    (rows: readonly R[], from: FocusTarget, move: MoveAfterEdit): CaretMove | null => {
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
    [schema],
  );

  /** Adds rows at the end (Enter past the last row, arrow-down on a sheet that grows by it) and puts the caret in the first one. */
  const appendAndFocus = useCallback(
    (colId: string, count?: number) => {
      const before = latest.current.rows.length;
      const next = send({ type: 'sheet.appendRows', count });
      const added = next.rows[before];
      if (added) focusCell(added.id, colId);
    },
    [send, focusCell],
  );

  /** Moves the caret from a cell along the entry order, adding rows past the last one. */
  const moveFrom = useCallback(
    (from: FocusTarget, move: MoveAfterEdit) => {
      const caret = caretAfter(latest.current.rows, from, move);
      if (!caret) return;
      if (caret.kind === 'cell') focusCell(caret.rowId, caret.colId);
      else if (!readOnlyRef.current) appendAndFocus(caret.colId);
    },
    [caretAfter, focusCell, appendAndFocus],
  );

  const openMenuAt = useCallback((cell: FocusTarget, x: number, y: number) => setMenu({ ...cell, x, y }), []);

  const openPicker = useCallback(
    (rowId: string, field: string, query: string): boolean => {
      const column = findDataColumn(schema, field);
      const hook = column?.picker ? pickers?.[column.picker] : undefined;
      const rows = latest.current.rows;
      const row = rows[rowIndexOf(rows, rowId)];
      if (!column || !hook || !row || readOnly || !isApplicable(column, row)) return false;
      apiRef.current?.stopEditing(true);
      // Focus returns after the picker has closed (its focus trap would take it back otherwise).
      const later = (fn: () => void) => requestAnimationFrame(() => requestAnimationFrame(fn));
      hook({
        rowId,
        row,
        field,
        value: cellValue(row, field),
        query,
        commit: (value) => {
          if (readOnlyRef.current) {
            report({ kind: 'refused', message: t('readOnly') });
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
    [schema, pickers, readOnly, send, moveFrom, focusCell, report, t],
  );

  /** Space: the amount to the other side; on an empty amount the caret goes there. */
  const toOtherSide = useCallback(
    (cell: FocusTarget, cents: number | null | undefined) => {
      const rows = latest.current.rows;
      const row = rows[rowIndexOf(rows, cell.rowId)];
      const other = otherSideField(schema, cell.colId);
      if (!row || other === null) return;
      const value = cents === undefined ? cellValue(row, cell.colId) : cents;
      if (isEmptyValue(value)) {
        focusCell(cell.rowId, other);
        return;
      }
      const before = latest.current;
      const next = send({ type: 'sheet.moveToOtherSide', rowId: cell.rowId, field: cell.colId, ...(cents === undefined ? {} : { value: cents }) });
      if (next !== before && next.focus) focusCell(next.focus.rowId, next.focus.field);
    },
    [schema, send, focusCell],
  );

  /** `=`: the balancing amount, on the other side when it would be negative here. */
  const balance = useCallback(
    (cell: FocusTarget) => {
      const plan = balancePlan(schema, latest.current.rows, cell.rowId, cell.colId);
      if (!plan) return;
      const target = findDataColumn(schema, plan.field);
      const max = amountLimitsOf(target).maxAbsCents;
      if (max !== undefined && Math.abs(plan.cents) > max) {
        report({ kind: 'refused', message: errorText('AMOUNT_ABOVE_MAXIMUM', plan.field) });
        return;
      }
      send({ type: 'sheet.balance', rowId: cell.rowId, field: cell.colId });
      focusCell(cell.rowId, plan.field);
    },
    [schema, send, focusCell, report, errorText],
  );

  const run = useCallback(
    (command: GridCommand, cell: FocusTarget | null) => {
      const rows = latest.current.rows;
      const rowIndex = cell ? rowIndexOf(rows, cell.rowId) : -1;
      const row = rows[rowIndex];
      const column = cell ? findColumn(schema, cell.colId) : undefined;
      const field = column && isDataColumn(column) ? column.field : undefined;
      const before = latest.current;
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
          const el = containerRef.current?.querySelector<HTMLElement>(`.ag-row[row-id="${CSS.escape(cell.rowId)}"] .ag-cell[col-id="${CSS.escape(cell.colId)}"]`);
          const rect = el?.getBoundingClientRect();
          openMenuAt(cell, rect ? rect.left : 0, rect ? rect.bottom : 0);
          return;
        }
        case 'copyCell':
        case 'extendSelection':
          return; // copy: the browser's copy event follows (the container fills the clipboard); selection: see the key handler
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
    [schema, send, focusCell, moveFrom, openMenuAt, openPicker, balance, toOtherSide],
  );

  // The label is drawn from the figures the totals row carries (AG Grid may redraw it before this component re-renders).
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

  useLayoutEffect(() => {
    Object.assign(kit, {
      schema,
      readOnly,
      t,
      amountErrorText: (code: AmountInputErrorCode, field: string) => errorText(code, field),
      renderTotalsLabel,
      commitEdit: (rowId: string, field: string, value: CellValue, move: MoveAfterEdit) => {
        const event: SheetEvent<R> = { type: 'sheet.setCell', rowId, field, value };
        const prev = latest.current;
        const next = readOnlyRef.current ? prev : reduceSheet(schema, prev, event);
        const caret = caretAfter(next.rows, { rowId, colId: field }, move);
        // Move the caret before the rows change: the page is still laid out, so focusing costs no
        // layout. Focus leaving the cell closes the editor (AG Grid); `closing` tells the editor
        // that its value is committed here, so it neither keeps nor reports it.
        if (caret?.kind === 'cell' && (caret.rowId !== rowId || caret.colId !== field)) {
          kit.closing = true;
          try {
            focusCell(caret.rowId, caret.colId);
          } finally {
            kit.closing = false;
          }
        }
        apiRef.current?.stopEditing(true);
        send(event, next);
        if (caret?.kind === 'append') {
          if (readOnlyRef.current) focusCell(rowId, field);
          else appendAndFocus(caret.colId);
        } else if (!caret) focusCell(rowId, field);
      },
      cancelEdit: () => {
        const cell = focusedCell();
        apiRef.current?.stopEditing(true);
        if (cell) focusCell(cell.rowId, cell.colId);
      },
      commandFromEditor: (command: GridCommand, rowId: string, field: string) => {
        apiRef.current?.stopEditing(true);
        focusCell(rowId, field);
        if (!readOnlyRef.current) run(command, { rowId, colId: field });
      },
      moveToOtherSide: (rowId: string, field: string, cents: number | null | undefined) => {
        apiRef.current?.stopEditing(true);
        focusCell(rowId, field);
        if (!readOnlyRef.current) toOtherSide({ rowId, colId: field }, cents);
      },
      copyFromRow: (rowId: string, field: string, from: 'previous' | 'first') => {
        const copied = copyFromRowValue(schema, latest.current.rows, rowId, field, from);
        const refusal = copyRefusalText(t, copied);
        if (refusal !== null) return refusal;
        apiRef.current?.stopEditing(true);
        send({ type: 'sheet.copyFromRow', rowId, field, from });
        focusCell(rowId, field);
        return null;
      },
      reportInputNotSaved: (rowId: string, field: string, text: string, reason: string) => {
        const rowIndex = rowIndexOf(latest.current.rows, rowId);
        report({ kind: 'refused', message: inputNotSavedText(t, rowIndex, headerOf(field), text, reason) });
      },
      openPicker,
      valueOf: (rowId: string, field: string) => {
        const rows = latest.current.rows;
        const row = rows[rowIndexOf(rows, rowId)];
        return row ? cellValue(row, field) : null;
      },
    } satisfies Omit<EntryKitContext<R>, 'closing' | 'selection'>);
  });

  useGridHotkeys(containerRef, scope, (event) => {
    if (isEditableTarget(event.target)) return;
    const cell = focusedCell();
    const column = cell ? findColumn(schema, cell.colId) : undefined;
    if ((event.key === 'Process' || event.keyCode === 229) && cell && !readOnly && (column?.kind === 'text' || column?.kind === 'lookup')) {
      // An input method (pinyin) composes outside any input: open the editor so the composition lands in it.
      const node = apiRef.current?.getRowNode(cell.rowId);
      const rows = latest.current.rows;
      const row = rows[rowIndexOf(rows, cell.rowId)];
      if (node?.rowIndex != null && row && isApplicable(column, row)) apiRef.current?.startEditingCell({ rowIndex: node.rowIndex, colKey: cell.colId });
      return;
    }
    if (event.key === 'Escape' && range.current) {
      selectRange(null);
      return;
    }
    const binding = matchKeyBinding(event, column?.kind === 'amount' ? 'amount' : 'other');
    if (!binding) return;
    // '-' on an empty amount cell starts typing a negative amount (AG Grid opened the editor with it).
    if (binding.command === 'negate' && cell && isEmptyValue(kit.valueOf(cell.rowId, cell.colId))) return;
    if (!cell && binding.command !== 'undo' && binding.command !== 'redo' && binding.command !== 'appendRow') return;
    if (binding.command !== 'copyCell') event.preventDefault();
    if (binding.command === 'extendSelection') {
      const step = RANGE_STEPS[keyNameOf(event)];
      if (cell && step) selectRange(extendRange(schema, latest.current.rows, range.current?.range ?? null, cell, step));
      return;
    }
    if (binding.mutates && readOnly) return;
    run(binding.command, cell);
  });

  // Paste (Ctrl+V) and copy (Ctrl+C) go through the browser's clipboard events. With nothing
  // selected on the page the browser only fires them when `beforecopy`/`beforepaste` are
  // cancelled: that is what tells it the page handles the clipboard itself.
  useEffect(() => {
    const container = containerRef.current;
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
      if (readOnly) {
        report({ kind: 'refused', message: t('readOnly') });
        return;
      }
      const plan = planPaste(schema, latest.current.rows, cell, text);
      if (plan.event) send(plan.event);
      focusCell(cell.rowId, cell.colId);
      const messages = plan.errors.map((err) => t('paste.errorLine', { row: err.rowIndex + 1, column: headerOf(err.field), text: err.text, reason: errorText(err.code, err.field) }));
      report({ kind: 'paste', accepted: plan.accepted, errors: plan.errors, messages });
    };
    const onCopy = (e: ClipboardEvent) => {
      if (isEditableTarget(e.target) || !e.clipboardData) return;
      const cell = focusedCell();
      const rows = latest.current.rows;
      if (range.current) {
        e.clipboardData.setData('text/plain', rangeToTsv(schema, rows, range.current.bounds));
        e.preventDefault();
        return;
      }
      const column = cell ? findDataColumn(schema, cell.colId) : undefined;
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
  }, [schema, readOnly, send, focusedCell, focusCell, report, headerOf, errorText, t]);

  useImperativeHandle(
    handleRef,
    () => ({
      focusCell,
      focusFirstCell: () => {
        const first = latest.current.rows[0];
        if (first) focusCell(first.id, firstEntryColId(schema, first));
      },
      runCommand: (command: GridCommand) => {
        const cell = focusedCell();
        if (readOnlyRef.current && command !== 'moveNext' && command !== 'movePrevious' && command !== 'copyCell') {
          report({ kind: 'refused', message: t('readOnly') });
          return;
        }
        run(command, cell);
      },
      api: () => apiRef.current,
    }),
    [focusCell, focusedCell, schema, run, report, t],
  );

  const columnDefs = useMemo<ColDef<R>[]>(() => {
    // Headers and digit units follow the language (`t` alone keeps its identity across a language change).
    void i18n.language;
    const units = t('digits.header', { returnObjects: true }) as DigitUnitLabel[];
    const unitNames = t('digits.names', { returnObjects: true }) as string[];
    return toEntryColDefs(schema, { t, units, unitNames });
  }, [schema, t, i18n.language]);

  const defaultColDef = useMemo<ColDef<R>>(
    () => ({
      sortable: false,
      suppressHeaderMenuButton: true,
      suppressMovable: true,
      resizable: true,
      // The kit knows its value types; AG Grid need not infer them from the rows.
      cellDataType: false,
      suppressKeyboardEvent: (p: SuppressKeyboardEventParams<R>) => {
        if (p.editing) return false;
        const kind = (p.colDef.context as EntryColumnContext | undefined)?.kind;
        const binding = matchKeyBinding(p.event, kind === 'amount' ? 'amount' : 'other');
        if (binding) return !(binding.command === 'negate' && p.data && p.colDef.field && isEmptyValue(kitContextOf<R>(p.context).valueOf(p.data.id, p.colDef.field)));
        const e = p.event;
        // An amount cell starts editing only with what can begin an amount or a calculation.
        return kind === 'amount' && e.key.length === 1 && !e.ctrlKey && !e.altKey && !e.metaKey && !/^[0-9.(]$/.test(e.key);
      },
    }),
    [],
  );

  const getRowId = useCallback((p: GetRowIdParams<R>) => p.data.id, []);

  const onGridReady = useCallback(
    (e: GridReadyEvent<R>) => {
      apiRef.current = e.api;
      shown.current = null;
      showRows(latest.current.rows);
    },
    [showRows],
  );

  const onFirstDataRendered = useCallback(() => {
    if (autoFocus) {
      const first = latest.current.rows[0];
      if (first) focusCell(first.id, firstEntryColId(schema, first));
    }
    onInteractive?.();
  }, [autoFocus, focusCell, schema, onInteractive]);

  // Row numbers come from the row index: redraw them when rows were added, removed or moved.
  const rowOrder = useRef('');
  const onRowDataUpdated = useCallback(() => {
    const api = apiRef.current;
    const index = schema.columns.find((c) => c.kind === 'index');
    if (!api || !index || isDataColumn(index)) return;
    const ids: string[] = [];
    for (let i = 0; i < api.getDisplayedRowCount(); i++) ids.push(api.getDisplayedRowAtIndex(i)?.id ?? '');
    const order = ids.join('\n');
    if (order === rowOrder.current) return;
    rowOrder.current = order;
    api.refreshCells({ columns: [index.colId], force: true });
  }, [schema]);

  const onCellEditRequest = useCallback(
    (e: CellEditRequestEvent<R>) => {
      const field = e.colDef.field;
      if (!field || e.node.rowPinned || !e.data || readOnlyRef.current) return;
      const column = findDataColumn(schema, field);
      if (!column) return;
      let value = (e.newValue ?? null) as CellValue;
      if (column.kind === 'amount' && typeof value !== 'number') value = null;
      send({ type: 'sheet.setCell', rowId: e.data.id, field, value });
    },
    [schema, send],
  );

  // A caret moved by anything but Shift+arrows leaves the copied block behind.
  const onCellFocused = useCallback(
    (e: CellFocusedEvent<R>) => {
      const current = range.current?.range.anchor;
      if (!current) return;
      const node = typeof e.rowIndex === 'number' ? e.api.getDisplayedRowAtIndex(e.rowIndex) : undefined;
      const colId = e.column && typeof e.column !== 'string' ? e.column.getColId() : e.column;
      if (node?.id !== current.rowId || colId !== current.colId) selectRange(null);
    },
    [selectRange],
  );

  const navigateToNextCell = useCallback(
    (p: NavigateToNextCellParams<R>): CellPosition | null => {
      const next = p.nextCellPosition;
      if (next && !next.rowPinned) return next;
      // Arrow-down on the last row of a sheet that grows by it (auxiliary-rows popup) adds a row.
      if (p.key === 'ArrowDown' && !p.previousCellPosition.rowPinned && !readOnlyRef.current) {
        const rows = latest.current.rows;
        const node = p.api.getDisplayedRowAtIndex(p.previousCellPosition.rowIndex);
        const colId = p.previousCellPosition.column.getColId();
        const target = node?.data ? arrowDownTarget(schema, rows, { rowIndex: rowIndexOf(rows, node.data.id), colId }) : null;
        if (target?.kind === 'append') queueMicrotask(() => appendAndFocus(colId, 1));
      }
      return null;
    },
    [schema, appendAndFocus],
  );

  const tabToNextCell = useCallback(
    (p: TabToNextCellParams<R>): CellPosition | boolean => {
      const api = p.api;
      const prevNode = p.previousCellPosition.rowPinned ? undefined : api.getDisplayedRowAtIndex(p.previousCellPosition.rowIndex);
      const rows = latest.current.rows;
      const from = prevNode?.data ? rowIndexOf(rows, prevNode.data.id) : -1;
      if (from < 0) return false;
      const target = tabTarget(schema, rows, { rowIndex: from, colId: p.previousCellPosition.column.getColId() }, p.backwards);
      if (!target) return false;
      const node = api.getRowNode(rows[target.rowIndex].id);
      const column = api.getColumn(target.colId);
      if (!node || node.rowIndex === null || node.rowIndex === undefined || !column) return false;
      return { rowIndex: node.rowIndex, column, rowPinned: null };
    },
    [schema],
  );

  const onCellContextMenu = useCallback(
    (e: CellContextMenuEvent<R>) => {
      if (e.node.rowPinned || !e.data) return;
      const mouse = e.event as MouseEvent | null;
      const colId = e.column.getColId();
      focusCell(e.data.id, colId);
      openMenuAt({ rowId: e.data.id, colId }, mouse?.clientX ?? 0, mouse?.clientY ?? 0);
    },
    [focusCell, openMenuAt],
  );

  // Choosing an item also closes the menu: whichever comes first takes the anchor, so the caret is placed once.
  const menuCell = useRef<FocusTarget | null>(null);
  useEffect(() => {
    menuCell.current = menu;
  }, [menu]);

  const onMenuCommand = (command: GridCommand) => {
    const cell = menuCell.current;
    menuCell.current = null;
    setMenu(null);
    if (!cell) return;
    requestAnimationFrame(() => {
      focusCell(cell.rowId, cell.colId);
      run(command, cell);
    });
  };

  const onMenuClose = () => {
    const cell = menuCell.current;
    menuCell.current = null;
    setMenu(null);
    if (cell) requestAnimationFrame(() => focusCell(cell.rowId, cell.colId));
  };

  // The grid element only changes with its options: the screen re-rendering with the store's copy
  // of an edit (every keystroke that commits) does not re-render AG Grid.
  const grid = useMemo(
    () => (
      <AgGridReact<R>
        modules={ENTRY_GRID_MODULES}
        theme={entryGridTheme}
        columnDefs={columnDefs}
        defaultColDef={defaultColDef}
        getRowId={getRowId}
        context={kit}
        readOnlyEdit
        onCellEditRequest={onCellEditRequest}
        stopEditingWhenCellsLoseFocus
        navigateToNextCell={navigateToNextCell}
        tabToNextCell={tabToNextCell}
        suppressNoRowsOverlay
        domLayout={height === 'auto' ? 'autoHeight' : 'normal'}
        suppressMovableColumns
        suppressDragLeaveHidesColumns
        preventDefaultOnContextMenu
        onCellContextMenu={onCellContextMenu}
        onCellFocused={onCellFocused}
        onGridReady={onGridReady}
        onFirstDataRendered={onFirstDataRendered}
        onRowDataUpdated={onRowDataUpdated}
        animateRows={false}
        // Entry sheets are short: drawing changed cells at once saves a frame per keystroke. A grid
        // that scrolls (a fixed height) keeps AG Grid's frame-by-frame row drawing.
        suppressAnimationFrame={!scrollsItself}
        suppressScrollOnNewData
      />
    ),
    [
      columnDefs,
      defaultColDef,
      getRowId,
      kit,
      onCellEditRequest,
      navigateToNextCell,
      tabToNextCell,
      height,
      onCellContextMenu,
      onCellFocused,
      onGridReady,
      onFirstDataRendered,
      onRowDataUpdated,
      scrollsItself,
    ],
  );

  return (
    <div
      ref={containerRef}
      className={`ld-entry-grid${readOnly ? ' ld-entry-grid--readonly' : ''}`}
      data-testid={testId ?? schema.id}
      data-readonly={readOnly || undefined}
      style={height === 'auto' ? undefined : { height }}
    >
      {grid}
      {menu && (
        <RowMenu
          anchor={menu}
          readOnly={readOnly}
          canUndo={canUndo(state)}
          canRedo={canRedo(state)}
          onCommand={onMenuCommand}
          onClose={onMenuClose}
          testId={`${testId ?? schema.id}-menu`}
        />
      )}
    </div>
  );
}
