import { createRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import type { QueryClient } from '@tanstack/react-query';
import { NotFoundPage } from '@/components/not-found-page';
import { routeTree } from '@/routeTree.gen';

export type RouterContext = {
  queryClient: QueryClient;
  /** Where a page is rendered on the server: its answer's status, which a page whose subject does not exist sets to 404. */
  answer?: { status: number };
};

/**
 * The app's router on `queryClient`; `nonce` is the server's for the scripts a rendered page carries. The query cache
 * of a page rendered on the server is dehydrated into it and hydrated before the browser's first render, so the page
 * never asks again for what it shows.
 */
export function createAppRouter(queryClient: QueryClient, { nonce, answer }: { nonce?: string; answer?: RouterContext['answer'] } = {}) {
  const router = createRouter({
    routeTree,
    context: { queryClient, ...(answer ? { answer } : {}) },
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    defaultNotFoundComponent: NotFoundPage,
    // No restoring of old positions, but every navigation still starts at the top of the page:
    // the router's resetScroll defaults to true (pass resetScroll: false where a page must keep its place).
    scrollRestoration: false,
    ...(nonce ? { ssr: { nonce } } : {}),
  });
  // Our own providers wrap the router (the persisted cache's among them).
  setupRouterSsrQueryIntegration({ router, queryClient, wrapQueryClient: false });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
