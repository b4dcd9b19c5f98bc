import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { IMAGES_CACHE } from '../src/lib/runtime-caches';
import { isPublicRead } from './requests';

const IMAGES_MAX_ENTRIES = 300;
const IMAGES_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** A resized upload (`/media/<hash>.<ext>?w=…`): its name is its content's hash, so a kept copy never goes stale. */
export function isResizedImage(request: Request, origin: string): boolean {
  if (!isPublicRead(request, origin)) return false;
  const url = new URL(request.url);
  return url.pathname.startsWith('/media/') && url.searchParams.has('w');
}

/** Cache first, bounded by count and age; the whole cache is the first thing given up when storage runs out. */
export function cacheImages(origin: string): void {
  registerRoute(
    ({ request }) => isResizedImage(request, origin),
    new CacheFirst({
      cacheName: IMAGES_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: IMAGES_MAX_ENTRIES, maxAgeSeconds: IMAGES_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
      ],
    }),
  );
}
