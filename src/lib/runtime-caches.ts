/**
 * Names of the service worker's runtime caches. The page reaches into them too: it drops stale
 * product answers after a change it made, and the image cache when storage runs out.
 */
export const CATALOGUE_CACHE = 'catalogue';
export const IMAGES_CACHE = 'images';
export const FONTS_CACHE = 'fonts';
/** The build's files the precache leaves out: the back office's, once an admin or a seller has loaded them. */
export const BUILD_ASSETS_CACHE = 'build-assets';
/**
 * The server-rendered public pages the service worker keeps, one cache per build (`kept-pages-<build>`): a kept page
 * names its build's hashed files, so a new build starts with none.
 */
export const KEPT_PAGES_CACHE_PREFIX = 'kept-pages-';

/**
 * How long anything kept for a later visit is worth showing: the saved query cache, and the pages the service worker
 * keeps. The query client keeps unused data at least as long (gcTime).
 */
export const SAVED_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** What the page posts to the service worker when the shopper changes language: the kept pages are in the old one. */
export const DROP_KEPT_PAGES = 'DROP_KEPT_PAGES';

/**
 * Tells the service worker to drop its kept pages, waiting for it when it is still being installed (it keeps the start
 * page then). The worker drops them itself, so a page it is fetching in the old language is not kept either.
 */
export function dropKeptPages(): void {
  void navigator.serviceWorker?.ready.then((registration) => registration.active?.postMessage({ type: DROP_KEPT_PAGES }));
}

const PRODUCT_ANSWERS = /^\/api\/products(\/|\?|$)/;

/**
 * After a change the shopper made to products (a review, an order taking stock), the service worker's copies
 * would answer a read made offline, or on a link too slow to answer, with the old figures: drop them first.
 */
export async function forgetCachedProducts(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(CATALOGUE_CACHE);
    const requests = await cache.keys();
    const stale = requests.filter((request) => {
      const { pathname, search } = new URL(request.url);
      return PRODUCT_ANSWERS.test(pathname + search);
    });
    await Promise.all(stale.map((request) => cache.delete(request)));
  } catch {
    // Cache storage unavailable (private mode, storage blocked): nothing was kept to go stale.
  }
}

/** The image cache is the first thing to go when storage runs out: images can be fetched again. True when it existed. */
export async function dropImageCache(): Promise<boolean> {
  if (typeof caches === 'undefined') return false;
  return caches.delete(IMAGES_CACHE);
}
