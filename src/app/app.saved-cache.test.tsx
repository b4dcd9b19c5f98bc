import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAVED_QUERIES_KEY } from '@/lib/saved-queries';
import { ok, stubApi } from '@/test/api';
import { savedQuery } from '@/test/saved-state';
import { App, createBrowserApp } from './app';

/** How often the saved cache's code (IndexedDB, the persister, TanStack's persist client) has been imported. */
const savedCacheCode = vi.hoisted(() => ({ imports: 0 }));
vi.mock('./persistence/saved-cache', async (importOriginal) => {
  savedCacheCode.imports += 1;
  return importOriginal();
});

// IndexedDB is not in jsdom: idb-keyval's store is a map here, the edge the saved cache is read from and written to.
const stored = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  get: async (key: string) => stored.get(key),
  set: async (key: string, value: unknown) => void stored.set(key, value),
  del: async (key: string) => void stored.delete(key),
}));

const savedCopy = (): PersistedClient => ({
  buster: __BUILD_ID__,
  timestamp: Date.now(),
  clientState: { mutations: [], queries: [savedQuery('seen-last-time', Date.now() - 60_000, 'Saved answer')] },
});
const savedKeys = () => (JSON.parse(String(stored.get(SAVED_QUERIES_KEY))) as PersistedClient).clientState.queries.map((query) => query.queryKey);

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  stubApi({ 'GET /api/logo': ok(null) });
  window.history.replaceState(null, '', '/cart');
  stored.set(SAVED_QUERIES_KEY, JSON.stringify(savedCopy()));
});

afterEach(() => {
  stored.clear();
});

// One module registry for the file: the first test sees the first import.
describe("the saved cache's code", () => {
  it('is imported by a rendered page only once it has hydrated; the saved cache is then restored beside the page', async () => {
    const app = createBrowserApp();
    app.queryClient.setQueryData(['read-by-the-page'], 'Rendered answer');
    // Rendering the page, which hydrating does before any effect runs, imports nothing of it.
    renderToString(<App app={app} hydrating />);
    expect(savedCacheCode.imports).toBe(0);

    render(<App app={app} hydrating />);
    // The test runner compiles the lazily imported code on demand: on a busy machine that takes seconds.
    await waitFor(() => expect(app.queryClient.getQueryData(['seen-last-time'])).toBe('Saved answer'), { timeout: 15_000 });
    expect(savedCacheCode.imports).toBe(1);
    expect(app.queryClient.getQueryData(['read-by-the-page'])).toBe('Rendered answer');
    // From then on the cache is saved, the page's own reads with it.
    await waitFor(() => expect(savedKeys()).toContainEqual(['read-by-the-page']));
  }, 30_000);

  it('is loaded by the shell before its first screen, which shows the restored cache', async () => {
    const app = createBrowserApp();
    const loaded = vi.spyOn(app, 'savedCache');
    render(<App app={app} hydrating={false} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Shopping Cart' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(loaded).toHaveBeenCalled();
    expect(app.queryClient.getQueryData(['seen-last-time'])).toBe('Saved answer');
  }, 30_000);
});
