import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { staleTimeOf } from './freshness';
import { SAVED_CACHE_MAX_AGE_MS } from '@/lib/runtime-caches';

/** The query client's rules, the same where a page is rendered (server) and where it runs (browser). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Current for a minute on the page that read it; a page left and shown again asks again (app/freshness.ts).
        staleTime: staleTimeOf,
        // Asked even while the browser says it is offline: the service worker answers public reads it has kept (a
        // listing seen for a moment, the delivery fees), and a read it cannot answer waits for the connection.
        networkMode: 'offlineFirst',
        // Unused data stays as long as the saved cache is worth restoring: collected sooner, a restore would lose it.
        gcTime: SAVED_CACHE_MAX_AGE_MS,
        // Client errors will not get better by asking again; network failures might.
        retry: (failureCount, error) => failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
