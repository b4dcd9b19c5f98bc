import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { followBrowserOnlineState } from '@/lib/online';
import { registerOfflineActions } from './offline-actions';
import { SAVED_CACHE_MAX_AGE_MS } from './persistence/persisted-queries';

export function createQueryClient(): QueryClient {
  followBrowserOnlineState();
  const queryClient = new QueryClient({
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
  // Before the saved cache is restored: a restored queued action can only run once its key has a mutation function.
  registerOfflineActions(queryClient);
  return queryClient;
}
