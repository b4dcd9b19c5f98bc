import { del, get, set } from 'idb-keyval';

/** The IndexedDB key (idb-keyval's default store) under which the query cache is saved between visits. */
export const SAVED_QUERIES_KEY = 'haat-query-cache';

/** IndexedDB through idb-keyval, in the get/set/remove shape the query persister expects. */
export const savedQueriesStorage = {
  getItem: async (key: string): Promise<string | null> => (await get<string>(key)) ?? null,
  setItem: (key: string, value: string): Promise<void> => set(key, value),
  removeItem: (key: string): Promise<void> => del(key),
};

/**
 * Drops the saved copy of the query cache at once (on sign-out), so the last shopper's orders and wishlist
 * cannot be reopened offline by the next person on the same phone.
 */
export async function forgetSavedQueries(): Promise<void> {
  try {
    await del(SAVED_QUERIES_KEY);
  } catch {
    // No IndexedDB (private mode, storage blocked): nothing was saved to forget.
  }
}
