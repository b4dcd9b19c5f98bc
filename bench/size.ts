import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { chromiumLaunchOptions } from '../e2e/support/env';
import { chunksByRoute, type RouteScripts } from './support/chunks';
import { bannerCount, firstProductId, signInDemoCustomer } from './support/demo-shop';
import { DIST, startBuiltServer } from './support/server';

/**
 * First-visit JavaScript budget (the gate of `npm test`): what a shopper on 3G downloads on a first visit to the home
 * page, the listing and a product page, each, with React 19 in the browser (docs/performance.md): 150 KB gzip.
 */
export const BUDGET_GZIP_BYTES = 150 * 1024;

/**
 * What the server's first answer to a landing page may weigh as sent, headers and Brotli body: the first round trip of
 * a new connection carries ten TCP segments of 1460 bytes (the initial congestion window). One byte more and the rest
 * of the page, with the largest picture's paint, waits a whole round trip (150 ms on Lighthouse's mobile network).
 */
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

export type FileSize = { file: string; raw: number; gzip: number };
export type RouteSize = { route: string; chunks: FileSize[]; totalGzip: number };
export type SizeResult = {
  firstVisit: FileSize[];
  totalRaw: number;
  totalGzip: number;
  budgetGzip: number;
  /** The first visit to `/`, and to the other pages a shopper may land on from outside (rendered on the server), all within the budget. */
  withinBudget: boolean;
  /** A first visit to each page a shopper may land on from a search or a shared link, opened directly. */
  landingPages: { route: string; totalGzip: number }[];
  /** The server's first answer to `/` and each landing page as a browser gets it, within FIRST_ROUND_TRIP_BYTES. */
  documents: { route: string; bytes: number }[];
  /** Per main route: the chunks opening it loads beyond a first visit to `/` (measured only without --check). */
  routes?: RouteSize[];
  /** Every other JavaScript chunk in dist/assets: loaded by no page measured here (e.g. a dialog's code). */
  otherChunks: FileSize[];
};

/** The main routes a shopper opens; `signedIn` ones with the demo customer's session (their guards send others to /login). */
const ROUTES: { route: string; path: (productId: string) => string; signedIn?: boolean }[] = [
  { route: '/products', path: () => '/products' },
  { route: '/products/$id', path: (id) => `/products/${id}` },
  { route: '/cart', path: () => '/cart' },
  { route: '/login', path: () => '/login' },
  { route: '/register', path: () => '/register' },
  { route: '/wishlist', path: () => '/wishlist', signedIn: true },
  { route: '/checkout', path: () => '/checkout', signedIn: true },
  { route: '/user', path: () => '/user', signedIn: true },
  { route: '/user/my-orders', path: () => '/user/my-orders', signedIn: true },
  { route: '/user/profile', path: () => '/user/profile', signedIn: true },
  { route: '/user/refund-request', path: () => '/user/refund-request', signedIn: true },
];

