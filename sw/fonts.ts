import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { FONTS_CACHE } from '../src/lib/runtime-caches';
import { isPublicRead } from './requests';

/** Two weights of one font; the room for one more set after a build that changes them. */
const FONTS_MAX_ENTRIES = 4;

/**
 * A built font (`/assets/<name>-<hash>.woff2`) that is not precached: the Bengali text font, which the browser asks
 * for only on pages with Bangla text. Its name carries its content's hash, so a kept copy never goes stale.
 */
export function isBuiltFont(request: Request, origin: string): boolean {
  if (!isPublicRead(request, origin)) return false;
  return /^\/assets\/[^/]+\.woff2$/.test(new URL(request.url).pathname);
}

/** Cache first: once a page has needed the font, Bangla text keeps its letters offline. */
export function cacheFonts(origin: string): void {
  registerRoute(
    ({ request }) => isBuiltFont(request, origin),
    new CacheFirst({
      cacheName: FONTS_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: FONTS_MAX_ENTRIES, purgeOnQuotaError: true }),
      ],
    }),
  );
}
