/** The one TanStack Query client of the SPA (logout clears it; scope changes invalidate it). */
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { onDataChanged, onStaleData } from '../api/typed-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Session problems and refusals are final; only transient failures are retried.
      retry: (failureCount, error) => !(error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404)) && failureCount < 1,
    },
  },
});

/**
 * What the books show: the ledgers, the reports and the openings' trial balance (not a report's
 * definitions: their drawer edits them; nor the period-end transfer's preview, asked afresh each
 * time its dialog opens, which must not ask again as the transfer it shows is written and the dialog
 * closes). Each reads postings, so a change anywhere (a voucher saved, audited, bookkept or
 * deleted, an import, a transfer, a settlement, an opening balance, a voucher made from documents)
 * makes them stale; kept tabs still showed the figures from before while the voucher list beside
 * them had moved on (decision 068).
 */
export function isBookView(key: QueryKey): boolean {
  const [area, what] = key as readonly unknown[];
  if (area === 'ledger') return true;
  if (area === 'report') return what !== 'definition';
  return area === 'opening' && what === 'trialBalance';
}

/** Marks the book views stale: the ones on screen (kept tabs included) fetch again at once, the others when next shown. */
export function refreshBookViews(client: QueryClient = queryClient): Promise<void> {
  return client.invalidateQueries({ predicate: (q) => isBookView(q.queryKey) });
}

onDataChanged(() => void refreshBookViews());

/**
 * A call refused as made on out-of-date data (STALE_DATA): every query is marked stale, those on
 * screen (kept tabs too) fetch again at once. A clean voucher editor then shows the voucher as it now
 * is (its stored version replaces it), the list its new figures; a tab opened later reads afresh
 * instead of showing the cached record the refusal was about.
 */
export function refreshAfterConflict(client: QueryClient = queryClient): Promise<void> {
  return client.invalidateQueries();
}

onStaleData(() => void refreshAfterConflict());
