/**
 * The entry grid: the AG Grid binding of the kit that the voucher, reimbursement, cash-bank
 * journal and auxiliary-rows screens plug their column data into.
 *
 * The grid never owns or mutates rows. It renders `state.rows` (read-only edit, `getRowId`) and
 * turns every edit, key command, menu choice and paste into a `SheetEvent` for `dispatch` — the
 * screen's reducer or machine applies `reduceSheet` and hands the new state back. To move the
 * caret right after an edit (before the screen re-renders) the grid applies the same pure
 * reducer to its latest state as a preview.
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
  CellPosition,
  ColDef,
  GetRowIdParams,
  GridApi,
  GridReadyEvent,
  NavigateToNextCellParams,
  SuppressKeyboardEventParams,
  TabToNextCellParams,
} from 'ag-grid-community';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { AmountInputErrorCode } from '../src/domain/amount-expression';
import { MAX_COST_CENTS } from '../src/domain/constants';
import { formatCents, formatCentsForEdit } from '../src/domain/money';
import { toEntryColDefs, type EntryColumnContext } from './column-defs';
import type { DigitUnitLabel } from './digit-header';
import { ensureEntryGridModules, entryGridTheme } from './entry-grid-setup';
import { firstEntryColId, nextEntryTarget, previousEntryCell, rowEdgeCell, sheetEdgeCell, tabTarget } from './entry-order';
import { matchKeyBinding, type GridCommand } from './key-bindings';
import { kitContextOf, type EntryKitContext, type MoveAfterEdit } from './kit-context';
import { planPaste, type PasteError } from './paste';
import { RowMenu, type RowMenuAnchor } from './row-menu';
import { balancingAmount, canRedo, canUndo, reduceSheet, rowIndexOf, type SheetEvent, type SheetState } from './sheet';
import {
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
import { TOTALS_ROW_ID, sheetTotals, totalInUppercase, type SheetTotals } from './totals';
import { useGridHotkeys } from './use-grid-hotkeys';
import type { SheetTotalsView } from './use-sheet';

ensureEntryGridModules();

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
  api: () => GridApi | null;
}

export interface EntryGridProps<R extends SheetRow> {
  schema: SheetSchema<R>;
  state: SheetState<R>;
  dispatch: (event: SheetEvent<R>) => void;
  /** A locked document (the sheet's own `locked` flag counts too). */
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

/** Same rows with the same values (flat rows: values compared field by field). */
function sameRows(a: readonly SheetRow[], b: readonly SheetRow[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as unknown as Record<string, unknown>;
    const y = b[i] as unknown as Record<string, unknown>;
    if (x === y) continue;
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length || keys.some((k) => x[k] !== y[k])) return false;
  }
  return true;
}

/** The pinned totals row: the sums under the amount columns, a key for the label cell that changes with the figures. */
function totalsRow<R extends SheetRow>(schema: SheetSchema<R>, totals: SheetTotals, language: string): R {
  const row: Record<string, unknown> = { id: TOTALS_ROW_ID, ...totals.byField };
  // A changing value makes AG Grid refresh the label cell whenever a total changes.
  if (schema.totalsLabelColumn) row[schema.totalsLabelColumn] = `${totals.totalCents}|${totals.differenceCents}|${language}`;
  return row as unknown as R;
}

