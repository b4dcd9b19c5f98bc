import { useIsRestoring, type QueryClient } from '@tanstack/react-query';
import {
  persistQueryClient,
  persistQueryClientSave,
  PersistQueryClientProvider,
  type PersistQueryClientOptions,
  type Persister,
} from '@tanstack/react-query-persist-client';
import type { ReactNode } from 'react';
import { SAVED_CACHE_MAX_AGE_MS } from '@/lib/runtime-caches';

/**
 * What is saved: queries that succeeded (never errors or half-loaded ones) and actions queued while offline that can
 * be replayed after a reload, i.e. whose request is registered by key (see registerOfflineActions).
 */
function persistOptions(client: QueryClient, persister: Persister, buster: string): Omit<PersistQueryClientOptions, 'queryClient'> {
  const replayable = (mutationKey: readonly unknown[] | undefined) =>
    mutationKey !== undefined && client.getMutationDefaults(mutationKey).mutationFn !== undefined;
  return {
    persister,
    buster,
    maxAge: SAVED_CACHE_MAX_AGE_MS,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => query.state.status === 'success',
      shouldDehydrateMutation: (mutation) => mutation.state.isPaused && replayable(mutation.options.mutationKey),
    },
  };
}

/**
 * A saved copy is painted first and replaced at once: every restored answer is stale, so the first page to show it
 * asks the server (offline, the service worker answers or the read waits, and the copy stays on screen). The answers
 * the client held before the restore (`carried`: a rendered page's first reads and what came since) are current and
 * stay so.
 */
function markSavedCopiesStale(client: QueryClient, carried: ReadonlySet<string> = new Set()): void {
  for (const query of client.getQueryCache().getAll()) if (!carried.has(query.queryHash)) query.invalidate();
}

/**
 * Provides the query client with the saved cache restored into it: `children` render only once the restore is done
 * (or failed), so the first screen already shows what the shopper saw last. Actions queued in an earlier visit are
 * started then; they wait for the connection by themselves, so the screen does not wait for them.
 */
export function PersistedQueries({ client, persister, buster, children }: { client: QueryClient; persister: Persister; buster: string; children: ReactNode }) {
  return (
    <PersistQueryClientProvider
      client={client}
      persistOptions={persistOptions(client, persister, buster)}
      onSuccess={() => {
        markSavedCopiesStale(client);
        void client.resumePausedMutations();
      }}
    >
      {children}
    </PersistQueryClientProvider>
  );
}

/**
 * For a page the server rendered, once it has hydrated: restores the saved cache into the query client as it is
 * (holding the page's first reads and what came since), never over the newer answers it holds, brings back the queued
 * actions, which then start, and saves the cache as it changes from then on. Answers the function that stops saving.
 */
export function restoreBeside(client: QueryClient, persister: Persister, buster: string): () => void {
  const options = { queryClient: client, ...persistOptions(client, persister, buster) };
  const carried = new Set(
    client
      .getQueryCache()
      .getAll()
      .map((query) => query.queryHash),
  );
  const [unsubscribe, restored] = persistQueryClient(options);
  let saving = true;
  void restored.then(
    () => {
      markSavedCopiesStale(client, carried);
      // The cache is saved as it changes from now on; the page's first reads may all have come in before, unsaved.
      if (saving) void persistQueryClientSave(options);
      return client.resumePausedMutations();
    },
    // Storage that cannot be read (no IndexedDB): the page goes on as it is, and nothing is saved.
    () => undefined,
  );
  return () => {
    saving = false;
    unsubscribe();
  };
}

/** Renders its children only after the saved cache has been restored. */
export function AfterRestore({ children }: { children: ReactNode }) {
  return useIsRestoring() ? null : children;
}
