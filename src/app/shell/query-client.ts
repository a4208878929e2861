/** The one TanStack Query client of the SPA (logout clears it; scope changes invalidate it). */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

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
