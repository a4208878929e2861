/**
 * The product's store of list-grid column widths: per user, in /api/system/userData (kind 'list',
 * subKind = grid id; spec 01 §3 "saved user data"). The list grid kit only sees the
 * `ColumnWidthStore` interface (grids never import the app); this module provides it — mount
 * `<ColumnWidthsProvider>` once under the QueryClientProvider, or hand `useColumnWidthStore()` to
 * a grid's `columnWidthStore` prop. Extra rows for the same grid are pruned on save.
 */
import { useMemo, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { readSavedWidths, type ColumnWidths } from '../../../../grids/list/saved-widths';
import { ColumnWidthStoreContext, type ColumnWidthStore } from '../../../../grids/list/use-column-widths';
import { systemApi } from '../../../contract/heads';
import { call } from '../../api/typed-client';
import { queryKeys } from '../../queries/keys';

const KIND = 'list';

export function createColumnWidthStore(qc: QueryClient): ColumnWidthStore {
  const key = (gridId: string) => queryKeys.userData(KIND, gridId);
  const rowsOf = async (gridId: string) =>
    (
      await qc.fetchQuery({
        queryKey: key(gridId),
        queryFn: () => call(systemApi.userData, { query: { filter: { kind: KIND, subKind: gridId }, index: 0, size: 50, sort: { modifiedAt: 'desc' } } }),
        staleTime: Infinity,
      })
    ).content;
  return {
    load: async (gridId) => readSavedWidths((await rowsOf(gridId))[0]?.content),
    save: async (gridId: string, widths: ColumnWidths) => {
      const [row, ...extras] = await rowsOf(gridId);
      if (row) await call(systemApi.updateUserData, { params: { id: row.id }, body: { content: { widths } } });
      else await call(systemApi.createUserData, { body: { kind: KIND, subKind: gridId, content: { widths } } });
      if (extras.length) await call(systemApi.deleteUserDataMany, { query: { filter: { id: extras.map((r) => r.id) } } });
      await qc.invalidateQueries({ queryKey: key(gridId) });
    },
  };
}

/** The store, for a grid's `columnWidthStore` prop. */
export function useColumnWidthStore(): ColumnWidthStore {
  const qc = useQueryClient();
  return useMemo(() => createColumnWidthStore(qc), [qc]);
}

/** Gives every list grid below it the user's saved column widths. */
export function ColumnWidthsProvider({ children }: { children: ReactNode }) {
  const store = useColumnWidthStore();
  return <ColumnWidthStoreContext.Provider value={store}>{children}</ColumnWidthStoreContext.Provider>;
}
