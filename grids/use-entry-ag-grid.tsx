/**
 * The AG Grid element of an entry grid and its options: column definitions from the schema (they
 * follow the language), which keys AG Grid leaves to the kit, row ids, read-only edits that come
 * back as sheet events, and the caret's first cell. The
 * element only changes with its options: the screen re-rendering with the store's copy of an edit
 * (every keystroke that commits) does not re-render AG Grid.
 */
import { useCallback, useMemo, type ReactElement } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type { CellDoubleClickedEvent, CellEditRequestEvent, ColDef, GetRowIdParams, GridReadyEvent, SuppressKeyboardEventParams } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { toEntryColDefs, type EntryColumnContext } from './column-defs';
import { agGridLocaleText } from './list/ag-locale';
import type { DigitUnitLabel } from './digit-header';
import { ENTRY_GRID_MODULES, ENTRY_ROW_BUFFER, entryGridTheme } from './entry-grid-setup';
import { FULL_TEXT_GRID_OPTIONS } from './full-text';
import { GRID_SCROLLBAR_WIDTH_PX } from './scrollbar';
import { firstEntryColId } from './entry-order';
import { focusInOtherDialog } from './focus-first-cell';
import { landTypeAhead } from './type-ahead';
import { matchKeyBinding } from './key-bindings';
import { kitContextOf } from './kit-context';
import { findDataColumn, isEmptyValue, type CellValue, type SheetRow } from './sheet-schema';
import type { Caret } from './use-caret';
import type { CellRangeSelection } from './use-cell-range';
import type { GridCore } from './use-grid-core';
import type { GridMessages } from './use-grid-messages';
import type { RowMenuState } from './use-row-menu';
import type { SheetPreview } from './use-sheet-preview';

interface AgGridDeps<R extends SheetRow> {
  core: GridCore<R>;
  t: TFunction;
  language: string;
  /** The grid scrolls its rows itself (a fixed height, or more rows than `maxRows`): AG Grid's normal layout, rows virtualised. */
  scrolls: boolean;
  /**
   * The grid may come to scroll its rows (`maxRows`): its scrollbar's width is kept from the start,
   * so the columns keep their widths when the rows outgrow `maxRows` (AG Grid sizes flex columns
   * only when its viewport resizes, not when its scrollbar appears).
   */
  keepScrollbar: boolean;
  autoFocus: boolean;
  /** Where the caret lands instead of the first entry cell (`null`: nowhere); see EntryGridProps. */
  caretAt: { rowIndex: number; colId: string } | null | undefined;
  onInteractive: (() => void) | undefined;
  caret: Caret<R>;
  preview: SheetPreview<R>;
  range: CellRangeSelection<R>;
  rowMenu: RowMenuState<R>;
  messages: GridMessages;
}

