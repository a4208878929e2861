/**
 * A ref callback for `<AgGridReact>` that puts the grid's API into `apiRef` as soon as the grid has
 * one. AG Grid 36 tells `onGridReady` from its async queue (./sync-cell-keys.ts), after the first
 * rows may already be drawn and keyed: ↓ pressed in a picker's keyword box as its list appeared found
 * no API and stayed in the box, and the Enter behind it searched instead of choosing the row (a CI
 * flake of the reimbursement submitter's picker, one whole-file run in two here).
 */
import type { RefObject } from 'react';
import type { GridApi } from 'ag-grid-community';
import type { AgGridReact } from 'ag-grid-react';

export function bindGridApi<T>(apiRef: RefObject<GridApi<T> | null>): (grid: AgGridReact<T> | null) => void {
  return (grid) => {
    if (!grid) return;
    if (grid.api) apiRef.current = grid.api;
    else grid.registerApiListener((api) => {
      if (!api.isDestroyed()) apiRef.current = api as GridApi<T>;
    });
  };
}
