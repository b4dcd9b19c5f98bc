import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';
import { FONTS_CACHE } from '../src/lib/runtime-caches';
import { isPublicRead } from './requests';

/** The shop's face at its two weights. */
const FONTS_MAX_ENTRIES = 2;

/**
 * The shop's Bangla face (`/fonts/<name>.woff2`), which the browser asks for only on pages with Bangla text, so it is
 * not precached. The server cuts it again when the shop's words change, under the same address.
 */
export function isShopFont(request: Request, origin: string): boolean {
  if (!isPublicRead(request, origin)) return false;
  return /^\/fonts\/[\w-]+\.woff2$/.test(new URL(request.url).pathname);
}

/** The kept copy at once, a fresh one fetched behind it: Bangla text keeps its letters offline, and new words come. */
export function cacheFonts(origin: string): void {
  registerRoute(
    ({ request }) => isShopFont(request, origin),
    new StaleWhileRevalidate({
      cacheName: FONTS_CACHE,
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: FONTS_MAX_ENTRIES, purgeOnQuotaError: true })],
    }),
  );
}
