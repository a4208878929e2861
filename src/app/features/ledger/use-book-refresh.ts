/**
 * The sub-ledgers read their lines in blocks (AG Grid's infinite row model), outside the query
 * cache that refreshBookViews (shell/query-client.ts) marks stale: after a change to the books
 * (a voucher saved, posted, deleted; an import; a settlement) their loaded blocks are read again,
 * so a kept sub-ledger tab does not show the lines and running balances from before.
 */
import { useEffect, type RefObject } from 'react';
import type { GridApi } from 'ag-grid-community';
import { onDataChanged } from '../../api/typed-client';

export function useBookRefresh(apiRef: RefObject<Pick<GridApi, 'refreshInfiniteCache' | 'isDestroyed'> | null>): void {
  useEffect(
    () =>
      onDataChanged(() => {
        const api = apiRef.current;
        if (api && !api.isDestroyed()) api.refreshInfiniteCache();
      }),
    [apiRef],
  );
}
