import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * Paths a browser may open that the server must answer itself: the API (payment callbacks included), the sandbox
 * gateway's pages, images, build assets and icons, the numbered sitemaps, and files at the top level (sw.js,
 * manifest.webmanifest, robots.txt, sitemap.xml).
 */
const NAVIGATION_DENYLIST = [
  /^\/api\//,
  /^\/sandbox\//,
  /^\/media\//,
  /^\/assets\//,
  /^\/icons\//,
  /^\/screenshots\//,
  /^\/sitemaps\//,
  /^\/[^/?]+\.\w+(\?|$)/,
];

/** Whether opening `url` gets the app shell; NavigationRoute tests the same list against the path and query. */
export function servesAppShell(url: URL): boolean {
  const path = url.pathname + url.search;
  return !NAVIGATION_DENYLIST.some((pattern) => pattern.test(path));
}

/**
 * The app shell (HTML, JS, CSS) is precached with the revisions the build injects, and every client-side route is
 * served from the precached index.html, so the shop opens with no connection.
 */
export function precacheShell(manifest: Array<PrecacheEntry | string>): void {
  precacheAndRoute(manifest);
  cleanupOutdatedCaches();
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));
}
