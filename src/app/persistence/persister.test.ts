import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryPersister, keepQueuedActions, type QueryCacheStorage, type QueryPersister } from './persister';
import { queuedAction, savedQuery } from '@/test/saved-state';

const KEY = 'test-cache';

/** An in-memory stand-in for IndexedDB; `failWrites` decides, per attempt, whether a write fails and how. */
function memoryStorage(failWrites: (value: string, attempt: number) => Error | undefined = () => undefined) {
  const saved = new Map<string, string>();
  let attempts = 0;
  const storage: QueryCacheStorage = {
    getItem: async (key) => saved.get(key) ?? null,
    setItem: async (key, value) => {
      attempts += 1;
      const failure = failWrites(value, attempts);
      if (failure) throw failure;
      saved.set(key, value);
    },
    removeItem: async (key) => {
      saved.delete(key);
    },
  };
  return { storage, saved, attempts: () => attempts, read: () => JSON.parse(saved.get(KEY) ?? 'null') as PersistedClient | null };
}

const quotaExceeded = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

const queuedOrder = queuedAction(['orders', 'place'], { idempotencyKey: 'k-1', items: [{ productId: 'p1', quantity: 1 }] });

function savedClient(buster: string, queries = [savedQuery('products', 1)], mutations = [queuedOrder]): PersistedClient {
  return { buster, timestamp: Date.now(), clientState: { queries, mutations } };
}

/** Hands the persister a client and writes it at once, as when the page is hidden. */
async function save(persister: QueryPersister, client: PersistedClient) {
  await persister.persistClient(client);
  await persister.flush();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('restoring a saved cache', () => {
  it('gives back what the same build saved, queries and queued actions alike', async () => {
    const { storage } = memoryStorage();
    const persister = createQueryPersister({ storage, key: KEY, buster: 'build-1' });
    await save(persister, savedClient('build-1'));

    const restored = await persister.restoreClient();
    expect(restored?.buster).toBe('build-1');
    expect(restored?.clientState.queries.map((q) => q.queryKey)).toEqual([['products']]);
    expect(restored?.clientState.mutations).toEqual([queuedOrder]);
  });

  it("after an update drops the old build's queries but keeps its queued actions", async () => {
    const { storage } = memoryStorage();
    await save(createQueryPersister({ storage, key: KEY, buster: 'build-1' }), savedClient('build-1'));

    const updated = createQueryPersister({ storage, key: KEY, buster: 'build-2' });
    const restored = await updated.restoreClient();
    expect(restored?.buster).toBe('build-2');
    expect(restored?.clientState.queries).toEqual([]);
    expect(restored?.clientState.mutations).toEqual([queuedOrder]);
  });

  it('keepQueuedActions leaves a client of the current build as it is', () => {
    const client = savedClient('build-1');
    expect(keepQueuedActions(client, 'build-1')).toBe(client);
  });

  it('gives up on storage that does not answer, and then writes nothing over what it may hold', async () => {
    vi.useFakeTimers();
    const setItem = vi.fn(async () => {});
    const removeItem = vi.fn(async () => {});
    const storage: QueryCacheStorage = { getItem: () => new Promise(() => {}), setItem, removeItem };
    const persister = createQueryPersister({ storage, key: KEY, buster: 'build-1', restoreTimeoutMs: 3000 });

    const restored = persister.restoreClient();
    await vi.advanceTimersByTimeAsync(3000);
    await expect(restored).resolves.toBeUndefined();

    await save(persister, savedClient('build-1'));
    await persister.removeClient();
    expect(setItem).not.toHaveBeenCalled();
    expect(removeItem).not.toHaveBeenCalled();
  });
});

describe('saving', () => {
  it('writes a burst of changes once, after a moment', async () => {
    vi.useFakeTimers();
    const memory = memoryStorage();
    const persister = createQueryPersister({ storage: memory.storage, key: KEY, buster: 'b', saveDelayMs: 1000 });

    void persister.persistClient(savedClient('b', [savedQuery('first', 1)], []));
    void persister.persistClient(savedClient('b', [savedQuery('first', 1), savedQuery('second', 2)], []));
    await vi.advanceTimersByTimeAsync(999);
    expect(memory.attempts()).toBe(0);

    await vi.advanceTimersByTimeAsync(1);
    expect(memory.attempts()).toBe(1);
    expect(memory.read()?.clientState.queries.map((q) => q.queryKey)).toEqual([['first'], ['second']]);
  });

  it('writes at once when an action is queued, and when a queued action is done', async () => {
    const memory = memoryStorage();
    const persister = createQueryPersister({ storage: memory.storage, key: KEY, buster: 'b', saveDelayMs: 60_000 });

    await persister.persistClient(savedClient('b', [savedQuery('products', 1)], [queuedOrder]));
    expect(memory.read()?.clientState.mutations).toEqual([queuedOrder]);

    await persister.persistClient(savedClient('b', [savedQuery('products', 1)], []));
    expect(memory.read()?.clientState.mutations).toEqual([]);
    expect(memory.attempts()).toBe(2);
  });

  it('writes waiting changes at once when the page is hidden, as when the app is closed', async () => {
    const memory = memoryStorage();
    const persister = createQueryPersister({ storage: memory.storage, key: KEY, buster: 'b', saveDelayMs: 60_000 });
    void persister.persistClient(savedClient('b', [savedQuery('orders', 1)], []));
    expect(memory.attempts()).toBe(0);

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));

    await vi.waitFor(() => expect(memory.read()?.clientState.queries.map((q) => q.queryKey)).toEqual([['orders']]));
  });
});

