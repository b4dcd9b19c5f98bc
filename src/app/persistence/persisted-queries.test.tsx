import { onlineManager, QueryClient, useQuery } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../query-client';
import { SAVED_CACHE_MAX_AGE_MS } from '@/lib/runtime-caches';
import { AfterRestore, PersistedQueries, restoreBeside } from './persisted-queries';
import { createQueryPersister, type QueryCacheStorage } from './persister';
import { queuedAction, savedQuery } from '@/test/saved-state';

const KEY = 'test-cache';
const BUILD = 'build-1';

function memoryStorage(initial?: PersistedClient) {
  const saved = new Map<string, string>(initial ? [[KEY, JSON.stringify(initial)]] : []);
  const storage: QueryCacheStorage = {
    getItem: async (key) => saved.get(key) ?? null,
    setItem: async (key, value) => {
      saved.set(key, value);
    },
    removeItem: async (key) => {
      saved.delete(key);
    },
  };
  return { storage, read: () => JSON.parse(saved.get(KEY) ?? 'null') as PersistedClient | null };
}

const savedGreeting = (): PersistedClient => ({
  buster: BUILD,
  timestamp: Date.now(),
  clientState: { mutations: [], queries: [savedQuery('greeting', Date.now() - 10 * 60_000, 'Saved hello')] },
});

const queuedToggle = queuedAction(['wishlist', 'toggle'], { productId: 'p1', add: true });

/** Every state the screen was rendered in, so a test can tell whether a loading state ever showed. */
function Greeting({ seen, fetchGreeting }: { seen: string[]; fetchGreeting: () => Promise<string> }) {
  const { data, isPending } = useQuery({ queryKey: ['greeting'], queryFn: fetchGreeting });
  const shown = isPending ? 'loading' : data;
  seen.push(shown ?? '');
  return <p>{shown}</p>;
}

function renderWithPersistence(queryClient: QueryClient, storage: QueryCacheStorage, children: ReactNode) {
  const persister = createQueryPersister({ storage, key: KEY, buster: BUILD, saveDelayMs: 0 });
  return render(
    <PersistedQueries client={queryClient} persister={persister} buster={BUILD}>
      <AfterRestore>{children}</AfterRestore>
    </PersistedQueries>,
  );
}

/** The greeting's address as the network answers it: unreachable while offline (nothing kept for it), fresh once online. */
async function unreachableWhileOffline(): Promise<string> {
  if (!onlineManager.isOnline()) throw new TypeError('Failed to fetch');
  return 'Fresh hello';
}

