import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a list of queries of different data types
type AnyQuery = FetchQueryOptions<any, any, any, any>;

const onServer = typeof window === 'undefined';

/**
 * The reads a page shows first. Where the page is rendered on the server they are awaited, so it is drawn with them and
 * they travel in it (dehydrated), and their answers come back (a loader keeps them to itself: what a loader returns
 * travels in the page a second time); a read that fails takes the render down (the server then
 * sends the shell). In the browser they are started without waiting, as the page shows its own loading state, and a
 * read the cache already holds fresh is not asked again.
 */
export async function loadFirstReads(queryClient: QueryClient, queries: AnyQuery[]): Promise<unknown[] | undefined> {
  if (!onServer) {
    for (const query of queries) void queryClient.prefetchQuery(query);
    return undefined;
  }
  return Promise.all(queries.map((query) => queryClient.fetchQuery(query)));
}
