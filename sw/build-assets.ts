import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { BUILD_ASSETS_CACHE } from '../src/lib/runtime-caches';
import { isPublicRead } from './requests';

/** The back office's chunks and styles of about two versions of the app (four files today). */
const BUILD_ASSETS_MAX_ENTRIES = 40;
const BUILD_ASSETS_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** A file of the build (`/assets/<name>-<hash>.<ext>`): its name changes with its content, so a kept copy never goes stale. */
export function isBuildAsset(request: Request, origin: string): boolean {
  if (!isPublicRead(request, origin)) return false;
  const url = new URL(request.url);
  return /^\/assets\/[^/]+\.\w+$/.test(url.pathname) && url.search === '';
}

/**
 * The build's files the precache leaves out, the back office's, kept once an admin or a seller has loaded them so
 * their screens open offline too. The precache's route answers first, so this one sees only what it does not hold.
 */
export function cacheBuildAssets(origin: string): void {
  registerRoute(
    ({ request }) => isBuildAsset(request, origin),
    new CacheFirst({
      cacheName: BUILD_ASSETS_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: BUILD_ASSETS_MAX_ENTRIES, maxAgeSeconds: BUILD_ASSETS_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
      ],
    }),
  );
}
