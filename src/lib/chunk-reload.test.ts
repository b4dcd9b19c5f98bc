import { beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  sessionStorage.clear();
  vi.resetModules();
});

const load = () => import('./chunk-reload');

describe('reloading for a new build', () => {
  it('tells a failed import or preload from other errors', async () => {
    const { isChunkLoadError } = await load();
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://shop/assets/cart-Ab12.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/checkout-Cd34.css'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'price')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, and not again within the window: a second failure is left to the error screen', async () => {
    const { reloadForNewBuild, isReloadingForNewBuild, CHUNK_RELOAD_WINDOW_MS } = await load();
    const reload = vi.fn();
    expect(reloadForNewBuild(1_000_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(isReloadingForNewBuild()).toBe(true);

    // The reloaded page (a fresh module, the same tab's sessionStorage) fails again soon after.
    vi.resetModules();
    const reloaded = await load();
    expect(reloaded.reloadForNewBuild(1_000_000 + CHUNK_RELOAD_WINDOW_MS - 1, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloaded.isReloadingForNewBuild()).toBe(false);

    // Another release, later the same day: reloading is right again.
    expect(reloaded.reloadForNewBuild(1_000_000 + CHUNK_RELOAD_WINDOW_MS + 1, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('reloads on Vite’s preload failure', async () => {
    const { reloadOnFailedChunks, isReloadingForNewBuild } = await load();
    const reload = vi.fn();
    reloadOnFailedChunks(reload);
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(isReloadingForNewBuild()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads where sessionStorage is refused, as nothing could stop a loop', async () => {
    const { reloadForNewBuild } = await load();
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const reload = vi.fn();
    expect(reloadForNewBuild(Date.now(), reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    getItem.mockRestore();
  });
});
