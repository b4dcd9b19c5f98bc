/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

/** Paths the server answers itself: the API (payment callbacks included) and the sandbox gateway's pages. */
export const NAVIGATION_DENYLIST = [/^\/api\//, /^\/sandbox\//];

// The app shell (HTML, JS, CSS, icons) is precached; the build injects the list with revisions.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every client-side route is served from the precached index.html, so the shell opens offline.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

// A waiting version takes over only when the page asks, after the user agreed to reload.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