function sizeOf(file: string): FileSize {
  const bytes = readFileSync(join(DIST, 'assets', file));
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/**
 * The build's file of what every page loads once it has started (src/app/after-start.ts), the error and web-vitals
 * reporter among it, which starts once the page is idle.
 */
function afterStartChunk(): string {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const entry = manifest['src/app/after-start.ts'];
  if (!entry) throw new Error('The build has no file of what a page loads once started (src/app/after-start.ts) to wait for');
  return entry.file.slice('assets/'.length);
}

const sum = (files: FileSize[], key: 'raw' | 'gzip') => files.reduce((total, f) => total + f[key], 0);

/**
 * Opens `url` in a fresh page of `context` and answers the scripts it loaded from /assets/. Throws when the page
 * fails: a page that stops early loads fewer chunks, and its figure would look better than the truth.
 */
async function scriptsLoaded(context: BrowserContext, url: string): Promise<string[]> {
  const page = await context.newPage();
  const scripts = new Set<string>();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('requestfailed', (request) => errors.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`));
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/assets/') && (response.request().resourceType() === 'script' || pathname.endsWith('.js'))) {
      scripts.add(pathname.slice('/assets/'.length));
    }
  });
  // A loaded machine may take a while to resize a new database's first pictures; the figure does not depend on it.
  const response = await page.goto(url, { waitUntil: 'networkidle', timeout: 180_000 });
  if (!response?.ok()) throw new Error(`GET ${url} answered ${response?.status() ?? 'nothing'}`);
  // Several banners start moving after their first interval, and their carousel's code comes then: a visit that stays
  // that long downloads it, so the figure waits for the carousel rather than depend on which came first.
  if (new URL(url).pathname === '/' && (await bannerCount(new URL(url).origin)) > 1) {
    await page.locator('.keen-slider').waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
  }
  // What comes once the page has started (the error and web-vitals reporter among it, which starts once the page is
  // idle) may come only after the network has gone quiet on a loaded machine: every visit downloads it, so the figure
  // waits for it rather than depend on the machine.
  const afterStart = afterStartChunk();
  if (!scripts.has(afterStart)) {
    await page.waitForResponse((response) => new URL(response.url()).pathname === `/assets/${afterStart}`, { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
  }
  if (errors.length > 0) throw new Error(`${url} failed, so its size cannot be measured:\n  ${errors.join('\n  ')}`);
  await page.close();
  return [...scripts].sort();
}

/**
 * The service worker's precache download happens after first paint and is not the page's own cost. Its script is
 * refused, as a browser without service workers would; Playwright's `serviceWorkers: 'block'` instead makes
 * `register()` resolve with nothing, which no browser does.
 */
async function newContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext();
  await context.route('**/sw.js', (route) => route.abort());
  // My Orders keeps a stream of order changes open, so its page never goes quiet; the stream loads no script.
  await context.route('**/api/order/events', (route) =>
    route.fulfill({ status: 404, contentType: 'application/json', body: '{"success":false,"message":"Not found"}' }),
  );
  return context;
}

/**
 * The bytes of the server's answer to a first visit's GET of `path`, status line, headers and body, as they come over
 * the connection: asked as Chromium asks, with no cookie. The answer must give its length (a rendered page does).
 */
function documentBytes(baseUrl: string, path: string): Promise<number> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    socket.setTimeout(60_000, () => socket.destroy(new Error(`GET ${path}: no whole answer within 60 s`)));
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      const bytes = Buffer.concat(received);
      const headEnd = bytes.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = bytes.subarray(0, headEnd).toString('latin1');
      if (!head.startsWith('HTTP/1.1 200')) return socket.destroy(new Error(`GET ${path} answered ${head.split('\r\n')[0]}`));
      const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
      if (length === undefined) return socket.destroy(new Error(`GET ${path}: the answer does not give its length`));
      if (bytes.length >= headEnd + 4 + Number(length)) {
        socket.destroy();
        resolve(headEnd + 4 + Number(length));
      }
    });
    socket.write(
      [
        `GET ${path} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        'Connection: keep-alive',
        'User-Agent: Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
        'Accept: text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8',
        'Accept-Encoding: gzip, deflate, br, zstd',
        'Accept-Language: en-US',
        '',
        '',
      ].join('\r\n'),
    );
  });
}

/** The pages besides `/` that a shopper lands on from a search or a shared link: each first visit is held to the budget. */
const LANDING_PAGES = ROUTES.filter(({ route }) => route === '/products' || route === '/products/$id');

async function landingPageSizes(browser: Browser, baseUrl: string): Promise<SizeResult['landingPages']> {
  const productId = await firstProductId(baseUrl);
  const sizes: SizeResult['landingPages'] = [];
  for (const { route, path } of LANDING_PAGES) {
    const context = await newContext(browser);
    try {
      sizes.push({ route, totalGzip: sum((await scriptsLoaded(context, `${baseUrl}${path(productId)}`)).map(sizeOf), 'gzip') });
    } finally {
      await context.close();
    }
  }
  return sizes;
}

async function routeScripts(browser: Browser, baseUrl: string): Promise<RouteScripts[]> {
  const productId = await firstProductId(baseUrl);
  const measured: RouteScripts[] = [];
  for (const { route, path, signedIn } of ROUTES) {
    const context = await newContext(browser);
    try {
      if (signedIn) await signInDemoCustomer(baseUrl, context);
      measured.push({ route, scripts: await scriptsLoaded(context, `${baseUrl}${path(productId)}`) });
    } finally {
      await context.close();
    }
  }
  return measured;
}

/**
 * Opens `/` of the built app in Chromium and sizes every script it loads from /assets/; with `routes`, also opens each
 * main route directly and lists the chunks it adds.
 */
