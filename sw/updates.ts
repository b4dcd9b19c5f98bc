/// <reference lib="webworker" />
import { cacheNames, clientsClaim } from 'workbox-core';
import { BUILD_ASSETS_CACHE, CATALOGUE_CACHE, FONTS_CACHE, IMAGES_CACHE } from '../src/lib/runtime-caches';

declare const self: ServiceWorkerGlobalScope;

/** What the page posts once the shopper agreed to reload onto the waiting version. */
export const SKIP_WAITING = 'SKIP_WAITING';

export function isSkipWaiting(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SKIP_WAITING;
}

/** Caches this version does not use: runtime caches of names given up, left by an older version. */
export function unusedCaches(names: readonly string[], inUse: readonly string[]): string[] {
  return names.filter((name) => !inUse.includes(name));
}

/**
 * A new version waits until the page asks (the shopper may be filling in a form), then takes over every open page.
 * The very first version takes the page that installed it at once, so its images and catalogue answers are kept
 * from the first visit on; that is no update, and the page does not reload for it. On taking over it drops the caches
 * it does not use, among them the previous build's kept pages (`buildCaches`: this build's caches of its own).
 */
export function handleUpdates(buildCaches: readonly string[]): void {
  self.addEventListener('message', (event) => {
    if (isSkipWaiting(event.data)) void self.skipWaiting();
  });
  clientsClaim();
  self.addEventListener('activate', (event) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) =>
          Promise.all(
            unusedCaches(names, [cacheNames.precache, CATALOGUE_CACHE, IMAGES_CACHE, FONTS_CACHE, BUILD_ASSETS_CACHE, ...buildCaches]).map((name) =>
              caches.delete(name),
            ),
          ),
        ),
    );
  });
}
