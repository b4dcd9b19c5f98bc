import { dropImageCache } from '@/lib/runtime-caches';
import { SAVED_QUERIES_KEY, savedQueriesStorage } from '@/lib/saved-queries';
import { AfterRestore, PersistedQueries, restoreBeside } from './persisted-queries';
import { createQueryPersister, type QueryPersister } from './persister';

/** The saved cache's parts the app uses, with its persister. */
export type SavedCache = {
  persister: QueryPersister;
  PersistedQueries: typeof PersistedQueries;
  AfterRestore: typeof AfterRestore;
  restoreBeside: typeof restoreBeside;
};

/** The app's saved cache: IndexedDB, under this build's id, making room by dropping the service worker's images. */
export function openSavedCache(): SavedCache {
  const persister = createQueryPersister({ storage: savedQueriesStorage, key: SAVED_QUERIES_KEY, buster: __BUILD_ID__, freeSpace: dropImageCache });
  return { persister, PersistedQueries, AfterRestore, restoreBeside };
}
