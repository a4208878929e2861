/** The keys of the ledger grids (subject and auxiliary ledgers, their sub-ledgers). */
import type { RefObject } from 'react';
import type { CellKeyDownEvent } from 'ag-grid-community';

/**
 * Enter drills down from the focused row; `/` puts the focus on the filter's first field.
 * Ctrl+Home / Ctrl+End go to the first / last row (as in a spreadsheet; AG Grid 36 gives them no
 * meaning), and so do Home / End where that row is not loaded yet: AG Grid's own Home/End does
 * nothing then, and the sub-ledgers' infinite row model loads 100 rows at a time.
 */
export function ledgerKeys<T>(filterRef: RefObject<HTMLDivElement | null>, drill: (row: T) => void) {
  return (e: CellKeyDownEvent<T>) => {
    const ev = e.event as KeyboardEvent | null | undefined;
    if (!ev) return;
    if (ev.key === 'Enter' && e.data) {
      ev.preventDefault();
      drill(e.data);
    } else if (ev.key === '/') {
      ev.preventDefault();
      filterRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    } else if ((ev.key === 'End' || ev.key === 'Home') && !ev.altKey) {
      const target = ev.key === 'Home' ? 0 : e.api.getDisplayedRowCount() - 1;
      if (target < 0) return;
      // Home/End alone: AG Grid goes to the first/last row itself, but only when that row is loaded.
      if (!(ev.ctrlKey || ev.metaKey) && e.api.getDisplayedRowAtIndex(target)?.data !== undefined) return;
      ev.preventDefault();
      e.api.ensureIndexVisible(target, ev.key === 'Home' ? 'top' : 'bottom');
      e.api.setFocusedCell(target, e.column);
    }
  };
}
