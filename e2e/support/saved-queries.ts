import type { Page } from '@playwright/test';

/** The copy of the query cache saved to IndexedDB (idb-keyval's default store), as far as the tests read it. */
type SavedCache = { queryKeys: string[]; mutations: number };

/**
 * Reads the saved copy, or finds none. A database the app has not opened yet is not created here: idb-keyval creates
 * its store only with the database, so a database made empty by a test's read would leave the app without one.
 */
function savedCache(page: Page): Promise<SavedCache> {
  return page.evaluate(
    () =>
      new Promise<SavedCache>((resolve) => {
        const none = { queryKeys: [], mutations: 0 };
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve(none);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve(none);
          const read = db.transaction('keyval', 'readonly').objectStore('keyval').get('haat-query-cache');
          read.onerror = () => resolve(none);
          read.onsuccess = () => {
            if (typeof read.result !== 'string') return resolve(none);
            const { clientState } = JSON.parse(read.result) as { clientState: { queries: { queryKey: unknown }[]; mutations: unknown[] } };
            resolve({ queryKeys: clientState.queries.map((query) => JSON.stringify(query.queryKey)), mutations: clientState.mutations.length });
          };
        };
      }),
  );
}

/** The query keys in the saved copy of the query cache, as JSON strings. */
export async function savedQueryKeys(page: Page): Promise<string[]> {
  return (await savedCache(page)).queryKeys;
}

/** How many actions wait in the saved copy of the query cache. */
export async function savedQueuedActions(page: Page): Promise<number> {
  return (await savedCache(page)).mutations;
}