/** AG Grid `suppressKeyboardEvent`: keys of the kit's table are the kit's; an amount cell starts editing only with what can begin an amount. */
function suppressKeyboardEvent<R extends SheetRow>(p: SuppressKeyboardEventParams<R>): boolean {
  if (p.editing) return false;
  const kind = (p.colDef.context as EntryColumnContext | undefined)?.kind;
  const binding = matchKeyBinding(p.event, kind === 'amount' ? 'amount' : 'other');
  if (binding) return !(binding.command === 'negate' && p.data && p.colDef.field && isEmptyValue(kitContextOf<R>(p.context).valueOf(p.data.id, p.colDef.field)));
  const e = p.event;
  return kind === 'amount' && e.key.length === 1 && !e.ctrlKey && !e.altKey && !e.metaKey && !/^[0-9.(]$/.test(e.key);
}

export function useEntryAgGrid<R extends SheetRow>(deps: AgGridDeps<R>): ReactElement {
  const { core, t, language, scrolls, keepScrollbar, autoFocus, caretAt, onInteractive, caret, preview, range, rowMenu, messages } = deps;
  const { schema } = core;

  const columnDefs = useMemo<ColDef<R>[]>(() => {
    // Headers and digit units follow the language (`t` alone keeps its identity across a language change).
    void language;
    const units = t('digits.header', { returnObjects: true }) as DigitUnitLabel[];
    const unitNames = t('digits.names', { returnObjects: true }) as string[];
    return toEntryColDefs(schema, { t, units, unitNames });
  }, [schema, t, language]);

  // AG Grid's own texts (its loading overlay, aria labels) in the UI language, as in the list grids.
  const localeText = useMemo(() => agGridLocaleText(language), [language]);

  const defaultColDef = useMemo<ColDef<R>>(
    () => ({
      sortable: false,
      suppressHeaderMenuButton: true,
      suppressMovable: true,
      resizable: true,
      // The kit knows its value types; AG Grid need not infer them from the rows.
      cellDataType: false,
      suppressKeyboardEvent,
    }),
    [],
  );

  const getRowId = useCallback((p: GetRowIdParams<R>) => p.data.id, []);

  const { showRows, resetShown, send } = preview;
  const onGridReady = useCallback(
    (e: GridReadyEvent<R>) => {
      core.apiRef.current = e.api;
      resetShown();
      showRows(core.latest.current.rows);
    },
    [core, showRows, resetShown],
  );
  // A destroyed grid is no grid: handlers that run after the page left (a frame, a timer) find no API
  // instead of calling one that answers with AG Grid warning #26.
  const onGridPreDestroyed = useCallback(() => {
    core.apiRef.current = null;
  }, [core]);

  const { focusCell } = caret;
  const onFirstDataRendered = useCallback(() => {
    // The caret goes to the first cell when the rows arrive, unless a dialog opened over the page meanwhile.
    if (autoFocus && caretAt !== null && !focusInOtherDialog(core.containerRef.current)) {
      const rows = core.latest.current.rows;
      const row = caretAt ? rows[Math.min(Math.max(caretAt.rowIndex, 0), rows.length - 1)] : rows[0];
      if (row) focusCell(row.id, caretAt && core.apiRef.current?.getColumn(caretAt.colId) ? caretAt.colId : firstEntryColId(schema, row));
      landTypeAhead(core.containerRef.current);
    }
    onInteractive?.();
  }, [core, schema, autoFocus, caretAt, focusCell, onInteractive]);

  const onCellEditRequest = useCallback(
    (e: CellEditRequestEvent<R>) => {
      const field = e.colDef.field;
      if (!field || e.node.rowPinned || !e.data || core.readOnlyRef.current) return;
      const column = findDataColumn(schema, field);
      if (!column) return;
      let value = (e.newValue ?? null) as CellValue;
      if (column.kind === 'amount' && typeof value !== 'number') value = null;
      send({ type: 'sheet.setCell', rowId: e.data.id, field, value });
    },
    [core, schema, send],
  );

  // A double click edits a cell: on a locked sheet it says why it does not.
  const { refuseLocked } = messages;
  const onCellDoubleClicked = useCallback(
    (e: CellDoubleClickedEvent<R>) => {
      if (core.readOnlyRef.current && !e.node.rowPinned && e.colDef.field && findDataColumn(schema, e.colDef.field)) refuseLocked();
    },
    [core, schema, refuseLocked],
  );

  const { navigateToNextCell, tabToNextCell } = caret;
  const { onCellFocused } = range;
  const { onCellContextMenu } = rowMenu;
  return useMemo(
    () => (
      <AgGridReact<R>
        modules={ENTRY_GRID_MODULES}
        theme={entryGridTheme}
        {...FULL_TEXT_GRID_OPTIONS}
        localeText={localeText}
        columnDefs={columnDefs}
        defaultColDef={defaultColDef}
        getRowId={getRowId}
        context={core.kit}
        readOnlyEdit
        onCellEditRequest={onCellEditRequest}
        stopEditingWhenCellsLoseFocus
        navigateToNextCell={navigateToNextCell}
        tabToNextCell={tabToNextCell}
        suppressNoRowsOverlay
        domLayout={scrolls ? 'normal' : 'autoHeight'}
        suppressMovableColumns
        // An entry sheet's headers do nothing (no sort, no menu): Tab into the grid lands on its first
        // cell, not on a header where the keys typed were lost.
        suppressHeaderFocus
        suppressDragLeaveHidesColumns
        preventDefaultOnContextMenu
        onCellContextMenu={onCellContextMenu}
        onCellDoubleClicked={onCellDoubleClicked}
        onCellFocused={onCellFocused}
        onGridReady={onGridReady}
        onGridPreDestroyed={onGridPreDestroyed}
        onFirstDataRendered={onFirstDataRendered}
        animateRows={false}
        // Rows are drawn in the task that changed them, also while a grid that scrolls itself
        // scrolls (Enter past the rows on screen): the key is painted in the next frame. A few
        // dozen rows are in the page at most, so drawing them at once never takes long.
        suppressAnimationFrame
        rowBuffer={ENTRY_ROW_BUFFER}
        scrollbarWidth={GRID_SCROLLBAR_WIDTH_PX}
        alwaysShowVerticalScroll={keepScrollbar}
        suppressScrollOnNewData
      />
    ),
    [
      localeText,
      columnDefs,
      defaultColDef,
      getRowId,
      core.kit,
      onCellEditRequest,
      navigateToNextCell,
      tabToNextCell,
      scrolls,
      keepScrollbar,
      onCellContextMenu,
      onCellDoubleClicked,
      onCellFocused,
      onGridReady,
      onGridPreDestroyed,
      onFirstDataRendered,
    ],
  );
}
