import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { isPublicCatalogueRead } from '../contract/public-reads';
import { CATALOGUE_CACHE } from '../src/lib/runtime-caches';
import { isPublicRead } from './requests';

const CATALOGUE_MAX_ENTRIES = 200;
const CATALOGUE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export function isCatalogueRead(request: Request, origin: string): boolean {
  const { pathname } = new URL(request.url);
  return isPublicRead(request, origin) && pathname.startsWith('/api/') && isPublicCatalogueRead(pathname.slice('/api'.length));
}

/**
 * How long the network may take before the kept copy answers: past it the link is as good as gone (offline, or a
 * signal too weak to carry a reply), and the copy is what the shopper can have. The answer still lands in the cache.
 */
export const CATALOGUE_NETWORK_TIMEOUT_SECONDS = 4;

/**
 * Network first: online, the page gets the server's answer (a changed price or stock shows at once), and it is kept;
 * offline, or with no answer within the timeout, the last kept one. Bounded to a week's worth of the most recent
 * answers; only successes are kept.
 */
export function cacheCatalogue(origin: string): void {
  registerRoute(
    ({ request }) => isCatalogueRead(request, origin),
    new NetworkFirst({
      cacheName: CATALOGUE_CACHE,
      networkTimeoutSeconds: CATALOGUE_NETWORK_TIMEOUT_SECONDS,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: CATALOGUE_MAX_ENTRIES, maxAgeSeconds: CATALOGUE_MAX_AGE_SECONDS }),
      ],
    }),
  );
}
