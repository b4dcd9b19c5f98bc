import { readFileSync } from 'node:fs';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerRoute } from 'workbox-routing';
import { rendersOnServer } from '@/app/page-renderer';
import { createAppRouter } from '@/app/router';
import { DROP_KEPT_PAGES, KEPT_PAGES_CACHE_PREFIX, SAVED_CACHE_MAX_AGE_MS } from '@/lib/runtime-caches';
import {
  choosesLanguage,
  isDropKeptPages,
  isKeepableAnswer,
  isKeptPageRequest,
  isOfWorkerBuild,
  isRefreshDue,
  isRenderedDocument,
  isServable,
  keepPages,
  KEPT_PAGE_REFRESH_AFTER_MS,
  KEPT_PAGES_MAX,
  keptAge,
  keptCopy,
  keptPagesCacheName,
  markKept,
  pagesToDrop,
  precachedScripts,
  START_PAGE,
} from './pages';
import { unusedCaches } from './updates';

vi.mock('workbox-routing', () => ({ registerRoute: vi.fn() }));
vi.mock('workbox-precaching', () => ({
  matchPrecache: vi.fn(async () => new Response('<div id="root"><noscript>Turn on JavaScript</noscript></div>', { headers: { 'Content-Type': 'text/html' } })),
}));

const ORIGIN = 'https://haat.example';
const get = (path: string, init?: RequestInit) => new Request(`${ORIGIN}${path}`, init);
const navigation = (path: string) => {
  const request = get(path);
  // A Request made in a page cannot be a navigation; the worker's fetch events carry them.
  Object.defineProperty(request, 'mode', { value: 'navigate' });
  return request;
};

/** The shell and a page rendered from it, as the server writes them (server/http/pages.ts). */
const SHELL = `<!doctype html><html lang="en"><head><title>haat</title><script type="module" crossorigin src="/assets/index-AbC123.js"></script></head><body><div id="root"><noscript>Turn on JavaScript</noscript></div></body></html>`;
const RENDERED = `<!doctype html><html lang="en"><head><title>haat</title></head><body><div id="root" data-origin="https://haat.example"><main>Offer Products</main></div><script nonce="n0nce">add('script',{type:'module',crossOrigin:'',src:"/assets/index-AbC123.js"})</script></body></html>`;

const htmlAnswer = (body: string, init: ResponseInit = {}) =>
  new Response(body, { status: 200, ...init, headers: { 'Content-Type': 'text/html; charset=utf-8', ...init.headers } });

describe('isKeptPageRequest', () => {
  it.each(['/', '/products', '/products?category=c1&page=2&sortBy=priceLowToHigh', '/products/66a1b2c3d4e5f60718293a4b', '/unauthorized'])(
    'keeps the rendered page %s',
    (path) => {
      expect(isKeptPageRequest(get(path), ORIGIN)).toBe(true);
    },
  );

  it.each([
    '/cart',
    '/checkout',
    '/wishlist',
    '/login',
    '/register',
    '/user/my-orders',
    '/admin/dashboard',
    '/seller/products',
    '/payment/success/T1',
    '/api/products',
    '/api/products/p1',
    '/products/not%20an%20id',
    '/products/p1/reviews',
    '/index.html',
    '/sw.js',
  ])('leaves %s to the shell or the server', (path) => {
    expect(isKeptPageRequest(get(path), ORIGIN)).toBe(false);
  });

  it('never keeps an address that chooses the language, a write, a request with a token or another origin', () => {
    expect(isKeptPageRequest(get('/?lang=bn'), ORIGIN)).toBe(false);
    expect(isKeptPageRequest(get('/products?category=c1&lang=en'), ORIGIN)).toBe(false);
    expect(isKeptPageRequest(get('/', { method: 'POST' }), ORIGIN)).toBe(false);
    expect(isKeptPageRequest(get('/', { headers: { Authorization: 'Bearer t' } }), ORIGIN)).toBe(false);
    expect(isKeptPageRequest(new Request('https://elsewhere.example/'), ORIGIN)).toBe(false);
  });

  it('keeps exactly the pages whose routes the server renders', () => {
    const router = createAppRouter(new QueryClient());
    const paths = Object.keys(router.routesByPath).map(
      (fullPath) =>
        fullPath
          .split('/')
          .map((segment) => (segment === '$' ? 'rest' : segment.startsWith('$') ? 'p1' : segment))
          .join('/')
          .replace(/(.)\/$/, '$1') || '/',
    );
    expect(paths).toEqual(expect.arrayContaining(['/', '/products', '/products/p1', '/cart', '/checkout']));
    for (const path of paths) expect({ path, kept: isKeptPageRequest(get(path), ORIGIN) }).toEqual({ path, kept: rendersOnServer(router, path) });
  });
});

