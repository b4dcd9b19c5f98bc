import { RouterProvider } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { BrowserLocale } from '@/i18n/react';
import { setSessionExpiredHandler } from '@/lib/api';
import { followBrowserOnlineState } from '@/lib/online';
import { backOfficeAreaOf } from '@/lib/guards';
import { noteLandingRoute, setRoutePatternSource } from '@/lib/route-pattern';
import { dropImageCache } from '@/lib/runtime-caches';
import { SAVED_QUERIES_KEY, savedQueriesStorage } from '@/lib/saved-queries';
import { AppFrame } from './app-frame';
import { registerOfflineActions } from './offline-actions';
import { AfterRestore, PersistedQueries, PersistedQueriesBeside } from './persistence/persisted-queries';
import { createQueryPersister, type QueryPersister } from './persistence/persister';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export type BrowserApp = { queryClient: QueryClient; router: ReturnType<typeof createAppRouter>; persister: QueryPersister };

/** The browser's query client (following the connection, with the actions that may be queued offline), router and saved cache. */
export function createBrowserApp(): BrowserApp {
  followBrowserOnlineState();
  const queryClient = createQueryClient();
  // Before the saved cache is restored: a restored queued action can only run once its key has a mutation function.
  registerOfflineActions(queryClient);
  const router = createAppRouter(queryClient);
  // Reports name pages by the pattern of the deepest route shown, never by their address; the back office's by their
  // area, as it is no route of the table (the page for unlisted paths opens it).
  setRoutePatternSource(() => {
    const area = backOfficeAreaOf(router.state.location.pathname);
    return area ? `/${area}/$` : router.state.matches.at(-1)?.fullPath;
  });
  noteLandingRoute();
  const stopNotingLanding = router.subscribe('onResolved', () => {
    noteLandingRoute();
    stopNotingLanding();
  });
  setSessionExpiredHandler(() => {
    void router.navigate({ to: '/login', search: { redirect: router.state.location.href } });
  });
  const persister = createQueryPersister({ storage: savedQueriesStorage, key: SAVED_QUERIES_KEY, buster: __BUILD_ID__, freeSpace: dropImageCache });
  return { queryClient, router, persister };
}

/**
 * The app in the browser. A page the server rendered is hydrated at once, from the data it carries; the saved cache is
 * restored beside it (it never overwrites the newer answers the page came with) and brings the queued actions back.
 * The shell (repeat visits through the service worker, private pages) has nothing to show until the saved cache is
 * back, so its first screen waits for the restore: opened offline, it shows what the shopper saw last.
 */
export function App({ app: { queryClient, router, persister }, hydrating }: { app: BrowserApp; hydrating: boolean }) {
  if (hydrating) {
    return (
      <BrowserLocale>
        <PersistedQueriesBeside client={queryClient} persister={persister} buster={__BUILD_ID__}>
          <AppFrame>
            <RouterProvider router={router} />
          </AppFrame>
        </PersistedQueriesBeside>
      </BrowserLocale>
    );
  }
  return (
    <BrowserLocale>
      <PersistedQueries client={queryClient} persister={persister} buster={__BUILD_ID__}>
        <AppFrame>
          <AfterRestore>
            <RouterProvider router={router} />
          </AfterRestore>
        </AppFrame>
      </PersistedQueries>
    </BrowserLocale>
  );
}
