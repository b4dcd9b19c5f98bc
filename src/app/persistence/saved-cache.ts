import { dropImageCache } from '@/lib/runtime-caches';
import { SAVED_QUERIES_KEY, savedQueriesStorage } from '@/lib/saved-queries';
import { createQueryPersister, type QueryPersister } from './persister';

export { AfterRestore, PersistedQueries, restoreBeside } from './persisted-queries';

/** The app's saved cache: IndexedDB, under this build's id, making room by dropping the service worker's images. */
export function createSavedCachePersister(): QueryPersister {
  return createQueryPersister({ storage: savedQueriesStorage, key: SAVED_QUERIES_KEY, buster: __BUILD_ID__, freeSpace: dropImageCache });
}
