/**
 * The one list grid of the product (every list screen plugs in here): server-side paging through
 * the API's index/size, page sizes 10/15/30/50/100, a keyword box (Enter searches at once, typing
 * searches after 200 ms), server sorting mapped to the API's sort param, a selection column,
 * row double-click (and Enter on a row) to open, column widths saved per user, a loading overlay
 * and an empty text. PageDown on the last row goes on to the next page's first row, PageUp on the
 * first row back to the previous page's last row (a reader steps through every record by keys);
 * screens turn pages the same way through `pagerHandle` (the voucher list's F8). Column definitions are data (`<screen>.columns.ts`).
 *
 * A screen supplies `query(request)` → TanStack query options fetching one page, so lists share
 * the query-key hierarchy and refresh on invalidation like any other query.
 */
import { useEffect, useImperativeHandle, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { Alert, Box, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue, useElementSize, useMergedRef } from '@mantine/hooks';
import { useFillHeight } from './use-fill-height';
import { useAmountFit } from './amount-fit';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { AgGridReact } from 'ag-grid-react';
import type { CellEditRequestEvent, CellKeyDownEvent, ColDef, GridApi, RowClassRules, RowSelectionOptions, SortChangedEvent } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import type { ListAnswer } from '../../src/contract/common';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_LIMIT, SEARCH_DEBOUNCE_MS } from '../../src/domain/constants';
import { LIST_GRID_MODULES, listGridTheme } from './ag-setup';
import { GRID_SCROLLBAR_WIDTH_PX } from '../scrollbar';
import { agGridLocaleText } from './ag-locale';
import { FULL_TEXT_GRID_OPTIONS, fullTextTooltip, rendersWithFullText } from '../full-text';
import { INDEX_COL_ID, sortParamFromState, toColDefs, widthsFromState, type ListColumn, type SortParam } from './columns';
import { bindGridApi } from './bind-grid-api';
import { syncCellKeyDown } from './sync-cell-keys';
import { moveToEdgeRow } from './edge-rows';
import { PaginationBar } from './pagination-bar';
import { clampPage, edgePageTurn, lastPage, normalizePageSize, pageAfterSizeChange, rowNumber, toApiPaging } from './paging';
import { useColumnWidths, type ColumnWidthStore } from './use-column-widths';
import './list-grid.css';
import { FIELD_ROW } from './field-row';

/** Cut-off text shows whole in a tooltip when its cell is focused (grids/full-text.tsx). */
const LIST_DEFAULT_COL: ColDef = { tooltip: fullTextTooltip };

/** What the grid asks the screen's query for. */
export interface ListRequest {
  index: number;
  size: number;
  sort: SortParam;
  keyword: string;
}

// The key type is left open: each screen keeps its own hierarchical key shape.
export type ListQueryOptions<T> = UseQueryOptions<ListAnswer<T>, Error, ListAnswer<T>, any>;

/** Where a list stands: page, page size, sort and keyword (kept with a tab, see `kept`). */
export interface ListView {
  page: number;
  size: number;
  sort: SortParam;
  keyword: string;
}

/** An imperative handle on the keyword box (saved filters read and set it). */
export interface KeywordHandle {
  get(): string;
  /** Sets the box and searches at once, from page 1. */
  set(keyword: string): void;
}

/** An imperative handle on the pages (a screen stepping through every record: the voucher list's F8). */
export interface PagerHandle {
  /**
   * Shows the next (1) or previous (-1) page and, once it has arrived, focuses its first (next) or
   * last (previous) row in the column `colId` (else the first column); false when there is no such page.
   */
  turn(delta: 1 | -1, colId: string | null): boolean;
}

