/**
 * AG Grid's `cellKeyDown`, delivered while the key is being dispatched instead of after it.
 *
 * AG Grid 36 calls every `onXxx` grid option from a queue flushed by `setTimeout(0)` (its event
 * service's async listeners; only a handful of events are always synchronous). A key that opens
 * something (Enter on a list row opens the voucher, Enter on a ledger line drills down, `/` goes to
 * the filter) then acts only after the keys pressed right behind it have been dispatched: Enter
 * then PageDown at once paged the list instead of stepping in the editor, as the browser gives
 * input precedence over timers. The grids of the kit (ListGrid, ReadGrid) therefore take no
 * `onCellKeyDown` from AG Grid: a keydown listener around the grid, reached once AG Grid has done
 * its own work with the key (the focus moved, its default prevented) as its event says it, builds
 * the same event from the cell the key was pressed in and calls the screen's handler at once.
 */
import type { KeyboardEvent as ReactKeyboardEvent, RefObject } from 'react';
import type { CellKeyDownEvent, GridApi, IRowNode } from 'ag-grid-community';

/** The row of a rendered row element: a body row by its id, a pinned one by its place (`t-0`, `b-1`). */
function rowNodeOf<T>(api: GridApi<T>, rowEl: Element): IRowNode<T> | undefined {
  const index = rowEl.getAttribute('row-index') ?? '';
  const pinned = /^([tb])-(\d+)$/.exec(index);
  if (pinned) return (pinned[1] === 't' ? api.getPinnedTopRow(Number(pinned[2])) : api.getPinnedBottomRow(Number(pinned[2]))) ?? undefined;
  const id = rowEl.getAttribute('row-id');
  if (id !== null) return api.getRowNode(id) ?? undefined;
  return /^\d+$/.test(index) ? api.getDisplayedRowAtIndex(Number(index)) ?? undefined : undefined;
}

/**
 * The `cellKeyDown` event AG Grid raises for a key pressed in one of its cells (`event.target`), or
 * null when the key was not pressed in a cell of this grid (a header, a filter box, another grid).
 */
export function cellKeyDownEventOf<T>(api: GridApi<T>, event: KeyboardEvent, root: Element | null): CellKeyDownEvent<T> | null {
  const target = event.target instanceof Element ? event.target : null;
  const cellEl = target?.closest('.ag-cell');
  const rowEl = cellEl?.closest('.ag-row');
  if (!cellEl || !rowEl || api.isDestroyed()) return null;
  // A cell of a grid inside this one's cells (none today), or of another grid around: not ours.
  if (root && cellEl.closest('.ag-root-wrapper') !== root.querySelector('.ag-root-wrapper')) return null;
  const column = api.getColumn(cellEl.getAttribute('col-id') ?? '');
  const node = rowNodeOf(api, rowEl);
  if (!column || !node) return null;
  return {
    type: 'cellKeyDown',
    api,
    context: api.getGridOption('context'),
    event,
    node,
    data: node.data,
    rowIndex: node.rowIndex,
    rowPinned: node.rowPinned ?? null,
    column,
    colDef: column.getColDef(),
    value: api.getCellValue({ rowNode: node, colKey: column }),
  } as CellKeyDownEvent<T>;
}

/**
 * The keydown handler for the element around a grid: the screen's `handler` hears each key pressed
 * in a cell as AG Grid's `cellKeyDown`, before the next key is dispatched.
 */
export function syncCellKeyDown<T>(apiRef: RefObject<GridApi<T> | null>, handler: ((e: CellKeyDownEvent<T>) => void) | undefined) {
  return (e: ReactKeyboardEvent<HTMLElement>) => {
    const api = apiRef.current;
    if (!handler || !api) return;
    const cellEvent = cellKeyDownEventOf(api, e.nativeEvent, e.currentTarget);
    if (cellEvent) handler(cellEvent);
  };
}
