import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { BrowserLocale } from '@/i18n/react';
import { setSessionExpiredHandler } from '@/lib/api';
import { followBrowserOnlineState } from '@/lib/online';
import { backOfficeAreaOf } from '@/lib/guards';
import { noteLandingRoute, setRoutePatternSource } from '@/lib/route-pattern';
import { AppFrame } from './app-frame';
import { registerOfflineActions } from './offline-actions';
import type { SavedCache } from './persistence/saved-cache';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export type BrowserApp = {
  queryClient: QueryClient;
  router: ReturnType<typeof createAppRouter>;
  /**
   * Loads the saved cache's code (app/persistence/saved-cache.ts) and makes its persister, on the first call only;
   * later calls answer the same. Null where the code could not be loaded.
   */
  savedCache: () => Promise<SavedCache | null>;
};

/**
 * The browser's query client (following the connection, with the actions that may be queued offline), router and the
 * loader of the saved cache. The saved cache's code (IndexedDB, the persister, TanStack's persist client) comes with
 * what every visit loads once the page has started (after-start.ts), when the app first asks for it: a rendered page
 * asks once it has hydrated, the shell before its first screen. Whatever needs the persister waits for `savedCache()`.
 */
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
  let savedCache: Promise<SavedCache | null> | undefined;
  const loadSavedCache = () =>
    (savedCache ??= import('./after-start').then(
      ({ openSavedCache }) => openSavedCache(),
      // The app runs without a saved cache rather than not at all (a release's missing file also reloads the page).
      (error: unknown) => {
        console.error(error);
        return null;
      },
    ));
  return { queryClient, router, savedCache: loadSavedCache };
}

/**
 * For a page the server rendered: the query client as it is (holding the page's first reads), with the saved cache
 * loaded and restored beside it once the page has hydrated (see restoreBeside). Nothing waits for it, and no context
 * changes when it is done: a part of the page still waiting to hydrate would take such a change as an update and be
 * rendered again from scratch.
 */
function PersistedQueriesBeside({ app: { queryClient, savedCache }, children }: { app: BrowserApp; children: ReactNode }) {
  useEffect(() => {
    let stopSaving: (() => void) | undefined;
    let mounted = true;
    void savedCache().then((saved) => {
      if (saved && mounted) stopSaving = saved.restoreBeside(queryClient, saved.persister, __BUILD_ID__);
    });
    return () => {
      mounted = false;
      stopSaving?.();
    };
  }, [queryClient, savedCache]);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/**
 * For the shell: nothing renders until the saved cache's code is in (the service worker keeps it), then the screen
 * waits for the restore (PersistedQueries). Where the code cannot be loaded, the app runs without a saved cache.
 */
function PersistedQueriesFirst({ app: { queryClient, router, savedCache } }: { app: BrowserApp }) {
  const [saved, setSaved] = useState<SavedCache | null>();
  useEffect(() => {
    let mounted = true;
    void savedCache().then((loaded) => {
      if (mounted) setSaved(loaded);
    });
    return () => {
      mounted = false;
    };
  }, [savedCache]);
  if (saved === undefined) return null;
  if (!saved) {
    return (
      <QueryClientProvider client={queryClient}>
        <AppFrame>
          <RouterProvider router={router} />
        </AppFrame>
      </QueryClientProvider>
    );
  }
  const { PersistedQueries, AfterRestore, persister } = saved;
  return (
    <PersistedQueries client={queryClient} persister={persister} buster={__BUILD_ID__}>
      <AppFrame>
        <AfterRestore>
          <RouterProvider router={router} />
        </AfterRestore>
      </AppFrame>
    </PersistedQueries>
  );
}

/**
 * The app in the browser. A page the server rendered is hydrated at once, from the data it carries; the saved cache's
 * code comes after that, and the cache is restored beside it (it never overwrites the newer answers the page came
 * with) and brings the queued actions back. The shell (repeat visits through the service worker, private pages) has
 * nothing to show until the saved cache is back, so it loads that code first and its first screen waits for the
 * restore: opened offline, it shows what the shopper saw last.
 */
export function App({ app, hydrating }: { app: BrowserApp; hydrating: boolean }) {
  if (hydrating) {
    return (
      <BrowserLocale>
        <PersistedQueriesBeside app={app}>
          <AppFrame>
            <RouterProvider router={app.router} />
          </AppFrame>
        </PersistedQueriesBeside>
      </BrowserLocale>
    );
  }
  return (
    <BrowserLocale>
      <PersistedQueriesFirst app={app} />
    </BrowserLocale>
  );
}