describe('choosesLanguage', () => {
  it('sees a page opened with ?lang= on this origin', () => {
    expect(choosesLanguage(navigation('/?lang=bn'), ORIGIN)).toBe(true);
    expect(choosesLanguage(navigation('/cart?lang=en'), ORIGIN)).toBe(true);
    expect(choosesLanguage(navigation('/'), ORIGIN)).toBe(false);
    expect(choosesLanguage(get('/api/products?lang=bn'), ORIGIN)).toBe(false);
  });
});

describe('the start page', () => {
  it("is the web app manifest's start_url", () => {
    const manifest = JSON.parse(readFileSync('manifest.webmanifest', 'utf8')) as { start_url: string };
    expect(START_PAGE).toBe(manifest.start_url);
    expect(isKeptPageRequest(get(START_PAGE), ORIGIN)).toBe(true);
  });
});

describe('which answers are kept', () => {
  it("keeps the server's render, not the shell it answers with when a render fails or for a private page", () => {
    expect(isRenderedDocument(RENDERED)).toBe(true);
    expect(isRenderedDocument(SHELL)).toBe(false);
  });

  it('keeps a 200 HTML answer only', () => {
    expect(isKeepableAnswer(htmlAnswer(RENDERED))).toBe(true);
    expect(isKeepableAnswer(htmlAnswer(RENDERED, { status: 404 }))).toBe(false);
    expect(isKeepableAnswer(htmlAnswer(RENDERED, { status: 503 }))).toBe(false);
    expect(isKeepableAnswer(new Response('{}', { headers: { 'Content-Type': 'application/json' } }))).toBe(false);
    const redirected = htmlAnswer(RENDERED);
    Object.defineProperty(redirected, 'redirected', { value: true });
    expect(isKeepableAnswer(redirected)).toBe(false);
  });

  it("keeps a page of the worker's own build only: the scripts it names are precached", () => {
    const precached = precachedScripts([
      { url: 'index.html', revision: 'aaa111' },
      { url: 'assets/index-AbC123.js', revision: null },
      'assets/framework-x1.js',
    ]);
    expect([...precached]).toEqual(['/assets/index-AbC123.js', '/assets/framework-x1.js']);
    expect(isOfWorkerBuild(RENDERED, precached)).toBe(true);
    expect(isOfWorkerBuild(RENDERED.replace('index-AbC123.js', 'index-NeW456.js'), precached)).toBe(false);
    expect(isOfWorkerBuild(SHELL.replace('<script type="module" crossorigin src="/assets/index-AbC123.js"></script>', ''), precached)).toBe(false);
  });
});

