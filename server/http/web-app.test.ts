import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { newId } from '../db/ids';
import { banners } from '../db/schema';
import { useShop } from '../test/harness';
import { API_CONTENT_SECURITY_POLICY } from './lean-headers';
import { preferredEncoding } from './static';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>haat</title>
    <script type="module" crossorigin src="/assets/index-E.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
const BANNER = '/media/0123456789abcdef0123456789abcdef.jpg';


/** A build as Vite writes it: index.html, hashed assets, the service worker, an icon and the manifest of chunks. */
function writeBuild(dir: string) {
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, 'icons'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  writeFileSync(join(dir, 'assets', 'index-E.js'), 'console.log("entry");');
  writeFileSync(join(dir, 'assets', '_main-H.js'), 'console.log("home");');
  writeFileSync(join(dir, 'assets', 'index-S.css'), 'body{margin:0}');
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dir, 'icons', 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-E.js', isEntry: true },
      'src/routes/_main/index.tsx?tsr-split=component': { file: 'assets/_main-H.js' },
    }),
  );
}

const webRoot = mkdtempSync(join(tmpdir(), 'haat-web-root-'));
writeBuild(webRoot);
const t = useShop({ webRoot });
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('pages of the web app', () => {
  it('sends the home page compressed, never cached unchecked, with hints for its chunk, its reads and the first banner', async () => {
    await t.db.insert(banners).values({ id: newId(), image: BANNER, offer: 10 });
    const res = await get('/', { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/_main-H.js">');
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/banner">');
    expect(html).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${BANNER}?w=640"`);
    // The hints sit in the head, after the document's own entry script.
    expect(html.indexOf('/assets/_main-H.js')).toBeGreaterThan(html.indexOf('/assets/index-E.js'));
    expect(html.indexOf('/assets/_main-H.js')).toBeLessThan(html.indexOf('</head>'));
  });

  it('asks for the smaller banner widths under Save-Data, and gzip when Brotli is not accepted', async () => {
    await t.db.insert(banners).values({ id: newId(), image: BANNER, offer: 0 });
    const res = await get('/', { 'accept-encoding': 'gzip', 'save-data': 'on' });
    expect(res.headers['content-encoding']).toBe('gzip');
    const html = gunzipSync(res.rawPayload).toString();
    expect(html).toContain(`imagesrcset="${BANNER}?w=400 400w, ${BANNER}?w=500 500w, ${BANNER}?w=640 640w"`);
  });

  it('asks browsers for their connection class and gives a 2G-class one the smaller banner widths', async () => {
    await t.db.insert(banners).values({ id: newId(), image: BANNER, offer: 0 });
    const first = await get('/');
    expect(first.headers['accept-ch']).toBe('ECT');
    expect(first.headers.vary).toContain('ECT');
    expect(first.body).toContain(`${BANNER}?w=1200 1200w`);
    const on2g = await get('/', { ect: '2g' });
    expect(on2g.body).not.toContain(`${BANNER}?w=800 800w`);
    expect(on2g.body).toContain(`${BANNER}?w=640 640w`);
  });

  it('sends other client-side routes index.html as built', async () => {
    const res = await get('/user/my-orders');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(INDEX_HTML);
  });

  it('picks up a new build of index.html without a restart', async () => {
    const rebuilt = INDEX_HTML.replace('<title>haat</title>', '<title>haat, rebuilt</title>');
    writeFileSync(join(webRoot, 'index.html'), rebuilt);
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(webRoot, 'index.html'), later, later);
    try {
      expect((await get('/login')).body).toBe(rebuilt);
    } finally {
      writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
    }
  });
});

describe('security headers', () => {
  it("gives pages a Content-Security-Policy that allows Google sign-in, no wildcard and no framing", async () => {
    const csp = (await get('/')).headers['content-security-policy'];
    expect(typeof csp).toBe('string');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://accounts.google.com/gsi/client');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('*');
  });

  it('keeps the whole policy on documents: pages, SVG and the service worker script', async () => {
    for (const url of ['/', '/icons/favicon.svg', '/sw.js']) {
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
