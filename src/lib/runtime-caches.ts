/**
 * Names of the service worker's runtime caches. The page reaches into them too: it drops stale
 * product answers after a change it made, and the image cache when storage runs out.
 */
export const CATALOGUE_CACHE = 'catalogue';
export const IMAGES_CACHE = 'images';
export const FONTS_CACHE = 'fonts';
/** The build's files the precache leaves out: the back office's, once an admin or a seller has loaded them. */
export const BUILD_ASSETS_CACHE = 'build-assets';

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
