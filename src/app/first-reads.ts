import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of queries of different data types
type AnyQuery = FetchQueryOptions<any, any, any, any>;

const onServer = typeof window === 'undefined';

/**
 * The reads a page shows first. Where the page is rendered on the server they are awaited, so it is drawn with them and
 * they travel in it (dehydrated); a read that fails takes the render down (the server then sends the shell), except a
 * 404, which is the page's own answer ('Product not found'). In the browser they are started without waiting, as the
 * page shows its own loading state, and a read the cache already holds fresh is not asked again.
 */
export async function loadFirstReads(queryClient: QueryClient, queries: AnyQuery[]): Promise<void> {
  if (!onServer) {
    for (const query of queries) void queryClient.prefetchQuery(query);
    return;
  }
  const results = await Promise.allSettled(queries.map((query) => queryClient.fetchQuery(query)));
  for (const result of results) {
    if (result.status === 'rejected' && !(result.reason instanceof ApiError && result.reason.status === 404)) throw result.reason;
  }
}
