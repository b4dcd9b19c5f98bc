import { removeOldestQuery, type PersistedClient, type Persister } from '@tanstack/react-query-persist-client';

/** The storage the cache is saved to: IndexedDB in the app, a map in tests. */
export type QueryCacheStorage = {
  getItem: (key: string) => Promise<string | null | undefined>;
  setItem: (key: string, value: string) => Promise<unknown>;
  removeItem: (key: string) => Promise<void>;
};

export type QueryPersisterOptions = {
  storage: QueryCacheStorage;
  key: string;
  /** The build the saved queries belong to; queries saved by another build are dropped, queued actions are not. */
  buster: string;
  /** How long reading the saved cache may take before the app renders without it. */
  restoreTimeoutMs?: number;
  /** Frees space elsewhere when the cache does not fit (the service worker's images); resolves true when something was freed. */
  freeSpace?: () => Promise<boolean>;
  /** Changes within this time are written once. */
  saveDelayMs?: number;
};

/** A persister whose waiting changes can be written at once. */
export type QueryPersister = Persister & { flush: () => Promise<void> };

const RESTORE_TIMEOUT_MS = 3000;
const SAVE_DELAY_MS = 1000;

function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

/**
 * A saved client from an earlier build: its queries are dropped (their shapes may have changed), but the actions
 * queued offline are kept under the current build's name, so an app update never loses an order or a review.
 */
export function keepQueuedActions(saved: PersistedClient, buster: string): PersistedClient {
  if (saved.buster === buster) return saved;
  return { ...saved, buster, clientState: { queries: [], mutations: saved.clientState?.mutations ?? [] } };
}

/**
 * The query cache's persister: the client as JSON in idb-keyval (or any async storage), written one write at a time.
 * - A saved client from another build keeps its queued actions (see keepQueuedActions).
 * - A save that does not fit first frees space elsewhere and tries again, then drops the oldest saved queries one
 *   by one; the queued actions are never dropped (and the cart lives in localStorage, untouched).
 * - Storage that does not answer in time is left alone for the rest of the visit: the app renders without the
 *   saved cache, and nothing is written over it, so a slow disk cannot lose a queue.
 * - Changes are gathered for a moment (a burst of answers is written once), but written at once when the page is
 *   hidden (a shopper who switches away right after a screen loaded still finds it offline) and when the queue of
 *   actions taken offline grows or shrinks.
 */
export function createQueryPersister({
  storage,
  key,
  buster,
  restoreTimeoutMs = RESTORE_TIMEOUT_MS,
  freeSpace = async () => false,
  saveDelayMs = SAVE_DELAY_MS,
}: QueryPersisterOptions): QueryPersister {
  /** The next of a failed write: the same client once space was freed elsewhere, then one without its oldest query. */
  const smaller = async (persistedClient: PersistedClient, error: unknown, errorCount: number) => {
    if (!isQuotaError(error)) return undefined;
    if (errorCount === 1 && (await freeSpace().catch(() => false))) return persistedClient;
    return removeOldestQuery({ persistedClient, error: error as Error, errorCount });
  };
  const writeFitting = async (client: PersistedClient) => {
    let next: PersistedClient | undefined = client;
    for (let errorCount = 1; next; errorCount += 1) {
      try {
        await storage.setItem(key, JSON.stringify(next));
        return;
      } catch (error) {
        next = await smaller(next, error, errorCount);
      }
    }
  };
  // Writes never overlap: one asked for during another waits for it, and only the latest of those is written.
  let nextWrite: PersistedClient | undefined;
  let writing: Promise<void> | undefined;
  const write = (client: PersistedClient) => {
    nextWrite = client;
    writing ??= (async () => {
      for (let next: PersistedClient | undefined = nextWrite; next; next = nextWrite) {
        nextWrite = undefined;
        await writeFitting(next);
      }
      writing = undefined;
    })();
    return writing;
  };

  let storageUnresponsive = false;
  let waiting: PersistedClient | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let queuedActions = 0;

  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    const client = waiting;
    waiting = undefined;
    if (client && !storageUnresponsive) await write(client);
  };
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') void flush();
    });
  }

  return {
    restoreClient: async () => {
      let deadline: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<'timed out'>((resolve) => {
        deadline = setTimeout(() => resolve('timed out'), restoreTimeoutMs);
      });
      try {
        const saved = await Promise.race([storage.getItem(key).then((text) => (text ? (JSON.parse(text) as PersistedClient) : undefined)), timedOut]);
        if (saved === 'timed out') {
          storageUnresponsive = true;
          return undefined;
        }
        if (saved) queuedActions = saved.clientState.mutations.length;
        return saved && keepQueuedActions(saved, buster);
      } finally {
        clearTimeout(deadline);
      }
    },
    persistClient: (client) => {
      if (storageUnresponsive) return;
      waiting = client;
      // A queued action added or done is written at once: a queue must not be lost, nor a done action replayed.
      const queued = client.clientState.mutations.length;
      if (queued !== queuedActions) {
        queuedActions = queued;
        return flush();
      }
      timer ??= setTimeout(() => void flush(), saveDelayMs);
    },
    removeClient: () => {
      waiting = undefined;
      return storageUnresponsive ? undefined : storage.removeItem(key);
    },
    flush,
  };
}