describe('writing', () => {
  it('never overlaps writes: one asked for during another waits for it, and only the latest waiting is written', async () => {
    const written: string[] = [];
    let writes = 0;
    let overlapping = 0;
    const finishWrite: (() => void)[] = [];
    const storage: QueryCacheStorage = {
      getItem: async () => null,
      setItem: async (_key, value) => {
        writes += 1;
        overlapping = Math.max(overlapping, writes);
        await new Promise<void>((done) => finishWrite.push(done));
        written.push(value);
        writes -= 1;
      },
      removeItem: async () => {},
    };
    const persister = createQueryPersister({ storage, key: KEY, buster: 'b', saveDelayMs: 60_000 });
    const keysOf = (value: string | undefined) => (JSON.parse(value ?? 'null') as PersistedClient | null)?.clientState.queries.map((q) => q.queryKey);

    const first = save(persister, savedClient('b', [savedQuery('first', 1)], []));
    await vi.waitFor(() => expect(finishWrite).toHaveLength(1));
    const second = save(persister, savedClient('b', [savedQuery('second', 2)], []));
    const third = save(persister, savedClient('b', [savedQuery('third', 3)], []));
    finishWrite.shift()?.();
    await vi.waitFor(() => expect(finishWrite).toHaveLength(1));
    finishWrite.shift()?.();
    await Promise.all([first, second, third]);

    expect(overlapping).toBe(1);
    expect(written.map(keysOf)).toEqual([[['first']], [['third']]]);
  });
});

describe('running out of storage', () => {
  it('drops the image cache first and saves everything when that made room', async () => {
    const memory = memoryStorage((_value, attempt) => (attempt === 1 ? quotaExceeded() : undefined));
    const freeSpace = vi.fn(async () => true);
    const persister = createQueryPersister({ storage: memory.storage, key: KEY, buster: 'b', freeSpace });

    await save(persister, savedClient('b', [savedQuery('old', 1), savedQuery('new', 2)]));

    expect(freeSpace).toHaveBeenCalledTimes(1);
    expect(memory.attempts()).toBe(2);
    expect(memory.read()?.clientState.queries.map((q) => q.queryKey)).toEqual([['old'], ['new']]);
  });

  it('then drops the oldest saved queries until the rest fits, never the queued actions', async () => {
    // Room for two queries: a write with more fails like a full disk.
    const queriesIn = (value: string) => (JSON.parse(value) as PersistedClient).clientState.queries.length;
    const memory = memoryStorage((value) => (queriesIn(value) > 2 ? quotaExceeded() : undefined));
    const freeSpace = vi.fn(async () => true);
    const persister = createQueryPersister({ storage: memory.storage, key: KEY, buster: 'b', freeSpace });

    await save(persister, savedClient('b', [savedQuery('newest', 30), savedQuery('oldest', 10), savedQuery('middle', 20)]));

    expect(freeSpace).toHaveBeenCalledTimes(1);
    const saved = memory.read();
    expect(saved?.clientState.queries.map((q) => q.queryKey)).toEqual([['newest'], ['middle']]);
    expect(saved?.clientState.mutations).toEqual([queuedOrder]);
  });

  it('goes straight to dropping queries when there was no image cache to free', async () => {
    const memory = memoryStorage((_value, attempt) => (attempt === 1 ? quotaExceeded() : undefined));
    const freeSpace = vi.fn(async () => false);
    const persister = createQueryPersister({ storage: memory.storage, key: KEY, buster: 'b', freeSpace });

    await save(persister, savedClient('b', [savedQuery('old', 1), savedQuery('new', 2)]));

    expect(memory.read()?.clientState.queries.map((q) => q.queryKey)).toEqual([['new']]);
  });

  it('does not retry other failures, and the failure does not escape', async () => {
    const memory = memoryStorage(() => new DOMException('The database connection is closing.', 'InvalidStateError'));
    const freeSpace = vi.fn(async () => true);
    const persister = createQueryPersister({ storage: memory.storage, key: KEY, buster: 'b', freeSpace });

    await expect(save(persister, savedClient('b'))).resolves.toBeUndefined();
    expect(memory.attempts()).toBe(1);
    expect(freeSpace).not.toHaveBeenCalled();
  });
});
