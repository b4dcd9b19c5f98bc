import { describe, expect, it, vi } from 'vitest';
import { CATALOGUE_CACHE, DROP_KEPT_PAGES, dropImageCache, dropKeptPages, forgetCachedProducts } from './runtime-caches';

/** Cache Storage as the browser has it: named caches of requests. */
function stubCaches(urls: string[]) {
  const kept = new Map(urls.map((url) => [url, new Request(url)]));
  const cache = {
    keys: async () => [...kept.values()],
    delete: async (request: Request) => kept.delete(request.url),
  };
  const open = vi.fn(async () => cache);
  vi.stubGlobal('caches', { open });
  return { kept, open };
}

describe('forgetCachedProducts', () => {
  it('drops the kept product lists and details and nothing else', async () => {
    const origin = 'http://127.0.0.1';
    const { kept, open } = stubCaches([
      `${origin}/api/products?page=1`,
      `${origin}/api/products/abc`,
      `${origin}/api/products`,
      `${origin}/api/categories`,
      `${origin}/api/banner`,
      `${origin}/api/productsx`,
    ]);

    await forgetCachedProducts();

    expect(open).toHaveBeenCalledWith(CATALOGUE_CACHE);
    expect([...kept.keys()]).toEqual([`${origin}/api/categories`, `${origin}/api/banner`, `${origin}/api/productsx`]);
  });

  it('does nothing where there is no cache storage', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(forgetCachedProducts()).resolves.toBeUndefined();
  });
});

describe('dropImageCache', () => {
  it("deletes the service worker's image cache and says whether there was one", async () => {
    const deleteCache = vi.fn(async (name: string) => name === 'images');
    vi.stubGlobal('caches', { delete: deleteCache });
    await expect(dropImageCache()).resolves.toBe(true);
    expect(deleteCache).toHaveBeenCalledWith('images');
  });

  it('says nothing was freed where there is no Cache Storage', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(dropImageCache()).resolves.toBe(false);
  });
});

describe('dropKeptPages', () => {
  it('tells the active service worker, once there is one, to drop its kept pages', async () => {
    const postMessage = vi.fn();
    let activate: (registration: unknown) => void = () => undefined;
    const ready = new Promise((resolve) => (activate = resolve));
    vi.stubGlobal('navigator', { serviceWorker: { ready } });
    dropKeptPages();
    await Promise.resolve();
    expect(postMessage).not.toHaveBeenCalled();
    activate({ active: { postMessage } });
    await vi.waitFor(() => expect(postMessage).toHaveBeenCalledWith({ type: DROP_KEPT_PAGES }));
    vi.unstubAllGlobals();
  });

  it('does nothing where there are no service workers', () => {
    vi.stubGlobal('navigator', {});
    expect(() => dropKeptPages()).not.toThrow();
    vi.unstubAllGlobals();
  });
});