describe('the kept copy', () => {
  it('says on its root element when it was kept, keeping what the server said of the page', () => {
    const marked = markKept(RENDERED, 1_700_000_000_000);
    expect(marked).toContain('<div id="root" data-kept-at="1700000000000" data-origin="https://haat.example">');
    expect(isRenderedDocument(marked)).toBe(true);
    const root = new DOMParser().parseFromString(marked, 'text/html').getElementById('root')!;
    expect(root.getAttribute('data-kept-at')).toBe('1700000000000');
    expect(root.getAttribute('data-origin')).toBe(ORIGIN);
  });

  it("keeps the answer's headers with its body, so the policy's nonce matches the scripts'", async () => {
    const policy = "default-src 'self'; script-src 'self' 'nonce-n0nce'";
    const answer = htmlAnswer(RENDERED, { headers: { 'Content-Security-Policy': policy, 'Content-Encoding': 'br', Vary: 'Cookie' } });
    const copy = keptCopy(answer, RENDERED, 1_000);
    expect(copy.status).toBe(200);
    expect(copy.headers.get('Content-Security-Policy')).toBe(policy);
    expect(copy.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    // Stored decoded: a coding named here would have the browser decode it again.
    expect(copy.headers.get('Content-Encoding')).toBeNull();
    const html = await copy.text();
    expect(html).toContain('nonce="n0nce"');
    expect(html).toContain('data-kept-at="1000"');
    expect(keptAge(copy, 61_000)).toBe(60_000);
  });

  it('is shown for a week, and fetched again behind it once a minute old', () => {
    const copy = keptCopy(htmlAnswer(RENDERED), RENDERED, 1_000);
    expect(isServable(copy, 1_000)).toBe(true);
    expect(isRefreshDue(copy, 1_000 + KEPT_PAGE_REFRESH_AFTER_MS - 1)).toBe(false);
    expect(isRefreshDue(copy, 1_000 + KEPT_PAGE_REFRESH_AFTER_MS)).toBe(true);
    expect(isServable(copy, 1_000 + SAVED_CACHE_MAX_AGE_MS)).toBe(true);
    expect(isServable(copy, 1_000 + SAVED_CACHE_MAX_AGE_MS + 1)).toBe(false);
    expect(SAVED_CACHE_MAX_AGE_MS).toBe(7 * 24 * 60 * 60 * 1000);
  });

  it('is never shown when it does not say when it was kept', () => {
    const unmarked = htmlAnswer(RENDERED);
    expect(isServable(unmarked, 1_000)).toBe(false);
    expect(isRefreshDue(unmarked, 1_000)).toBe(true);
  });
});

describe('pagesToDrop', () => {
  it(`keeps the ${KEPT_PAGES_MAX} most recently kept pages, dropping the oldest`, () => {
    const copies = Array.from({ length: KEPT_PAGES_MAX + 3 }, (_, index) => ({ url: `${ORIGIN}/products/p${index}`, age: index * 1_000 }));
    expect(pagesToDrop(copies.toReversed())).toEqual([
      `${ORIGIN}/products/p${KEPT_PAGES_MAX}`,
      `${ORIGIN}/products/p${KEPT_PAGES_MAX + 1}`,
      `${ORIGIN}/products/p${KEPT_PAGES_MAX + 2}`,
    ]);
    expect(pagesToDrop(copies.slice(0, KEPT_PAGES_MAX))).toEqual([]);
  });

  it('drops a page older than the saved cache is worth, and one whose age is unknown', () => {
    expect(
      pagesToDrop([
        { url: `${ORIGIN}/`, age: 5_000 },
        { url: `${ORIGIN}/products`, age: SAVED_CACHE_MAX_AGE_MS + 1 },
        { url: `${ORIGIN}/products/p1`, age: Infinity },
      ]),
    ).toEqual([`${ORIGIN}/products`, `${ORIGIN}/products/p1`]);
  });
});

describe('a new build', () => {
  it("keeps its pages in a cache of its own, named after the shell's revision", () => {
    const first = keptPagesCacheName([{ url: 'index.html', revision: 'aaa111' }, { url: 'assets/index-AbC123.js', revision: null }, 'favicon.svg']);
    const next = keptPagesCacheName([{ url: 'index.html', revision: 'bbb222' }]);
    expect(first).toBe(`${KEPT_PAGES_CACHE_PREFIX}aaa111`);
    expect(next).toBe(`${KEPT_PAGES_CACHE_PREFIX}bbb222`);
  });

  it("drops the previous build's kept pages when it takes over", () => {
    const next = keptPagesCacheName([{ url: 'index.html', revision: 'bbb222' }]);
    const inUse = ['workbox-precache-v2-https://haat.example/', 'catalogue', next];
    expect(unusedCaches(['workbox-precache-v2-https://haat.example/', 'catalogue', `${KEPT_PAGES_CACHE_PREFIX}aaa111`, next], inUse)).toEqual([
      `${KEPT_PAGES_CACHE_PREFIX}aaa111`,
    ]);
  });
});

describe('isDropKeptPages', () => {
  it("answers only the page's message that the language changed", () => {
    expect(isDropKeptPages({ type: DROP_KEPT_PAGES })).toBe(true);
    expect(isDropKeptPages({ type: 'SKIP_WAITING' })).toBe(false);
    expect(isDropKeptPages(DROP_KEPT_PAGES)).toBe(false);
    expect(isDropKeptPages(null)).toBe(false);
  });
});

/** Cache Storage as the worker has it, in memory: named caches of answers by address. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const urlOf = (request: RequestInfo | URL) => (request instanceof Request ? request.url : new URL(String(request), ORIGIN).href);
  const cacheOf = (store: Map<string, Response>) => ({
    match: async (request: RequestInfo) => store.get(urlOf(request))?.clone(),
    put: async (request: RequestInfo, answer: Response) => void store.set(urlOf(request), answer),
    delete: async (request: RequestInfo) => store.delete(urlOf(request)),
    keys: async () => [...store.keys()].map((url) => new Request(url)),
  });
  return {
    stores,
    caches: {
      open: async (name: string) => {
        if (!stores.has(name)) stores.set(name, new Map());
        return cacheOf(stores.get(name)!);
      },
      delete: async (name: string) => stores.delete(name),
      match: async (request: RequestInfo, { cacheName }: { cacheName: string }) => stores.get(cacheName)?.get(urlOf(request))?.clone(),
    },
  };
}

describe('keepPages', () => {
  const CACHE = `${KEPT_PAGES_CACHE_PREFIX}aaa111`;
  const MANIFEST = [
    { url: 'index.html', revision: 'aaa111' },
    { url: 'assets/index-AbC123.js', revision: null },
  ];
  let storage: ReturnType<typeof memoryCaches>;
  let listeners: Record<string, Array<(event: unknown) => void>>;
  let waiting: Promise<unknown>[];
  let online: boolean;
  let server: (request: Request) => Promise<Response>;

  beforeEach(() => {
    storage = memoryCaches();
    listeners = {};
    waiting = [];
    online = true;
    server = async () => htmlAnswer(RENDERED);
    vi.mocked(registerRoute).mockClear();
    vi.stubGlobal('caches', storage.caches);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => server(request)),
    );
    vi.stubGlobal('self', {
      navigator: {
        get onLine() {
          return online;
        },
      },
      addEventListener: (type: string, listener: (event: unknown) => void) => (listeners[type] ??= []).push(listener),
    });
    keepPages(ORIGIN, CACHE, MANIFEST);
  });
  afterEach(() => vi.unstubAllGlobals());

  const extendable = () => ({ waitUntil: (promise: Promise<unknown>) => void waiting.push(promise) });
  const settled = async () => {
    while (waiting.length > 0) await Promise.all(waiting.splice(0));
  };
  /** A visit to `path` as the worker's route gets it; the answer, once everything it started behind it is done. */
  const open = async (path: string) => {
    const [[match, handler]] = vi.mocked(registerRoute).mock.calls as unknown as [
      [(options: { request: Request }) => boolean, (options: object) => Promise<Response>],
    ];
    const request = navigation(path);
    expect(match({ request })).toBe(true);
    const answer = await handler({ request, event: extendable(), url: new URL(request.url) });
    const html = await answer.text();
    await settled();
    return html;
  };
  const kept = () => [...(storage.stores.get(CACHE)?.keys() ?? [])].map((url) => url.slice(ORIGIN.length));
  const install = async () => {
    for (const listener of listeners.install ?? []) listener(extendable());
    await settled();
  };

  it('answers the first visit with the shell and keeps the render behind it; the next visit gets the kept copy', async () => {
    expect(await open('/products?category=c1')).toContain('<div id="root"><noscript>');
    expect(kept()).toEqual(['/products?category=c1']);
    const again = await open('/products?category=c1');
    expect(again).toMatch(/<div id="root" data-kept-at="\d+" data-origin="https:\/\/haat.example">/);
    expect(fetch).toHaveBeenCalledTimes(1);
    // Another query is another page.
    expect(await open('/products?category=c2')).toContain('<noscript>');
  });

  it('keeps the start page as it installs', async () => {
    await install();
    expect(kept()).toEqual([START_PAGE]);
    expect(await open('/')).toContain('data-kept-at=');
  });

  it("never keeps the shell the server answers in a render's place, an error, or a page of another build", async () => {
    server = async () => htmlAnswer(SHELL);
    await open('/');
    server = async () => htmlAnswer(RENDERED, { status: 503 });
    await open('/products');
    server = async () => htmlAnswer(RENDERED.replace('index-AbC123.js', 'index-NeW456.js'));
    await open('/products/p1');
    expect(kept()).toEqual([]);
  });

  it('fetches nothing behind the shell offline', async () => {
    online = false;
    await open('/');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fetches a newer copy behind a kept one only once it is a minute old', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    try {
      await open('/');
      await open('/');
      expect(fetch).toHaveBeenCalledTimes(1);
      vi.setSystemTime(1_000_000 + KEPT_PAGE_REFRESH_AFTER_MS);
      server = async () => htmlAnswer(RENDERED.replace('Offer Products', 'New Offers'));
      expect(await open('/')).toContain('Offer Products');
      expect(fetch).toHaveBeenCalledTimes(2);
      expect(await open('/')).toContain('New Offers');
    } finally {
      vi.useRealTimers();
    }
  });

  it(`keeps at most ${KEPT_PAGES_MAX} pages, dropping the oldest`, async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    try {
      for (let index = 0; index <= KEPT_PAGES_MAX; index += 1) {
        vi.setSystemTime(1_000_000 + index);
        await open(`/products/p${index}`);
      }
    } finally {
      vi.useRealTimers();
    }
    expect(kept()).toHaveLength(KEPT_PAGES_MAX);
    expect(kept()).not.toContain('/products/p0');
    expect(kept()).toContain(`/products/p${KEPT_PAGES_MAX}`);
  });

  it('drops every kept page when the page says the language changed, and keeps no page fetched before that', async () => {
    await open('/');
    let answer: (value: Response) => void = () => undefined;
    server = () => new Promise((resolve) => (answer = resolve));
    const [[, handler]] = vi.mocked(registerRoute).mock.calls as unknown as [[unknown, (options: object) => Promise<Response>]];
    const request = navigation('/products/p1');
    await handler({ request, event: extendable(), url: new URL(request.url) });
    expect(fetch).toHaveBeenCalledTimes(2);

    for (const listener of listeners.message ?? []) listener({ data: { type: DROP_KEPT_PAGES }, ...extendable() });
    // The page asked for in the old language arrives after the drop.
    answer(htmlAnswer(RENDERED));
    await settled();
    expect(kept()).toEqual([]);
    server = async () => htmlAnswer(RENDERED);
    expect(await open('/')).toContain('<noscript>');
  });

  it("sees every navigation: its fetch listener comes before the router's, after which an answered event goes nowhere", () => {
    const order: string[] = [];
    vi.mocked(registerRoute).mockImplementationOnce(() => void order.push('route') as never);
    vi.stubGlobal('self', { navigator: { onLine: true }, addEventListener: (type: string) => order.push(type) });
    keepPages(ORIGIN, CACHE, MANIFEST);
    expect(order.indexOf('fetch')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('fetch')).toBeLessThan(order.indexOf('route'));
  });

  it('drops every kept page when a page is opened with ?lang=', async () => {
    await open('/');
    for (const listener of listeners.fetch ?? []) listener({ request: navigation('/products?lang=bn'), ...extendable() });
    await settled();
    expect(kept()).toEqual([]);
    for (const listener of listeners.fetch ?? []) listener({ request: navigation('/products'), ...extendable() });
    expect(waiting).toEqual([]);
  });
});
