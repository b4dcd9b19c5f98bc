import type { QueryClient } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { routeTree } from '@/routeTree.gen';
import type { CarriedQuery } from './carried-queries';
import { enteringPage } from './freshness';
import { RouteErrorInFrame } from './layout/route-error-frame';

export type RouterContext = {
  queryClient: QueryClient;
  /** Where a page is rendered on the server: its answer's status, which a page whose subject does not exist sets to 404. */
  answer?: { status: number };
};

/**
 * The app's router on `queryClient`; `nonce` is the server's for the scripts a rendered page carries. A page rendered
 * on the server carries the answers of its first reads (the route loaders await them all before it is drawn): the
 * server's renderer has the router dehydrate them into the page (carried-queries.ts), and the router hydrates them
 * before the browser's first render, so the page never asks again for what it shows.
 */
export function createAppRouter(queryClient: QueryClient, { nonce, answer }: { nonce?: string; answer?: RouterContext['answer'] } = {}) {
  const router = createRouter({
    routeTree,
    context: { queryClient, ...(answer ? { answer } : {}) },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // Its own chunk: a visit that finds its page never downloads it.
    defaultNotFoundComponent: lazyRouteComponent(() => import('@/components/not-found-page'), 'NotFoundPage'),
    defaultErrorComponent: RouteErrorInFrame,
    // No restoring of old positions, but every navigation still starts at the top of the page:
    // the router's resetScroll defaults to true (pass resetScroll: false where a page must keep its place).
    scrollRestoration: false,
    ...(nonce ? { ssr: { nonce } } : {}),
  });
  // Set apart from the options above: query data has any shape, which the router's serialisable types cannot check.
  Object.assign(router.options, { hydrate: ({ queries }: { queries: CarriedQuery[] }) => receiveQueries(queryClient, queries) });
  if (typeof window !== 'undefined') router.subscribe('onBeforeNavigate', () => enteringPage());
  return router;
}

/** Into the browser's cache, unless it already holds a newer answer (from the shopper's saved cache). */
function receiveQueries(queryClient: QueryClient, queries: CarriedQuery[]) {
  for (const [queryKey, data, dataUpdatedAt] of queries) {
    if ((queryClient.getQueryState(queryKey)?.dataUpdatedAt ?? 0) < dataUpdatedAt) queryClient.setQueryData(queryKey, data, { updatedAt: dataUpdatedAt });
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
