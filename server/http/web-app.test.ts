import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, useShop } from '../test/harness';
import { API_CONTENT_SECURITY_POLICY } from './lean-headers';
import { appScriptsAfterLargestPicture, ELEMENTS_PER_TASK, inProcessFetch, preferredEncoding } from './pages';

const RENDER_TIMEOUT_MS = 300;

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>haat</title>
    <script type="module" crossorigin src="/assets/index-E.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-S.css">
  </head>
  <body>
    <div id="root"><div class="outline">haat</div></div>
    <noscript>haat needs JavaScript to run.</noscript>
  </body>
</html>
`;

/**
 * A page renderer as the web app's build ships one (dist/.ssr/entry-server.js), standing in for React: it answers by
 * path, so each behaviour the server must handle can be asked for. It reads the product list through the API it is
 * given, as the real one does.
 */
const RENDERER = `
export function createPageRenderer({ api }) {
  return async ({ url, nonce, origin, lightImages, signal, locale, onShell }) => {
    const path = url.split('?')[0];
    if (path === '/slow-with-head') {
      // What the real renderer tells once the page's first reads are in: the page's head, and the notice in its language.
      onShell({
        head: '<title>Himsagar Mango | haat</title><meta name="description" content="Sweet mangoes"/><link rel="canonical" href="' + origin + path + '"/>'
          + '<meta property="og:title" content="Himsagar Mango"/><meta name="twitter:card" content="summary"/><script type="application/ld+json">{"@type":"Product"}</script>',
        needsJavaScript: locale === 'bn' ? 'হাট চালাতে জাভাস্ক্রিপ্ট চালু থাকতে হবে।' : 'haat needs JavaScript to run.',
      });
      return new Promise((resolve) => signal.addEventListener('abort', () => {
        globalThis.abortedRendersForTest = (globalThis.abortedRendersForTest ?? 0) + 1;
        resolve(null);
      }));
    }
    if (path.startsWith('/user')) return null;
    if (path === '/throws') throw new Error('the page threw');
    if (path === '/moved') return { status: 307, location: '/products?page=2' };
    if (path === '/elsewhere') return { status: 307, location: '//evil.example/' };
    if (path === '/slow') return new Promise((resolve) => signal.addEventListener('abort', () => resolve(null)) && undefined);
    const addToCart = path === '/products/one-tap' ? '<button type="button" data-cart-line="{}">Add to Cart</button>' : '';
    const answer = await (await api('/api/products?limit=1')).json();
    return {
      status: path === '/' ? 200 : 404,
      head: '<title>Home | haat</title><meta name="description" content="d"/>',
      body: '<main class="mx-auto text-brand-700" data-api="' + answer.success + '" data-light="' + lightImages + '">' + origin + addToCart + '<script nonce="' + nonce + '">1</script></main><p data-url="' + url + '">' + locale + '</p>',
      routeIds: ['__root__', '/_main', '/_main/'],
      messageModules: ['src/messages/app/' + locale + '.ts'],
    };
  };
}
`;

let logged = '';

/** A build as Vite writes it: index.html, hashed assets, the service worker, the manifest of chunks and the renderer. */
function writeBuild(dir: string) {
  for (const sub of ['assets', 'icons', '.vite', '.ssr']) mkdirSync(join(dir, sub));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'assets', 'index-E.js'), 'console.log("entry");');
  writeFileSync(join(dir, 'assets', '_main-H.js'), 'console.log("home");');
  writeFileSync(join(dir, 'assets', '_main-L.js'), 'console.log("layout");');
  writeFileSync(join(dir, 'assets', 'index-S.css'), 'body{margin:0}.mx-auto{margin-inline:auto}.text-brand-700{color:green}.hidden{display:none}');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'icons', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dir, '.ssr', 'entry-server.js'), RENDERER);
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-E.js', isEntry: true, css: ['assets/index-S.css'] },
      'src/routes/_main.tsx?tsr-split=component': { file: 'assets/_main-L.js' },
      'src/routes/_main/index.tsx?tsr-split=component': { file: 'assets/_main-H.js' },
      'src/messages/app/en.ts': { file: 'assets/en-A.js' },
      'src/messages/app/bn.ts': { file: 'assets/bn-A.js' },
      'src/lib/cart-tap.ts': { file: 'assets/cart-tap-T.js', isEntry: true },
    }),
  );
}

const webRoot = mkdtempSync(join(tmpdir(), 'haat-web-root-'));
writeBuild(webRoot);
const t = useShop({
  webRoot,
  env: { LOG_LEVEL: 'error', PUBLIC_URL: 'https://shop.example', RENDER_TIMEOUT_MS: String(RENDER_TIMEOUT_MS) },
  log: { write: (line) => (logged += line) },
});
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));
beforeEach(() => {
  logged = '';
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const documentOf = (res: Awaited<ReturnType<typeof get>>) =>
  res.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(res.rawPayload).toString()
    : res.headers['content-encoding'] === 'gzip'
      ? gunzipSync(res.rawPayload).toString()
      : res.body;

type AddedElement = { tagName: string; attributes: Record<string, string> } & Record<string, unknown>;

/**
 * Runs a page's loader (its last script) as a browser would, and returns the elements it added to the head, with the
 * properties and attributes it gave them. With no `picture` (the page's largest), it starts at once; with one still
 * loading, it waits, and `touch` lands a finger on an element that matches the selectors `touched` lists.
 */
function runLoader(html: string, { picture = false, touched = [] as string[] } = {}) {
  const script = /<script nonce="[^"]*">([\s\S]*)<\/script>/.exec(html.slice(html.lastIndexOf('<script')))?.[1] ?? '';
  const added: AddedElement[] = [];
  const imported: string[] = [];
  const addedBeforeImport: number[] = [];
  const listeners: { type: string; listener: (event: unknown) => void }[] = [];
  const createElement = (tagName: string) => {
    const attributes: Record<string, string> = {};
    return { tagName, attributes, setAttribute: (name: string, value: string) => void (attributes[name] = value) };
  };
  const largest = { complete: false, addEventListener: () => undefined };
  const document = { createElement, head: { append: (element: AddedElement) => added.push(element) }, querySelector: () => (picture ? largest : null) };
  const addEventListener = (type: string, listener: (event: unknown) => void) => listeners.push({ type, listener });
  // A dynamic import in a script of this context needs Node's VM modules: the loader's imports are noted instead.
  const importing = (specifier: string) => {
    imported.push(specifier);
    addedBeforeImport.push(added.length);
    return new Promise<never>(() => undefined);
  };
  const queued: (() => void)[] = [];
  // How many elements each task added: the script's own run, then the tasks it queued.
  const addedPerTask: number[] = [];
  const inTask = (task: () => void) => {
    const before = added.length;
    task();
    addedPerTask.push(added.length - before);
    // Each queued task runs to its end before the next, as in the browser's event loop.
    while (queued.length) inTask(queued.shift()!);
  };
  const setTimeout = (task: () => void) => void queued.push(task);
  inTask(() => runInNewContext(script.replace(/\bimport\(/g, 'importing('), { document, addEventListener, self: {}, importing, setTimeout }));
  const touch = () =>
    inTask(() => {
      const target = { closest: (selector: string) => (touched.includes(selector) ? {} : null) };
      for (const { type, listener } of listeners) if (type === 'pointerdown') listener({ target });
    });
  return { added, addedPerTask, imported, addedBeforeImport, touch };
}

describe('pages rendered on the server', () => {
  it('sends the rendered page compressed and never cached unchecked, its head, preloads and markup in the document', async () => {
    const res = await get('/', { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.headers['content-encoding']).toBe('br');
    const html = documentOf(res);
    // The page's title replaces the template's; the page's own head tags sit in the head.
    expect(html).not.toContain('<title>haat</title>');
    expect(html.indexOf('<title>Home | haat</title>')).toBeLessThan(html.indexOf('</head>'));
    // No script in the head: the app's scripts follow the markup and start once its largest picture is in.
    expect(html.slice(0, html.indexOf('</head>'))).not.toMatch(/<script|modulepreload/);
    const nonce = /script-src [^;]*'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    const loader = html.slice(html.lastIndexOf('<script'));
    expect(loader.startsWith(`<script nonce="${nonce}">`)).toBe(true);
    expect(loader).toContain("document.querySelector('img[fetchpriority=high]')");
    const added = runLoader(html).added;
    expect(added.filter((element) => element.tagName === 'script')).toMatchObject([{ type: 'module', crossOrigin: '', src: '/assets/index-E.js' }]);
    // The route's chunks are preloaded with it, in the page's own mode of request (crossOrigin set before they start).
    const preloads = added.filter((element) => element.rel === 'modulepreload');
    expect(preloads.map((element) => element.href)).toEqual(['/assets/_main-L.js', '/assets/_main-H.js', '/assets/en-A.js']);
    expect(preloads.every((element) => element.crossOrigin === '')).toBe(true);
    // The markup is in the root element, with what it was drawn for; the shell's outline and notice are gone.
    expect(html).toContain(
      '<div id="root" data-origin="https://shop.example"><main class="mx-auto text-brand-700" data-api="true" data-light="false">https://shop.example',
    );
    expect(html).not.toContain('outline');
    expect(html).not.toContain('haat needs JavaScript');
  });

  it("inlines the rules the page uses and loads the whole stylesheet with the app's scripts, after the largest picture", async () => {
    const html = (await get('/')).body;
    const [, inline] = /<style>([^<]*)<\/style>/.exec(html) ?? [];
    expect(inline).toContain('.mx-auto{margin-inline:auto}');
    expect(inline).toContain('.text-brand-700{color:green}');
    expect(inline).toContain('body{margin:0}');
    expect(inline).not.toContain('.hidden');
    expect(html).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index-S.css">');
    // No stylesheet request of its own in the head: the loader adds it, to apply once loaded; without script, the browser takes it.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.replace(/<noscript>[\s\S]*?<\/noscript>/g, '')).not.toContain('index-S.css');
    expect(head).toContain('<noscript><link rel="stylesheet" href="/assets/index-S.css"></noscript>');
    const sheets = runLoader(html).added.filter((element) => element.rel === 'stylesheet');
    expect(sheets).toMatchObject([{ media: 'print', href: '/assets/index-S.css', attributes: { 'data-deferred': '' } }]);
  });

  it("asks for the app's files one a task, in order, the entry last: a dozen in one task made a long one", () => {
    const chunks = Array.from({ length: 10 }, (_, index) => `/assets/chunk-${index}.js`);
    const page = runLoader(appScriptsAfterLargestPicture('/assets/index-E.js', chunks, 'nonce', { stylesheet: '/assets/index-S.css' }));
    expect(page.added.map((element) => element.href ?? element.src)).toEqual(['/assets/index-S.css', ...chunks, '/assets/index-E.js']);
    expect(page.addedPerTask.length).toBeGreaterThan(2);
    expect(Math.max(...page.addedPerTask)).toBeLessThanOrEqual(ELEMENTS_PER_TASK + 1);
  });

  it("lets a product page's Add to Cart add before the app: a finger landing on it asks for the cart's tap handler first", async () => {
    const page = runLoader(documentOf(await get('/products/one-tap')), { picture: true, touched: ['[data-cart-line]'] });
    expect(page.added).toEqual([]);
    page.touch();
    expect(page.imported).toEqual(['/assets/cart-tap-T.js']);
    // Asked for before the app's files, which the same touch starts.
    expect(page.addedBeforeImport).toEqual([0]);
    expect(page.added.map((element) => element.href ?? element.src)).toContain('/assets/index-E.js');
    // A page without it carries none of it, and a touch elsewhere asks for none of it.
    expect(documentOf(await get('/'))).not.toContain('cart-tap');
    const elsewhere = runLoader(documentOf(await get('/products/one-tap')), { picture: true });
    elsewhere.touch();
    expect(elsewhere.imported).toEqual([]);
  });

  it("allows the page's own scripts by a nonce, new with every answer, and no other inline script", async () => {
    const [first, second] = [await get('/'), await get('/')];
    const nonceOf = (res: typeof first) => /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonceOf(first)).toBeTruthy();
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    expect(first.body).toContain(`<script nonce="${nonceOf(first)}">`);
    expect(first.headers['content-security-policy']).not.toContain("unsafe-inline'; ");
    expect(first.headers['content-security-policy']).toMatch(/script-src 'self' [^;]*'nonce-/);
    expect(first.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("sends the browser to the router's own form of an address, and never off the site", async () => {
    const moved = await get('/moved');
    expect(moved.statusCode).toBe(307);
    expect(moved.headers.location).toBe('/products?page=2');
    const elsewhere = await get('/elsewhere');
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.headers.location).toBeUndefined();
  });

  it('answers an unknown page with the rendered 404 page and status', async () => {
    const res = await get('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root" data-origin=');
  });

  it('draws with smaller images for Save-Data or a 2G-class connection, and asks browsers for their connection class', async () => {
    const plain = await get('/');
    expect(plain.headers['accept-ch']).toBe('ECT');
    expect(plain.headers.vary).toContain('Save-Data');
    expect(plain.body).toContain('data-light="false"');
    for (const headers of [{ 'save-data': 'on' }, { ect: '2g' }] as Record<string, string>[]) {
      const light = await get('/', headers);
      expect(light.body).toContain('<div id="root" data-origin="https://shop.example" data-light-images>');
      expect(light.body).toContain('data-light="true"');
    }
  });
});

describe('the page language', () => {
  const languageOf = (html: string) => ({ lang: /<html lang="([^"]+)"/.exec(html)?.[1], drawn: /<p data-url="([^"]*)">(\w+)<\/p>/.exec(html)?.slice(1) });

  it("follows the browser's languages on a first visit, and says so in the document, its preloads and alternates", async () => {
    const res = await get('/?page=2', { 'accept-language': 'bn-BD,bn;q=0.9,en;q=0.8' });
    const html = documentOf(res);
    expect(languageOf(html)).toEqual({ lang: 'bn', drawn: ['/?page=2', 'bn'] });
    const preloads = runLoader(html).added.flatMap((element) => (element.rel === 'modulepreload' ? [element.href] : []));
    expect(preloads).toContain('/assets/bn-A.js');
    expect(preloads).not.toContain('/assets/en-A.js');
    expect(html).toContain('<link rel="alternate" hreflang="bn" href="https://shop.example/?page=2&amp;lang=bn">');
    expect(html).toContain('<link rel="alternate" hreflang="en" href="https://shop.example/?page=2&amp;lang=en">');
    expect(html).toContain('<link rel="alternate" hreflang="x-default" href="https://shop.example/?page=2">');
    expect(res.headers.vary).toContain('Cookie');
    expect(res.headers.vary).toContain('Accept-Language');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(languageOf(documentOf(await get('/', { 'accept-language': 'fr, en;q=0.5' }))).lang).toBe('en');
  });

  it("keeps the shopper's choice over the browser's languages, and ?lang= chooses and is remembered", async () => {
    expect(languageOf(documentOf(await get('/', { 'accept-language': 'bn', cookie: 'lang=en' }))).lang).toBe('en');
    const chosen = await get('/?lang=bn&page=3', { cookie: 'lang=en' });
    expect(languageOf(documentOf(chosen))).toEqual({ lang: 'bn', drawn: ['/?page=3', 'bn'] });
    expect(chosen.headers['set-cookie']).toBe('lang=bn; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    // Junk is not a language: the browser's languages decide.
    expect(languageOf(documentOf(await get('/?lang=xx', { cookie: 'lang=%00' }))).lang).toBe('en');
  });

  it('answers the shell of a private page in the language too', async () => {
    expect(documentOf(await get('/user/orders', { cookie: 'lang=bn' }))).toContain('<html lang="bn">');
  });
});

describe('the shell', () => {
  it('answers private pages with index.html as built', async () => {
    const res = await get('/user/my-orders');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(INDEX_HTML);
    expect(res.headers['content-security-policy']).not.toContain('nonce-');
  });

  it('answers a page whose render throws with the shell, 200, and logs the failure', async () => {
    const res = await get('/throws');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged).toContain('page render failed');
    expect(logged).toContain('the page threw');
  });

  it('answers a page that takes too long to render with the shell once the time is up', async () => {
    const started = Date.now();
    const res = await get('/slow');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
    expect(Date.now() - started).toBeLessThan(RENDER_TIMEOUT_MS + 1000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged).toContain(`longer than ${RENDER_TIMEOUT_MS} ms`);
  });

  it("answers a render that took too long with the shell carrying the page's head and its notice in the page's language, and aborts the render", async () => {
    const abortedBefore = (globalThis as { abortedRendersForTest?: number }).abortedRendersForTest ?? 0;
    const res = await get('/slow-with-head?lang=bn');
    expect(res.statusCode).toBe(200);
    const html = documentOf(res);
    const head = html.slice(0, html.indexOf('</head>'));
    // The page's head in place of the template's title, with the page's language alternates.
    expect(head).not.toContain('<title>haat</title>');
    expect(head).toContain('<title>Himsagar Mango | haat</title><meta name="description" content="Sweet mangoes"/>');
    expect(head).toContain('<link rel="canonical" href="https://shop.example/slow-with-head"/>');
    expect(head).toContain('<meta property="og:title" content="Himsagar Mango"/><meta name="twitter:card" content="summary"/>');
    expect(head).toContain('<script type="application/ld+json">{"@type":"Product"}</script>');
    expect(head).toContain('<link rel="alternate" hreflang="en" href="https://shop.example/slow-with-head?lang=en">');
    // Still the shell the browser renders itself, in the page's language.
    expect(html).toContain('<html lang="bn">');
    expect(html).toContain('<div id="root"><div class="outline">haat</div></div>');
    expect(html).toContain('<noscript>হাট চালাতে জাভাস্ক্রিপ্ট চালু থাকতে হবে।</noscript>');
    // The render was told to stop.
    expect((globalThis as { abortedRendersForTest?: number }).abortedRendersForTest).toBe(abortedBefore + 1);
  });

  it("ends the renderer's call to the API when the render is aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error('the render took too long'));
    await expect(inProcessFetch(t.app)('/api/products?limit=1', { signal: controller.signal })).rejects.toThrow('the render took too long');
  });

  it('never sends the renderer or the build manifest as files', async () => {
    for (const url of ['/.ssr/entry-server.js', '/.vite/manifest.json']) {
      const res = await get(url);
      expect(res.body, url).not.toContain('createPageRenderer');
      expect(res.body, url).not.toContain('tsr-split');
    }
  });

  it('picks up a new build without a restart', async () => {
    const rebuilt = INDEX_HTML.replace('<title>haat</title>', '<title>haat, rebuilt</title>');
    writeFileSync(join(webRoot, 'index.html'), rebuilt);
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(webRoot, 'index.html'), later, later);
    try {
      expect((await get('/user')).body).toBe(rebuilt);
    } finally {
      writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
    }
  });
});

describe('security headers', () => {
  it('gives pages a Content-Security-Policy that allows Google sign-in, no wildcard and no framing', async () => {
    const csp = (await get('/')).headers['content-security-policy'];
    expect(typeof csp).toBe('string');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://accounts.google.com/gsi/client');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('*');
  });

  it('allows nothing of Google in a shop without Google sign-in', async () => {
    const shop = await createTestApp({ GOOGLE_CLIENT_ID: '', LOG_LEVEL: 'error' }, { webRoot });
    try {
      const csp = String((await shop.app.inject({ method: 'GET', url: '/user' })).headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toContain('google');
    } finally {
      await shop.close();
    }
  });

  it('keeps the whole policy on documents: pages, SVG and the service worker script', async () => {
    for (const url of ['/', '/user', '/icons/favicon.svg', '/sw.js']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('sends scripts and styles of the build without the document-only headers, still unsniffable and same-origin', async () => {
    for (const url of ['/assets/index-E.js', '/assets/index-S.css']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBeUndefined();
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['origin-agent-cluster'], url).toBeUndefined();
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('gives API answers a policy of their own that loads and frames nothing', async () => {
    for (const url of ['/api/config', '/api/no-such-route']) {
      const res = await get(url);
      expect(res.headers['content-security-policy'], url).toBe(API_CONTENT_SECURITY_POLICY);
      expect(res.headers['x-frame-options'], url).toBeUndefined();
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});

describe('preferredEncoding', () => {
  it('prefers Brotli, falls back to gzip, and honours q=0 refusals', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('BR')).toBe('br');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });
});