export async function measureSize({ routes = true }: { routes?: boolean } = {}): Promise<SizeResult> {
  const server = await startBuiltServer();
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true }).catch(async (err: unknown) => {
    await server.stop();
    throw err;
  });
  try {
    const context = await newContext(browser);
    const firstVisitScripts = await scriptsLoaded(context, `${server.baseUrl}/`);
    await context.close();
    const firstVisit = firstVisitScripts.map(sizeOf);
    const allChunks = readdirSync(join(DIST, 'assets')).filter((file) => file.endsWith('.js'));
    const attributed = chunksByRoute(allChunks, firstVisitScripts, routes ? await routeScripts(browser, server.baseUrl) : []);
    const totalGzip = sum(firstVisit, 'gzip');
    const landingPages = await landingPageSizes(browser, server.baseUrl);
    const productId = await firstProductId(server.baseUrl);
    const documents: SizeResult['documents'] = [];
    for (const { route, path } of [{ route: '/', path: () => '/' }, ...LANDING_PAGES]) {
      documents.push({ route, bytes: await documentBytes(server.baseUrl, path(productId)) });
    }
    return {
      firstVisit,
      totalRaw: sum(firstVisit, 'raw'),
      totalGzip,
      budgetGzip: BUDGET_GZIP_BYTES,
      withinBudget:
        [totalGzip, ...landingPages.map((page) => page.totalGzip)].every((gzip) => gzip <= BUDGET_GZIP_BYTES) &&
        documents.every(({ bytes }) => bytes <= FIRST_ROUND_TRIP_BYTES),
      landingPages,
      documents,
      routes: routes
        ? attributed.routes.map(({ route, chunks }) => {
            const sized = chunks.map(sizeOf);
            return { route, chunks: sized, totalGzip: sum(sized, 'gzip') };
          })
        : undefined,
      otherChunks: attributed.unreached.map(sizeOf),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function table(rows: FileSize[]): string {
  const width = Math.max(4, ...rows.map((r) => r.file.length));
  const line = (file: string, raw: string, gzip: string) => `  ${file.padEnd(width)}  ${raw.padStart(10)}  ${gzip.padStart(10)}`;
  return [line('file', 'raw', 'gzip'), ...rows.map((r) => line(r.file, kb(r.raw), kb(r.gzip)))].join('\n');
}

export function printSizeReport(result: SizeResult) {
  console.log('JavaScript downloaded by a first visit to / (gzip -9 of the files in dist/assets):');
  console.log(table(result.firstVisit));
  console.log(`  total: ${kb(result.totalRaw)} raw, ${kb(result.totalGzip)} gzip (budget ${kb(result.budgetGzip)} gzip)`);
  console.log('First visits to the other pages a shopper lands on (opened directly, all their scripts):');
  for (const { route, totalGzip } of result.landingPages) console.log(`  ${route}: ${kb(totalGzip)} gzip (budget ${kb(result.budgetGzip)} gzip)`);
  console.log(`The server's first answer to each, headers and Brotli body as sent (within ${FIRST_ROUND_TRIP_BYTES} bytes, the first round trip):`);
  for (const { route, bytes } of result.documents) console.log(`  ${route}: ${bytes} bytes`);
  if (result.routes) {
    console.log('\nChunks each route loads beyond the first visit to / (opened directly):');
    for (const { route, chunks, totalGzip } of result.routes) {
      console.log(`  ${route}: ${chunks.length === 0 ? 'nothing more' : `${kb(totalGzip)} gzip`}`);
      for (const chunk of chunks) console.log(`    ${chunk.file.padEnd(40)} ${kb(chunk.gzip).padStart(10)}`);
    }
  }
  if (result.otherChunks.length > 0) {
    console.log(
      `\nOther chunks (${result.routes ? 'loaded by none of these pages, e.g. on interaction' : 'loaded by routes on navigation'}), for information:`,
    );
    console.log(table(result.otherChunks));
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // --check is the budget gate of `npm test`: the first visit only, so it stays quick.
  const check = process.argv.includes('--check');
  const result = await measureSize({ routes: !check });
  printSizeReport(result);
  if (check && !result.withinBudget) {
    const visits = [{ route: '/', totalGzip: result.totalGzip }, ...result.landingPages].filter(({ totalGzip }) => totalGzip > result.budgetGzip);
    if (visits.length > 0) {
      console.error(
        `\nFirst-visit JavaScript over the ${kb(result.budgetGzip)} budget: ${visits.map(({ route, totalGzip }) => `${route} ${kb(totalGzip)}`).join(', ')}.`,
      );
    }
    const documents = result.documents.filter(({ bytes }) => bytes > FIRST_ROUND_TRIP_BYTES);
    if (documents.length > 0) {
      console.error(
        `\nFirst answers past the first round trip (${FIRST_ROUND_TRIP_BYTES} bytes): ${documents.map(({ route, bytes }) => `${route} ${bytes} bytes`).join(', ')}.`,
      );
    }
    process.exit(1);
  }
}
