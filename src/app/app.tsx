import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { setSessionExpiredHandler } from '@/lib/api';
import { dropImageCache } from '@/lib/runtime-caches';
import { SAVED_QUERIES_KEY, savedQueriesStorage } from '@/lib/saved-queries';
import { AfterRestore, PersistedQueries } from './persistence/persisted-queries';
import { createQueryPersister } from './persistence/persister';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';
import { AppToaster } from './toaster';

export function App() {
  const [{ queryClient, router, persister }] = useState(() => {
    const queryClient = createQueryClient();
    return {
      queryClient,
      router: createAppRouter(queryClient),
      persister: createQueryPersister({ storage: savedQueriesStorage, key: SAVED_QUERIES_KEY, buster: __BUILD_ID__, freeSpace: dropImageCache }),
    };
  });
  // In an effect, not in the state initialiser: StrictMode runs the initialiser twice and keeps the
  // first result, so a handler set there would point at the discarded second router.
  useEffect(() => {
    setSessionExpiredHandler(() => {
      void router.navigate({ to: '/login', search: { redirect: router.state.location.href } });
    });
  }, [router]);
  return (
    <PersistedQueries client={queryClient} persister={persister} buster={__BUILD_ID__}>
      {/* The first screen shows what the shopper saw last, not a loading state, so it waits for the restore. */}
      <AfterRestore>
        <RouterProvider router={router} />
      </AfterRestore>
      <AppToaster />
    </PersistedQueries>
  );
}
