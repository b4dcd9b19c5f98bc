import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { SAVED_CACHE_MAX_AGE_MS } from './persistence/persisted-queries';

/** The query client's rules, the same where a page is rendered (server) and where it runs (browser). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // Unused data stays as long as the saved cache is worth restoring: collected sooner, a restore would lose it.
        gcTime: SAVED_CACHE_MAX_AGE_MS,
        // Client errors will not get better by asking again; network failures might.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