describe('PersistedQueries', () => {
  it('keeps unused data at least as long as a saved cache is restored (gcTime ≥ maxAge, a week)', () => {
    const queryClient = createQueryClient();
    expect(queryClient.getDefaultOptions().queries?.gcTime).toBeGreaterThanOrEqual(SAVED_CACHE_MAX_AGE_MS);
    expect(SAVED_CACHE_MAX_AGE_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('renders the screen only once the saved cache is back, so it opens offline on what was seen last', async () => {
    const queryClient = createQueryClient();
    onlineManager.setOnline(false);
    const { storage } = memoryStorage(savedGreeting());
    const fetchGreeting = vi.fn(unreachableWhileOffline);
    const seen: string[] = [];

    renderWithPersistence(queryClient, storage, <Greeting seen={seen} fetchGreeting={fetchGreeting} />);

    expect(await screen.findByText('Saved hello')).toBeInTheDocument();
    expect(seen).not.toContain('loading');

    // Back online, the read that failed is tried again (after its retry delay) and the stale copy replaced.
    onlineManager.setOnline(true);
    expect(await screen.findByText('Fresh hello', undefined, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('still renders when the storage cannot be read', async () => {
    const storage: QueryCacheStorage = {
      getItem: async () => {
        throw new DOMException('IndexedDB is not available', 'UnknownError');
      },
      setItem: async () => {},
      removeItem: async () => {},
    };
    const seen: string[] = [];
    renderWithPersistence(createQueryClient(), storage, <Greeting seen={seen} fetchGreeting={async () => 'Fresh hello'} />);
    expect(await screen.findByText('Fresh hello')).toBeInTheDocument();
  });

  it('saves successful queries, not failed ones', async () => {
    const memory = memoryStorage();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    function Screen() {
      const good = useQuery({ queryKey: ['good'], queryFn: async () => 'fine' });
      const bad = useQuery({ queryKey: ['bad'], queryFn: async (): Promise<string> => Promise.reject(new Error('Server error')) });
      return (
        <p>
          {good.data} {bad.isError && 'failed'}
        </p>
      );
    }
    renderWithPersistence(queryClient, memory.storage, <Screen />);

    expect(await screen.findByText('fine failed')).toBeInTheDocument();
    await waitFor(() => expect(memory.read()?.clientState.queries.map((q) => q.queryKey)).toEqual([['good']]));
    expect(memory.read()?.buster).toBe(BUILD);
  });

  it('replays queued actions at start without holding the screen until a slow connection answers them', async () => {
    const memory = memoryStorage({ ...savedGreeting(), clientState: { ...savedGreeting().clientState, mutations: [queuedToggle] } });
    const queryClient = createQueryClient();
    const sendToggle = vi.fn((_variables: unknown) => new Promise<string>(() => {}));
    queryClient.setMutationDefaults(['wishlist', 'toggle'], { mutationFn: sendToggle });
    const seen: string[] = [];

    renderWithPersistence(queryClient, memory.storage, <Greeting seen={seen} fetchGreeting={() => new Promise<string>(() => {})} />);

    expect(await screen.findByText('Saved hello')).toBeInTheDocument();
    expect(sendToggle).toHaveBeenCalledTimes(1);
    expect(seen).not.toContain('loading');
  });

  it("after an app update: the old build's queries are gone, its queued actions are restored", async () => {
    const queryClient = createQueryClient();
    onlineManager.setOnline(false);
    const memory = memoryStorage({ ...savedGreeting(), buster: 'build-0', clientState: { ...savedGreeting().clientState, mutations: [queuedToggle] } });

    renderWithPersistence(queryClient, memory.storage, <Greeting seen={[]} fetchGreeting={unreachableWhileOffline} />);

    expect(await screen.findByText('loading')).toBeInTheDocument();
    expect(queryClient.getQueryData(['greeting'])).toBeUndefined();
    const [restored] = queryClient.getMutationCache().getAll();
    expect(restored?.options.mutationKey).toEqual(['wishlist', 'toggle']);
    expect(restored?.state.variables).toEqual({ productId: 'p1', add: true });
    expect(restored?.state.isPaused).toBe(true);
  });

  it('a queued action restored offline waits for the connection, then runs once', async () => {
    const queryClient = createQueryClient();
    onlineManager.setOnline(false);
    const memory = memoryStorage({ ...savedGreeting(), clientState: { ...savedGreeting().clientState, mutations: [queuedToggle] } });
    const sendToggle = vi.fn(async (_variables: unknown) => 'sent');
    queryClient.setMutationDefaults(['wishlist', 'toggle'], { mutationFn: sendToggle });

    renderWithPersistence(queryClient, memory.storage, <Greeting seen={[]} fetchGreeting={async () => 'Fresh hello'} />);

    expect(await screen.findByText('Saved hello')).toBeInTheDocument();
    expect(sendToggle).not.toHaveBeenCalled();
    const [restored] = queryClient.getMutationCache().getAll();
    expect(restored?.state.isPaused).toBe(true);

    onlineManager.setOnline(true);
    await waitFor(() => expect(sendToggle).toHaveBeenCalledTimes(1));
    expect(sendToggle.mock.calls[0]?.[0]).toEqual({ productId: 'p1', add: true });
    // Done: it is no longer a paused action, so it leaves the saved copy.
    await waitFor(() => expect(memory.read()?.clientState.mutations).toEqual([]));
  });

  it('saves queued actions that can be replayed after a reload, not paused ones nobody registered', async () => {
    const memory = memoryStorage();
    const queryClient = createQueryClient();
    queryClient.setMutationDefaults(['wishlist', 'toggle'], { mutationFn: async () => 'sent' });
    onlineManager.setOnline(false);
    renderWithPersistence(queryClient, memory.storage, <p>shop</p>);
    expect(await screen.findByText('shop')).toBeInTheDocument();

    const cache = queryClient.getMutationCache();
    void cache
      .build(queryClient, { mutationKey: ['wishlist', 'toggle'] })
      .execute({ productId: 'p1', add: true })
      .catch(() => undefined);
    void cache
      .build(queryClient, { mutationKey: ['unregistered'], mutationFn: async () => 'sent' })
      .execute({})
      .catch(() => undefined);

    // The copy is written a moment after the change; a busy machine may take a while.
    await waitFor(() => expect(memory.read()?.clientState.mutations.map((m) => m.mutationKey)).toEqual([['wishlist', 'toggle']]), { timeout: 5_000 });
  }, 15_000);
});

describe('restoreBeside', () => {
  it('saves the reads a page came with, also when they were all in before the saved cache was back', async () => {
    const memory = memoryStorage();
    const queryClient = new QueryClient();
    queryClient.setQueryData(['greeting'], 'Rendered hello');
    const persister = createQueryPersister({ storage: memory.storage, key: KEY, buster: BUILD, saveDelayMs: 0 });

    const stopSaving = restoreBeside(queryClient, persister, BUILD);

    await waitFor(() => expect(memory.read()?.clientState.queries.map((q) => q.queryKey)).toEqual([['greeting']]));
    stopSaving();
  });

  it('keeps the answers the client holds, adds the saved ones marked stale, and starts the queued actions', async () => {
    const saved = savedGreeting();
    const memory = memoryStorage({
      ...saved,
      clientState: { queries: [...saved.clientState.queries, savedQuery('farewell', Date.now() - 60_000, 'Saved bye')], mutations: [queuedToggle] },
    });
    const queryClient = createQueryClient();
    const sendToggle = vi.fn(async (_variables: unknown) => 'sent');
    queryClient.setMutationDefaults(['wishlist', 'toggle'], { mutationFn: sendToggle });
    queryClient.setQueryData(['greeting'], 'Rendered hello');
    const persister = createQueryPersister({ storage: memory.storage, key: KEY, buster: BUILD, saveDelayMs: 0 });

    const stopSaving = restoreBeside(queryClient, persister, BUILD);

    await waitFor(() => expect(queryClient.getQueryData(['farewell'])).toBe('Saved bye'));
    expect(queryClient.getQueryState(['farewell'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryData(['greeting'])).toBe('Rendered hello');
    expect(queryClient.getQueryState(['greeting'])?.isInvalidated).toBe(false);
    await waitFor(() => expect(sendToggle).toHaveBeenCalledTimes(1));
    expect(sendToggle.mock.calls[0]?.[0]).toEqual({ productId: 'p1', add: true });
    stopSaving();
  });

  it('leaves the page as it is when the storage cannot be read', async () => {
    const getItem = vi.fn(async (): Promise<string> => {
      throw new DOMException('IndexedDB is not available', 'UnknownError');
    });
    const persister = createQueryPersister({ storage: { getItem, setItem: async () => {}, removeItem: async () => {} }, key: KEY, buster: BUILD });
    const queryClient = createQueryClient();
    queryClient.setQueryData(['greeting'], 'Rendered hello');

    restoreBeside(queryClient, persister, BUILD);

    await waitFor(() => expect(getItem).toHaveBeenCalled());
    expect(queryClient.getQueryData(['greeting'])).toBe('Rendered hello');
  });
});