export interface ListGridProps<T> {
  /** Receives a handle on the keyword box. */
  keywordHandle?: Ref<KeywordHandle>;
  /** Receives a handle on the pages. */
  pagerHandle?: Ref<PagerHandle>;
  /** Stable id of the grid; the saved column widths are keyed by it (userData subKind). */
  gridId: string;
  /** Where the column widths are saved; default: the app's `ColumnWidthStoreContext` (none: default widths). */
  columnWidthStore?: ColumnWidthStore;
  columns: ListColumn<T>[];
  /** Query options for one page (use the screen's `admin-*.ts` options). */
  query: (request: ListRequest) => ListQueryOptions<T>;
  getRowId: (row: T) => string | number;
  renderers?: Record<string, ColDef<T>['cellRenderer']>;
  formatters?: Record<string, (value: unknown, row: T | undefined) => string>;
  /** 'multi' (default) shows a checkbox column; 'single' selects by click; 'none' disables selection. */
  selection?: 'multi' | 'single' | 'none';
  onSelectionChange?: (rows: T[]) => void;
  /** Double-click or Enter on a row. */
  onRowOpen?: (row: T) => void;
  /** Buttons shown left of the keyword box. */
  toolbar?: ReactNode;
  /** Extra filter inputs shown before the keyword box; changing `resetKey` returns to page 1. */
  filters?: ReactNode;
  resetKey?: unknown;
  searchable?: boolean;
  keywordPlaceholder?: string;
  /** false: one unpaged request (size = max page limit) and no pagination bar. */
  paged?: boolean;
  initialSort?: SortParam;
  initialPageSize?: number;
  /** Total height of the list (toolbar, grid, pagination); the grid takes what the bars leave. */
  height?: number | string;
  emptyText?: string;
  rowClassRules?: RowClassRules<T>;
  /** Inline edits arrive here (readOnlyEdit): call a mutation, never mutate the row. */
  onCellEditRequest?: (event: CellEditRequestEvent<T>) => void;
  /** Summary rows pinned under the list (a profit or total row); not selectable, no row actions. */
  pinnedBottomRowData?: T[];
  /** Passed to cell renderers as `context`. */
  context?: unknown;
  testId?: string;
  /** Focus the keyword box when the list mounts (pick-list popups). */
  autoFocusKeyword?: boolean;
  /** The row holding the focused cell (arrows move it), null when none: popups choose it with Sure. */
  onCurrentRowChange?: (row: T | null) => void;
  /** Changes the answer before it is shown (a picker caps keyword results at 100). */
  mapAnswer?: (answer: ListAnswer<T>, request: ListRequest) => ListAnswer<T>;
  /**
   * Where the list stood when it was last shown (a tab switched away and back): it comes back on
   * the same page, size, sort and keyword; `onViewChange` is told of every change to keep it.
   */
  kept?: ListView;
  onViewChange?: (view: ListView) => void;
  /** Told of every answer shown (after `mapAnswer`). */
  onAnswer?: (answer: ListAnswer<T>) => void;
  /** Receives the grid's API once it is ready (screens that move the focus themselves). */
  onGridApi?: (api: GridApi<T>) => void;
}

