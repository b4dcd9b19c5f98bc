/// <reference lib="webworker" />
import { matchPrecache, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { LOCALE_PARAMETER } from '../contract/locale';
import { PAGE_ATTRIBUTES } from '../contract/page-document';
import { DROP_KEPT_PAGES, KEPT_PAGES_CACHE_PREFIX, SAVED_CACHE_MAX_AGE_MS } from '../src/lib/runtime-caches';
import { isPublicRead } from './requests';

declare const self: ServiceWorkerGlobalScope;

/** At most this many pages are kept, the most recently kept: a shopper's usual pages, a couple of MB at most. */
export const KEPT_PAGES_MAX = 30;
/**
 * A kept copy younger than this is shown without asking the server for a newer one: a shopper going back and forth on
 * 3G spares the data, and the page itself asks for its data again once it has hydrated.
 */
export const KEPT_PAGE_REFRESH_AFTER_MS = 60_000;
/** The web app manifest's `start_url`: the page a shopper reopens from the home screen, kept as the worker installs. */
export const START_PAGE = '/';
/** Carries when a copy was kept, so its age is read without reading its body. */
const KEPT_AT_HEADER = 'X-Kept-At';

/**
 * The paths of the pages the server renders: those whose routes say `ssr: true` (the home page, the listing with any
 * query, a product, `/unauthorized`). The route table decides on the server; the worker cannot load it, so this is
 * checked against it (sw/pages.test.ts). A product id that cannot be one is a 404, which is never kept.
 */
const RENDERED_PAGE_PATH = /^\/(?:products(?:\/[\w-]{1,64})?|unauthorized)?$/;

/** The root element of a page the server rendered: the shell's has no attributes, a rendered page's says its origin. */
const RENDERED_ROOT = new RegExp(`<div id="root"(?=[^>]*\\s${PAGE_ATTRIBUTES.origin}=")`);

/** The kept pages' cache of this build: named after the precached shell's revision, which changes with every build. */
export function keptPagesCacheName(manifest: ReadonlyArray<PrecacheEntry | string>): string {
  const shell = manifest.find((entry) => typeof entry !== 'string' && /^\/?index\.html$/.test(entry.url));
  return `${KEPT_PAGES_CACHE_PREFIX}${typeof shell === 'object' ? (shell.revision ?? 'unversioned') : 'unversioned'}`;
}

/**
 * A page the worker may keep and answer from its copy: a read of a page the server renders, on this origin, with no
 * token. An address that chooses the language (`?lang=`) is never kept: it is a choice, not a page.
 */
export function isKeptPageRequest(request: Request, origin: string): boolean {
  if (!isPublicRead(request, origin)) return false;
  const url = new URL(request.url);
  return RENDERED_PAGE_PATH.test(url.pathname) && !url.searchParams.has(LOCALE_PARAMETER);
}

/** A page opened with `?lang=`: the shopper may have changed language, and every kept page may be in the old one. */
export function choosesLanguage(request: Request, origin: string): boolean {
  if (request.mode !== 'navigate') return false;
  const url = new URL(request.url);
  return url.origin === origin && url.searchParams.has(LOCALE_PARAMETER);
}

/** An answer that may be a rendered page: a 200 of this origin's HTML, not redirected. */
export function isKeepableAnswer(answer: Response): boolean {
  return (
    answer.status === 200 &&
    (answer.type === 'basic' || answer.type === 'default') &&
    !answer.redirected &&
    (answer.headers.get('Content-Type') ?? '').startsWith('text/html')
  );
}

/** The server's render, not the shell it answers with when a render fails or takes too long (or for a private page). */
export function isRenderedDocument(html: string): boolean {
  return RENDERED_ROOT.test(html);
}

/** The build's scripts the precache holds, as addresses (`/assets/index-AbC123.js`). */
export function precachedScripts(manifest: ReadonlyArray<PrecacheEntry | string>): Set<string> {
  return new Set(
    manifest
      .map((entry) => (typeof entry === 'string' ? entry : entry.url))
      .filter((url) => url.endsWith('.js'))
      .map((url) => (url.startsWith('/') ? url : `/${url}`)),
  );
}

/**
 * Whether a rendered page starts this worker's build: every script it names in full (its entry, which the server
 * writes as a quoted address) is precached. A page the server rendered from a newer build, deployed before this
 * worker is replaced, names files this worker does not hold, and would not start offline.
 */
export function isOfWorkerBuild(html: string, precached: ReadonlySet<string>): boolean {
  const scripts = [...html.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map(([, script]) => script!);
  return scripts.length > 0 && scripts.every((script) => precached.has(script));
}

/** The document as kept: its root element says when, so the browser treats the data it carries as possibly old. */
export function markKept(html: string, keptAt: number): string {
  return html.replace(RENDERED_ROOT, `<div id="root" ${PAGE_ATTRIBUTES.keptAt}="${keptAt}"`);
}

/**
 * The copy kept of a rendered answer: its marked document with the answer's own headers, so the Content-Security-Policy
 * still carries the nonce of the document's scripts. The body is stored decoded, so it names no content coding.
 */
export function keptCopy(answer: Response, html: string, keptAt: number): Response {
  const headers = new Headers(answer.headers);
  headers.delete('Content-Encoding');
  headers.delete('Content-Length');
  headers.set(KEPT_AT_HEADER, String(keptAt));
  return new Response(markKept(html, keptAt), { status: answer.status, statusText: answer.statusText, headers });
}

/** How long ago a copy was kept; a copy that does not say is as good as none. */
export function keptAge(copy: Response, now: number): number {
  const keptAt = Number(copy.headers.get(KEPT_AT_HEADER));
  return Number.isFinite(keptAt) && keptAt > 0 ? Math.max(0, now - keptAt) : Infinity;
}

/** A copy is shown for as long as the saved query cache is worth restoring (a week), and no longer. */
export const isServable = (copy: Response, now: number): boolean => keptAge(copy, now) <= SAVED_CACHE_MAX_AGE_MS;

/** Whether the server is asked for a newer copy behind the one shown. */
export const isRefreshDue = (copy: Response, now: number): boolean => keptAge(copy, now) >= KEPT_PAGE_REFRESH_AFTER_MS;

/** The copies to drop: those past the week, and beyond the KEPT_PAGES_MAX most recently kept. */
export function pagesToDrop(copies: ReadonlyArray<{ url: string; age: number }>, max = KEPT_PAGES_MAX): string[] {
  const byAge = [...copies].sort((a, b) => a.age - b.age);
  return byAge.filter((copy, index) => index >= max || copy.age > SAVED_CACHE_MAX_AGE_MS).map((copy) => copy.url);
}

export function isDropKeptPages(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === DROP_KEPT_PAGES;
}

/**
 * Keeps the server-rendered public pages in `cacheName` and answers a visit to one from its copy at once, so a repeat
 * visit or an offline reopen shows the page before any script has run:
 *
 * - With a copy (of the same address, query included, at most a week old): the copy, and when it is a minute old or
 *   more, a newer one fetched behind it for next time. The page asks for its data again once it has hydrated.
 * - Without one: the precached shell, as for any page, and the rendered page fetched behind it (online only).
 * - Only the server's renders are kept (a 200 HTML answer whose root element says it was rendered) of this worker's
 *   build, never the shell, a redirect, an error, a private page, the API or the back office; at most KEPT_PAGES_MAX.
 * - Pages are rendered in the shopper's language: a language change (the page's message, or an address with `?lang=`)
 *   drops them all, and a page fetched before that is not kept.
 * - The start page is kept as the worker installs. The cache belongs to this build: the next one drops it.
 *
 * Registered before the precache's route, which would answer `/` with the shell, and before any other route.
 */
export function keepPages(origin: string, cacheName: string, manifest: ReadonlyArray<PrecacheEntry | string>): void {
  const scripts = precachedScripts(manifest);
  /** Moves on with every drop: a page fetched before it may be in the old language. */
  let generation = 0;
  /** A drop under way: a visit right after the message that asked for it waits for it. */
  let dropping = Promise.resolve();
  const fetching = new Set<string>();

  const drop = () => {
    generation += 1;
    dropping = caches.delete(cacheName).then(
      () => undefined,
      () => undefined,
    );
    return dropping;
  };

  const prune = async (cache: Cache, now: number) => {
    const copies = await Promise.all(
      (await cache.keys()).map(async (key) => {
        const copy = await cache.match(key);
        return { url: key.url, age: copy ? keptAge(copy, now) : Infinity };
      }),
    );
    await Promise.all(pagesToDrop(copies).map((url) => cache.delete(url, { ignoreVary: true })));
  };

  /** Fetches the page and keeps it if it is a render; a failure leaves things as they were. */
  const keep = async (request: Request) => {
    if (!self.navigator.onLine || fetching.has(request.url)) return;
    fetching.add(request.url);
    const startedIn = generation;
    try {
      const answer = await fetch(request);
      if (!isKeepableAnswer(answer)) return;
      const html = await answer.text();
      if (!isRenderedDocument(html) || !isOfWorkerBuild(html, scripts)) return;
      const cache = await caches.open(cacheName);
      if (startedIn !== generation) return;
      const now = Date.now();
      await cache.put(request.url, keptCopy(answer, html, now));
      await prune(cache, now);
    } catch {
      // Offline after all, or storage refused: the shell still answers, and the next visit tries again.
    } finally {
      fetching.delete(request.url);
    }
  };

  const shell = async (request: Request) => (await matchPrecache('/index.html')) ?? fetch(request);

  // Before the router's own listener, which the first route registers: a fetch event it answers (`respondWith`)
  // goes to no listener after it.
  self.addEventListener('fetch', (event) => {
    if (choosesLanguage(event.request, origin)) event.waitUntil(drop());
  });
  registerRoute(
    ({ request }) => request.mode === 'navigate' && isKeptPageRequest(request, origin),
    async ({ request, event }) => {
      await dropping;
      const now = Date.now();
      const copy = await caches.match(request.url, { cacheName, ignoreVary: true }).catch(() => undefined);
      const servable = copy !== undefined && isServable(copy, now);
      if (!servable || isRefreshDue(copy, now)) event.waitUntil(keep(request));
      return servable ? copy : shell(request);
    },
  );

  self.addEventListener('message', (event) => {
    if (isDropKeptPages(event.data)) event.waitUntil(drop());
  });
  self.addEventListener('install', (event) => {
    event.waitUntil(keep(new Request(new URL(START_PAGE, origin), { credentials: 'same-origin' })));
  });
}