function isEditableTarget(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable);
}

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
  const [menu, setMenu] = useState<(RowMenuAnchor & FocusTarget) | null>(null);
  const scope = `entry-grid-${useId()}`;

  useLayoutEffect(() => {
    latest.current = state;
    rendered.current = state;
    renders.current++;
  }, [state]);

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
   * Hands rows and the totals row to AG Grid, skipping what it already shows (the store's copy of a
   * change the grid has already drawn holds new objects with the same values).
   */
  const shown = useRef<{ rows: readonly R[]; totalsKey: string } | null>(null);
  const showRows = useCallback(
    (rows: readonly R[]) => {
      const api = apiRef.current;
      if (!api) return;
      const current = shown.current;
      if (!current || !sameRows(current.rows, rows)) api.setGridOption('rowData', rows as R[]);
      const pinned = totalsRow(schema, sheetTotals(schema, rows), i18n.language);
      const totalsKey = JSON.stringify(pinned);
      if (!current || current.totalsKey !== totalsKey) api.setGridOption('pinnedBottomRowData', [pinned]);
      shown.current = { rows, totalsKey };
    },
    [schema, i18n.language],
  );

  /**
   * Applies an event: the preview state moves the caret at once, AG Grid is given the new rows in
   * this very task (through React props it would draw them a frame later), and the screen's store
   * gets the event. The store re-renders with its own copy of the change; should it refuse the
   * event, the grid goes back to the store's rows two frames later.
   */
  const send = useCallback(
    (event: SheetEvent<R>): SheetState<R> => {
      const prev = latest.current;
      const next = reduceSheet(schema, prev, event);
      latest.current = next;
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
    [schema, dispatch, showRows],
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

  const headerOf = useCallback((field: string | null) => {
    const column = field ? findColumn(schema, field) : undefined;
    return column ? t(column.headerKey) : t('paste.noColumn');
  }, [schema, t]);

  const amountErrorText = useCallback(
    (code: AmountInputErrorCode | string) => t(`errors.${code}`, { max: formatCents(MAX_COST_CENTS) }),
    [t],
  );

  /** Moves the caret from a cell along the entry order, adding rows past the last one. */
  const moveFrom = useCallback(
    (from: FocusTarget, move: MoveAfterEdit) => {
      const rows = latest.current.rows;
      const rowIndex = rowIndexOf(rows, from.rowId);
      if (rowIndex < 0) return;
      if (move === 'stay') {
        focusCell(from.rowId, from.colId);
        return;
      }
      if (move === 'previous') {
        const prev = previousEntryCell(schema, rows, { rowIndex, colId: from.colId });
        if (prev) focusCell(rows[prev.rowIndex].id, prev.colId);
        return;
      }
      const target = nextEntryTarget(schema, rows, { rowIndex, colId: from.colId });
      if (target.kind === 'cell') {
        focusCell(rows[target.cell.rowIndex].id, target.cell.colId);
        return;
      }
      if (readOnly) return;
      const next = send({ type: 'sheet.appendRows' });
      const added = next.rows[rows.length];
      if (added) focusCell(added.id, target.colId);
    },
    [schema, focusCell, send, readOnly],
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
          send({ type: 'sheet.setCell', rowId, field, value });
          later(() => moveFrom({ rowId, colId: field }, 'next'));
        },
        cancel: () => later(() => focusCell(rowId, field)),
      });
      return true;
    },
    [schema, pickers, readOnly, send, moveFrom, focusCell],
  );

  const run = useCallback(
    (command: GridCommand, cell: FocusTarget | null) => {
      const rows = latest.current.rows;
      const rowIndex = cell ? rowIndexOf(rows, cell.rowId) : -1;
      const row = rows[rowIndex];
      const column = cell ? findColumn(schema, cell.colId) : undefined;
      const field = column && isDataColumn(column) ? column.field : undefined;
      const focusAfter = (next: SheetState<R>) => {
        if (next.focus) focusCell(next.focus.rowId, next.focus.field);
      };
      if (command === 'undo' || command === 'redo') {
        const before = latest.current;
        const next = send({ type: command === 'undo' ? 'sheet.undo' : 'sheet.redo' });
        if (next !== before) focusAfter(next);
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
          return; // the browser's copy event follows; the container's copy listener fills the clipboard
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
        case 'balance': {
          const value = balancingAmount(schema, rows, cell.rowId, field);
          const max = dataColumn.limits?.maxAbsCents ?? MAX_COST_CENTS;
          if (value !== null && Math.abs(value) > max) {
            report({ kind: 'refused', message: amountErrorText('AMOUNT_ABOVE_MAXIMUM') });
            return;
          }
          send({ type: 'sheet.balance', rowId: cell.rowId, field });
          focusCell(cell.rowId, field);
          return;
        }
        case 'otherSide':
          focusAfter(send({ type: 'sheet.moveToOtherSide', rowId: cell.rowId, field }));
          return;
        case 'negate':
          send({ type: 'sheet.negate', rowId: cell.rowId, field });
          return;
      }
    },
    [schema, send, focusCell, moveFrom, openMenuAt, openPicker, report, amountErrorText],
  );

  const kit = useMemo(() => ({}) as EntryKitContext<R>, []);
  // The label is drawn from the latest rows: AG Grid may redraw it before this component re-renders.
  const renderTotalsLabel = () => {
    const figures = sheetTotals(schema, latest.current.rows);
    const view: SheetTotalsView = { ...figures, uppercase: totalInUppercase(figures) };
    if (totalsLabel) return totalsLabel(view);
    return (
      <span className="ld-totals-label">
        <span className="ld-totals-label__text">{t('totals.label')}</span>
        {view.differenceCents ? <span className="ld-totals-label__difference">{t('totals.difference', { amount: formatCents(view.differenceCents) })}</span> : null}
      </span>
    );
  };
  // The context object keeps its identity (AG Grid holds it); its members are the latest ones.
  useLayoutEffect(() => {
    Object.assign(kit, {
      schema,
      readOnly,
      t,
      amountErrorText,
      renderTotalsLabel,
      commitEdit: (rowId: string, field: string, value: CellValue, move: MoveAfterEdit) => {
        apiRef.current?.stopEditing(true);
        if (!readOnly) send({ type: 'sheet.setCell', rowId, field, value });
        moveFrom({ rowId, colId: field }, move);
      },
      cancelEdit: () => {
        const cell = focusedCell();
        apiRef.current?.stopEditing(true);
        if (cell) focusCell(cell.rowId, cell.colId);
      },
      commandFromEditor: (command: GridCommand, rowId: string, field: string) => {
        apiRef.current?.stopEditing(true);
        focusCell(rowId, field);
        if (!readOnly) run(command, { rowId, colId: field });
      },
      moveToOtherSide: (rowId: string, field: string, cents: number | null | undefined) => {
        apiRef.current?.stopEditing(true);
        focusCell(rowId, field);
        if (readOnly) return;
        const next = send(cents === undefined ? { type: 'sheet.moveToOtherSide', rowId, field } : { type: 'sheet.moveToOtherSide', rowId, field, value: cents });
        if (next.focus) focusCell(next.focus.rowId, next.focus.field);
      },
      copyFromRow: (rowId: string, field: string, from: 'previous' | 'first') => {
        apiRef.current?.stopEditing(true);
        if (!readOnly) send({ type: 'sheet.copyFromRow', rowId, field, from });
        focusCell(rowId, field);
      },
      openPicker,
      valueOf: (rowId: string, field: string) => {
        const rows = latest.current.rows;
        const row = rows[rowIndexOf(rows, rowId)];
        return row ? cellValue(row, field) : null;
      },
    } satisfies EntryKitContext<R>);
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
    const binding = matchKeyBinding(event, column?.kind === 'amount' ? 'amount' : 'other');
    if (!binding) return;
    // '-' on an empty amount cell starts typing a negative amount (AG Grid opened the editor with it).
    if (binding.command === 'negate' && cell && isEmptyValue(kit.valueOf(cell.rowId, cell.colId))) return;
    if (!cell && binding.command !== 'undo' && binding.command !== 'redo' && binding.command !== 'appendRow') return;
    if (binding.command !== 'copyCell') event.preventDefault();
    if (binding.mutates && readOnly) return;
    run(binding.command, cell);
  });

  // Paste (Ctrl+V) and copy (Ctrl+C) of the focused cell go through the browser's clipboard events.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
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
      const messages = plan.errors.map((err) =>
        t('paste.errorLine', { row: err.rowIndex + 1, column: headerOf(err.field), text: err.text, reason: t(`errors.${err.code}`, { max: formatCents(MAX_COST_CENTS) }) }),
      );
      report({ kind: 'paste', accepted: plan.accepted, errors: plan.errors, messages });
    };
    const onCopy = (e: ClipboardEvent) => {
      if (isEditableTarget(e.target)) return;
      const cell = focusedCell();
      const column = cell ? findDataColumn(schema, cell.colId) : undefined;
      const rows = latest.current.rows;
      const row = cell ? rows[rowIndexOf(rows, cell.rowId)] : undefined;
      if (!column || !row || !e.clipboardData) return;
      e.clipboardData.setData('text/plain', displayText(column, row, formatCentsForEdit));
      e.preventDefault();
    };
    container.addEventListener('paste', onPaste);
    container.addEventListener('copy', onCopy);
    return () => {
      container.removeEventListener('paste', onPaste);
      container.removeEventListener('copy', onCopy);
    };
  }, [schema, readOnly, send, focusedCell, focusCell, report, headerOf, t]);

  useImperativeHandle(
    handleRef,
    () => ({
      focusCell,
      focusFirstCell: () => {
        const first = latest.current.rows[0];
        if (first) focusCell(first.id, firstEntryColId(schema, first));
      },
      api: () => apiRef.current,
    }),
    [focusCell, schema],
  );

  const digitUnits = t('digits.header', { returnObjects: true }) as DigitUnitLabel[];
  const digitNames = t('digits.names', { returnObjects: true }) as string[];
  const columnDefs = useMemo<ColDef<R>[]>(
    () => toEntryColDefs(schema, { t, units: digitUnits, unitNames: digitNames }),
    // Headers follow the language; the unit arrays are read from the same resources.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [schema, t, i18n.language],
  );

  const defaultColDef = useMemo<ColDef<R>>(
    () => ({
      sortable: false,
      suppressHeaderMenuButton: true,
      suppressMovable: true,
      resizable: true,
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
      if (!field || e.node.rowPinned || !e.data || readOnly) return;
      const column = findDataColumn(schema, field);
      if (!column) return;
      let value = (e.newValue ?? null) as CellValue;
      if (column.kind === 'amount' && typeof value !== 'number') value = null;
      send({ type: 'sheet.setCell', rowId: e.data.id, field, value });
    },
    [schema, readOnly, send],
  );

  const navigateToNextCell = useCallback((p: NavigateToNextCellParams<R>): CellPosition | null => {
    const next = p.nextCellPosition;
    if (!next || next.rowPinned) return null;
    return next;
  }, []);

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

  return (
    <div
      ref={containerRef}
      className={`ld-entry-grid${readOnly ? ' ld-entry-grid--readonly' : ''}`}
      data-testid={testId ?? schema.id}
      data-readonly={readOnly || undefined}
      style={height === 'auto' ? undefined : { height }}
    >
      <AgGridReact<R>
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
        onGridReady={onGridReady}
        onFirstDataRendered={onFirstDataRendered}
        onRowDataUpdated={onRowDataUpdated}
        animateRows={false}
        // Entry sheets are short: drawing changed cells at once saves a frame per keystroke. A grid
        // that scrolls (a fixed height) keeps AG Grid's frame-by-frame row drawing.
        suppressAnimationFrame={!scrollsItself}
        suppressScrollOnNewData
      />
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