export function ListGrid<T>(props: ListGridProps<T>) {
  const {
    gridId, columns, query, getRowId, renderers, formatters, selection = 'multi', onSelectionChange, onRowOpen, toolbar, filters, resetKey,
    keywordHandle, pagerHandle, searchable = true, keywordPlaceholder, paged = true, initialSort, initialPageSize, height, emptyText, rowClassRules, onCellEditRequest, pinnedBottomRowData, context, testId,
    columnWidthStore, autoFocusKeyword, onCurrentRowChange, mapAnswer, onAnswer, onGridApi, kept, onViewChange,
  } = props;
  const { t, i18n } = useTranslation(['admin', 'common']);
  // The view the list came back to (read once, when it mounts).
  const [restored] = useState(() => kept ?? null);
  const [page, setPage] = useState(restored?.page ?? 1);
  const [size, setSize] = useState(() => normalizePageSize(restored?.size ?? initialPageSize ?? DEFAULT_PAGE_SIZE));
  const [sort, setSort] = useState<SortParam>(restored?.sort ?? initialSort ?? {});
  const [keywordInput, setKeywordInput] = useState(restored?.keyword ?? '');
  const [keyword, setKeyword] = useState(restored?.keyword ?? '');
  const [debouncedKeyword] = useDebouncedValue(keywordInput, SEARCH_DEBOUNCE_MS);
  const apiRef = useRef<GridApi<T> | null>(null);
  // The API from the moment the grid has one, not from its (queued) onGridReady: ./bind-grid-api.ts.
  const bindApi = useMemo(() => bindGridApi(apiRef), []);
  const { ref, width } = useElementSize();
  // Without a given height the list fills the page down to the window's bottom edge.
  const box = useRef<HTMLDivElement>(null);
  const boxRef = useMergedRef(ref, box);
  const filled = useFillHeight(box, 360);
  const fitAmounts = useAmountFit<T>();

  // Typing searches after the debounce; Enter (below) searches at once. Not when the list mounts:
  // a restored view keeps its page.
  const searched = useRef(debouncedKeyword);
  useEffect(() => {
    if (searched.current === debouncedKeyword) return;
    searched.current = debouncedKeyword;
    setKeyword(debouncedKeyword.trim());
    setPage(1);
  }, [debouncedKeyword]);
  // A changed outside filter starts again on page 1 (the filter the list mounted with is no change).
  const resetSig = JSON.stringify(resetKey ?? null);
  const filteredBy = useRef(resetSig);
  useEffect(() => {
    if (filteredBy.current === resetSig) return;
    filteredBy.current = resetSig;
    setPage(1);
  }, [resetSig]);
  useEffect(() => {
    onViewChange?.({ page, size, sort, keyword });
    // told of changes to the view only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, size, sort, keyword]);
  useImperativeHandle(keywordHandle, () => ({
    get: () => keywordInput,
    set: (v: string) => {
      setKeywordInput(v);
      setKeyword(v.trim());
      setPage(1);
    },
  }), [keywordInput]);

  const request: ListRequest = paged ? { ...toApiPaging({ page, size }), sort, keyword } : { index: 0, size: MAX_PAGE_LIMIT, sort, keyword };
  const options = query(request);
  // A query the screen holds back (`enabled: false`: a filter range ending before it starts,
  // src/app/features/common/range-filter.ts) keeps the rows shown and is not asked, Enter included.
  const held = options.enabled === false;
  const q = useQuery({ ...options, placeholderData: keepPreviousData });
  const answer = useMemo(() => (q.data && mapAnswer ? mapAnswer(q.data, request) : q.data),
    // the request is rebuilt every render; the answer only changes with the data
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [q.data, mapAnswer]);
  const rows = useMemo(() => answer?.content ?? [], [answer]);
  const total = answer?.total ?? 0;

  // A page turned by keys (or by the screen): its first or last row takes the focus when it arrives.
  const edgeFocus = useRef<{ page: number; at: 'first' | 'last'; colId: string | null } | null>(null);
  const turnPage = (delta: 1 | -1, colId: string | null): boolean => {
    const next = page + delta;
    if (!paged || next < 1 || next > lastPage(total, size)) return false;
    edgeFocus.current = { page: next, at: delta > 0 ? 'first' : 'last', colId };
    setPage(next);
    return true;
  };
  useImperativeHandle(pagerHandle, () => ({ turn: turnPage }));
  // Once the page's own answer is shown and nothing is loading (AG Grid's loading overlay would take
  // the focus away again): a cached page shows at once and refetches, an answer equal to the
  // cached one draws nothing new.
  useEffect(() => {
    const want = edgeFocus.current;
    if (!want || want.page !== page || !answer || q.isPlaceholderData || q.isFetching) return;
    edgeFocus.current = null;
    requestAnimationFrame(() => {
      const api = apiRef.current;
      if (!api || api.isDestroyed()) return;
      const count = api.getDisplayedRowCount();
      const column = (want.colId ? api.getColumn(want.colId) : null) ?? api.getAllDisplayedColumns()[0];
      if (!count || !column) return;
      const index = want.at === 'first' ? 0 : count - 1;
      api.ensureIndexVisible(index, want.at === 'first' ? 'top' : 'bottom');
      api.setFocusedCell(index, column);
    });
  }, [answer, page, q.isPlaceholderData, q.isFetching]);
  useEffect(() => {
    if (answer) onAnswer?.(answer);
    // told once per answer
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [answer]);

  // After deletions the current page may lie beyond the last one.
  useEffect(() => {
    if (!q.data || q.isPlaceholderData) return;
    const last = lastPage(total, size);
    if (page > last) setPage(clampPage(page, last));
  }, [q.data, q.isPlaceholderData, total, size, page]);

  const { widths, ready, saveWidths } = useColumnWidths(gridId, columnWidthStore);
  const lang = i18n.language;
  // The index column counts across pages; its cells read the page shown through this ref.
  const shownPage = useRef({ page, size });
  shownPage.current = paged ? { page, size } : { page: 1, size };
  const hasIndex = columns.some((c) => c.kind === 'index');
  const colDefs = useMemo(
    () => toColDefs(columns, { t: (k) => t(k), renderers: rendersWithFullText(renderers), formatters, widths, sort: restored?.sort ?? initialSort, rowNumber: (i) => rowNumber(shownPage.current, i) }),
    // widths are read once when ready; later saves must not rebuild the columns under the user's mouse
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columns, renderers, formatters, ready, lang],
  );

  // Renderers read callbacks and flags from the context: redraw them when it changes, once the grid
  // holds the new one (ag-grid-react queues a prop change while the grid is busy: a redraw at once
  // could still draw with the old context, e.g. voucher labels before the kinds arrived).
  useEffect(() => {
    let frames = 0;
    let frame = 0;
    const refresh = () => {
      const api = apiRef.current;
      if (!api || api.isDestroyed()) return;
      if (api.getGridOption('context') !== context && frames++ < 60) {
        frame = requestAnimationFrame(refresh);
        return;
      }
      api.refreshCells({ force: true });
    };
    refresh();
    return () => cancelAnimationFrame(frame);
  }, [context]);

  const rowSelection = useMemo<RowSelectionOptions<T> | undefined>(() => {
    if (selection === 'multi') return { mode: 'multiRow', checkboxes: true, headerCheckbox: true, enableClickSelection: true, selectAll: 'currentPage' };
    if (selection === 'single') return { mode: 'singleRow', checkboxes: false, enableClickSelection: true };
    return undefined;
  }, [selection]);

  const localeText = useMemo(
    () => agGridLocaleText(lang, { noRowsToShow: emptyText ?? t('admin:list.empty'), loadingOoo: t('common:loading'), ariaRowSelect: t('admin:list.select'), ariaRowSelectAll: t('admin:list.selectAll') }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [emptyText, lang],
  );

  const onSortChanged = (e: SortChangedEvent<T>) => {
    setSort(sortParamFromState(e.api.getColumnState(), columns));
    setPage(1);
  };

  const onCellKeyDown = (e: CellKeyDownEvent<T>) => {
    const ev = e.event as KeyboardEvent | null;
    // AG Grid has moved the focus already (and prevented the key's default); the event names the
    // cell the key was pressed in.
    if ((ev?.key === 'PageDown' || ev?.key === 'PageUp') && !e.rowPinned && typeof e.rowIndex === 'number' && !e.api.getEditingCells().length) {
      const turn = edgePageTurn(ev, e.rowIndex, e.api.getDisplayedRowCount());
      if (turn && turnPage(turn, e.column.getColId())) ev.preventDefault();
      return;
    }
    // Ctrl+Home / Ctrl+End: the same column in the first / last row, as in the read grids.
    if (moveToEdgeRow(e)) return;
    // The pinned totals row (本页合计) is no record: Enter there opens nothing.
    if (ev?.key !== 'Enter' || !e.data || e.rowPinned || e.api.getEditingCells().length) return;
    if (onRowOpen) onRowOpen(e.data);
    // A multi-select list that opens nothing (a multi picker): Enter ticks the row like Space.
    else if (selection === 'multi') e.node.setSelected(!e.node.isSelected());
  };

  return (
    <Stack gap="xs" data-testid={testId ?? `list-${gridId}`} ref={boxRef} style={{ minWidth: 0, height: height ?? filled ?? 'calc(100vh - 140px)', minHeight: 360 }}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">{toolbar}</Group>
        {/* Bottoms aligned: labelled filters stand beside the keyword box, which has none. */}
        <Group gap="xs" wrap="wrap" align="flex-end" className={FIELD_ROW}>
          {filters}
          {searchable && (
            <TextInput
              size="sm"
              w={280}
              leftSection={<IconSearch size={14} />}
              placeholder={keywordPlaceholder ?? t('admin:list.keyword')}
              aria-label={keywordPlaceholder ?? t('admin:list.keyword')}
              value={keywordInput}
              onChange={(e) => setKeywordInput(e.currentTarget.value)}
              // Not React's autoFocus, which takes the focus whenever the box mounts, even from a dialog
              // opened meanwhile: a page's arrival focus (shell/page-focus.ts) and a dialog's focus trap
              // (shell/dialog-focus.ts) both go to this mark.
              data-autofocus={autoFocusKeyword || undefined}
              onKeyDown={(e) => {
                // Arrow down leaves the box for the first row.
                if (e.key === 'ArrowDown' && rows.length && apiRef.current) {
                  const first = apiRef.current.getAllDisplayedColumns()[0];
                  if (first) {
                    e.preventDefault();
                    apiRef.current.ensureIndexVisible(0);
                    apiRef.current.setFocusedCell(0, first);
                  }
                }
                if (e.key === 'Enter') {
                  setKeyword(keywordInput.trim());
                  setPage(1);
                  if (!held) void q.refetch();
                }
              }}
              data-testid="list-keyword"
            />
          )}
        </Group>
      </Group>
      {/* A refused list (a filter the server does not take, say a range ending before it starts) says why, instead of an empty list. */}
      {q.isError && !q.isFetching && (
        <Alert color="red" variant="light" py={6} role="alert" data-testid="list-error">{q.error.message}</Alert>
      )}
      {/* AG Grid's loading overlay is exclusive: it takes the focus from a focused header or cell and
          drops keys until the rows arrive (a second Enter on a header to sort descending was lost). So it
          shows only while there is nothing to show yet; a refetch over rows already shown (a new sort,
          page or filter: the previous answer stays until the new one comes) is told by a thin bar and
          aria-busy, and the keys go on working. */}
      {/* Keys in the cells reach onCellKeyDown while they are dispatched (./sync-cell-keys.ts), not after the keys behind them. */}
      <Box style={{ flex: 1, minHeight: 200 }} className="ld-list-body" data-busy={q.isFetching && !!q.data ? 'true' : undefined} aria-busy={q.isFetching} data-testid="list-body" onKeyDown={syncCellKeyDown(apiRef, onCellKeyDown)}>
        {ready && (
          <AgGridReact<T>
            ref={bindApi}
            modules={LIST_GRID_MODULES}
            theme={listGridTheme}
            scrollbarWidth={GRID_SCROLLBAR_WIDTH_PX}
            alwaysShowVerticalScroll
            rowData={rows}
            columnDefs={colDefs}
            getRowId={(p) => String(getRowId(p.data))}
            loading={q.isFetching && !q.data}
            localeText={localeText}
            {...FULL_TEXT_GRID_OPTIONS}
            defaultColDef={LIST_DEFAULT_COL}
            rowSelection={rowSelection}
            selectionColumnDef={{ width: 44, minWidth: 44, maxWidth: 44, pinned: 'left', resizable: false }}
            onSelectionChanged={(e) => onSelectionChange?.(e.api.getSelectedRows())}
            onRowDoubleClicked={(e) => e.data && onRowOpen?.(e.data)}
            onCellFocused={(e) => {
              if (!onCurrentRowChange) return;
              // AG Grid tells of a focus from its async queue, after keys that came behind it (./sync-cell-keys.ts):
              // the row focused now is the current one, not the one a late event names.
              const focused = e.api.getFocusedCell();
              const node = focused && !focused.rowPinned ? e.api.getDisplayedRowAtIndex(focused.rowIndex) : undefined;
              onCurrentRowChange(node?.data ?? null);
            }}
            onRowDataUpdated={(e) => {
              onCurrentRowChange?.(null);
              // Ticked rows that came back in the new answer (same id) stay ticked with their new data,
              // which AG Grid does not announce: the screen hears them again, or its toolbar would judge
              // them as they were (Disable still offered on a kind just disabled, Enable refused).
              if (onSelectionChange && e.api.getSelectedNodes().length) onSelectionChange(e.api.getSelectedRows());
              fitAmounts(e);
            }}
            onFirstDataRendered={fitAmounts}
            onPinnedRowDataChanged={fitAmounts}
            onGridSizeChanged={fitAmounts}
            onSortChanged={onSortChanged}
            onColumnResized={(e) => {
              if (e.finished && e.source === 'uiColumnResized') saveWidths(widthsFromState(e.api.getColumnState(), columns));
            }}
            onModelUpdated={(e) => {
              // Rows kept from the last answer (same id) moved up or down: their numbers change too.
              if (hasIndex && !e.api.isDestroyed()) e.api.refreshCells({ columns: [INDEX_COL_ID], force: true });
            }}
            onGridReady={(e) => {
              // The index comes first, before the selection column AG Grid puts first (spec 02: "index, selection").
              if (hasIndex && selection === 'multi') e.api.moveColumns([INDEX_COL_ID], 0);
              apiRef.current = e.api;
              onGridApi?.(e.api);
            }}
            onGridPreDestroyed={() => {
              apiRef.current = null;
            }}
            rowClassRules={rowClassRules}
            readOnlyEdit={!!onCellEditRequest}
            pinnedBottomRowData={pinnedBottomRowData}
            onCellEditRequest={onCellEditRequest}
            stopEditingWhenCellsLoseFocus
            context={context}
            suppressCellFocus={false}
            animateRows={false}
          />
        )}
      </Box>
      {paged && (
        <PaginationBar
          compact={width > 0 && width < 720}
          page={page}
          size={size}
          total={total}
          onPageChange={(p) => setPage(clampPage(p, lastPage(total, size)))}
          onSizeChange={(s) => {
            const n = normalizePageSize(s);
            setPage(pageAfterSizeChange({ page, size }, n, total));
            setSize(n);
          }}
        />
      )}
    </Stack>
  );
}
