/**
 * The read-only grids of reports, ledgers, checks and dashboards: AG Grid with the list kit's
 * modules and theme, AG Grid's own texts in the user's language, columns neither sortable nor
 * movable unless a screen says otherwise, and the "no rows" text given as plain text (escaped, not
 * HTML). Rows are not animated (as in the list and entry grids): a report that replaces its rows and
 * soon puts some back (a drill down and back up) could leave the fading rows beside the new ones,
 * the same row twice. Every other AG Grid prop passes through, the ref too (merged with the kit's own).
 *
 * No amount is ever cut off (./amount-fit.ts). Ctrl+Home / Ctrl+End reach the first / last row
 * (./edge-rows.ts) unless the screen's own onCellKeyDown took the key.
 *
 * Tab and Shift+Tab leave the grid for the next / previous control of the page (the WAI-ARIA grid
 * pattern): arrows walk the cells, and a report of a thousand rows is not a thousand Tabs long.
 * A grid whose cells take figures (opening balances) keeps Tab between its cells (`tabWalksCells`).
 */
import { useMemo, useRef, type Ref } from 'react';
import { useMergedRef } from '@mantine/hooks';
import { AgGridReact, type AgGridReactProps } from 'ag-grid-react';
import type { AgGridEvent, CellKeyDownEvent, ColDef, ColTypeDef, GridApi } from 'ag-grid-community';
import { useAmountFit } from './amount-fit';
import { isNegativeAmount, NEGATIVE_CLASS } from './columns';
import { compareCents } from '../../src/domain/money';
import { useTranslation } from 'react-i18next';
import { LIST_GRID_MODULES, listGridTheme } from './ag-setup';
import { GRID_SCROLLBAR_WIDTH_PX } from '../scrollbar';
import { agGridLocaleText } from './ag-locale';
import { moveToEdgeRow } from './edge-rows';
import { syncCellKeyDown } from './sync-cell-keys';
import { bindGridApi } from './bind-grid-api';
import { FULL_TEXT_GRID_OPTIONS, fullTextTooltip } from '../full-text';
import './list-grid.css';

/** Cut-off text shows whole in a tooltip when its cell is focused (grids/full-text.tsx). */
export const READ_GRID_DEFAULT_COL: ColDef = { sortable: false, resizable: true, suppressMovable: true, tooltip: fullTextTooltip };

/** The defaults of a read-only grid whose columns sort in the browser (its rows are all there). */
export const SORTABLE_READ_COL: ColDef = { sortable: true };

/**
 * Column type 'cents' (with 'rightAligned'): amounts in cents, as the API's integer strings, sort by
 * value, and a negative one is drawn red (NEGATIVE_CLASS), as in the lists and the entry grids.
 */
export const READ_GRID_COLUMN_TYPES: Record<string, ColTypeDef> = {
  cents: { comparator: compareCents, cellClassRules: { [NEGATIVE_CLASS]: (p) => isNegativeAmount(p.value) } },
};

/** AG Grid's "no rows" overlay (an HTML template) showing `text` as plain text. */
export const emptyOverlay = (text: string) => `<span>${text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</span>`;

export type ReadGridProps<T> = AgGridReactProps<T> & {
  /** Shown when there are no rows (plain text; default: grid:noRows in the UI language, not AG Grid's "No Rows To Show"). */
  emptyText?: string;
  ref?: Ref<AgGridReact<T>>;
  /** Tab moves between cells (a grid whose cells take figures), instead of leaving the grid. */
  tabWalksCells?: boolean;
};

/** AG Grid's tabToNextCell answering false: the browser moves the focus on, out of the grid. */
const leaveGridOnTab = () => false as const;

export function ReadGrid<T>({ emptyText, ref, tabWalksCells, onCellKeyDown: screenKeys, onGridReady: screenReady, ...props }: ReadGridProps<T>) {
  const apiRef = useRef<GridApi<T> | null>(null);
  // The API for the keys as soon as the grid has one (./bind-grid-api.ts): the rows come with the
  // props and can be drawn, focused and keyed before AG Grid's queued onGridReady arrives.
  const bindApi = useMemo(() => bindGridApi(apiRef), []);
  const gridRef = useMergedRef(ref, bindApi);
  const { t, i18n } = useTranslation('grid');
  const localeText = useMemo(() => agGridLocaleText(i18n.language), [i18n.language]);
  const fitAmounts = useAmountFit<T>(props.autoSizeStrategy);
  // A screen's own defaults (sortable lists) add to the kit's, so its columns keep the full-text tooltips.
  const screenDefaults = props.defaultColDef;
  const defaultColDef = useMemo(() => (screenDefaults ? ({ ...READ_GRID_DEFAULT_COL, ...screenDefaults } as ColDef<T>) : READ_GRID_DEFAULT_COL), [screenDefaults]);
  const chain = <E,>(own: ((e: E) => void) | undefined) => (e: E) => {
    own?.(e);
    fitAmounts(e as unknown as AgGridEvent<T>);
  };
  // Keys in the cells reach the screen's onCellKeyDown while they are dispatched (./sync-cell-keys.ts):
  // Enter drilling into a voucher, then PageDown at once, steps there instead of paging this grid.
  const onCellKeyDown = (e: CellKeyDownEvent<T>) => {
    screenKeys?.(e);
    moveToEdgeRow(e);
  };
  return (
    // `display: contents`: the grid lays out as the wrapper's parent's child, as without it.
    <div style={{ display: 'contents' }} onKeyDown={syncCellKeyDown(apiRef, onCellKeyDown)}>
    <AgGridReact<T>
      ref={gridRef}
      modules={LIST_GRID_MODULES}
      theme={listGridTheme}
      scrollbarWidth={GRID_SCROLLBAR_WIDTH_PX}
      alwaysShowVerticalScroll
      localeText={localeText}
      columnTypes={READ_GRID_COLUMN_TYPES}
      animateRows={false}
      {...FULL_TEXT_GRID_OPTIONS}
      overlayNoRowsTemplate={emptyOverlay(emptyText ?? t('noRows'))}
      {...(tabWalksCells ? {} : { tabToNextCell: leaveGridOnTab })}
      {...props}
      defaultColDef={defaultColDef}
      onFirstDataRendered={chain(props.onFirstDataRendered)}
      onRowDataUpdated={chain(props.onRowDataUpdated)}
      onPinnedRowDataChanged={chain(props.onPinnedRowDataChanged)}
      onGridSizeChanged={chain(props.onGridSizeChanged)}
      onGridReady={(e) => {
        apiRef.current = e.api;
        screenReady?.(e);
      }}
    />
    </div>
  );
}
