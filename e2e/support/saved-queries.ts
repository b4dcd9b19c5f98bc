import type { Page } from '@playwright/test';

/** The query keys in the copy of the query cache saved to IndexedDB (idb-keyval's default store), as JSON strings. */
export function savedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve([]);
          const read = db.transaction('keyval', 'readonly').objectStore('keyval').get('haat-query-cache');
          read.onerror = () => resolve([]);
          read.onsuccess = () => {
            const saved = typeof read.result === 'string' ? (JSON.parse(read.result) as { clientState: { queries: { queryKey: unknown }[] } }) : null;
            resolve(saved?.clientState.queries.map((query) => JSON.stringify(query.queryKey)) ?? []);
          };
        };
      }),
  );
}
