import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { ProductList } from '../contract/catalogue';
import { LIST_LIMIT_MAX } from '../contract/catalogue-constants';
import { DIST, startBuiltServer, type RunningServer } from './support/server';

/**
 * Server-rendered pages under load, on the built app (`npm run build`) and the demo shop (PGlite):
 *
 * - pages a second at 50 connections from one client address, over the home page, the listing, a category's listing,
 *   product pages and a static page (`/unauthorized`): without reuse (`PAGE_CACHE_SECONDS=0`, every page rendered)
 *   and with it (the default), beside a static file of the build (its stylesheet) on the same server;
 * - the share of product pages that arrive rendered (not the shell) when 20 visitors, each from an address of its
 *   own (`TRUST_PROXY=true`, `X-Forwarded-For`), open product pages one after another, each a page it has not seen:
 *   reuse cannot help them, so this is what the renders' turns and time limit give.
 *
 * `BENCH_PAGES_SECONDS` sets each run's length (10 s by default).
 */

const CONNECTIONS = 50;
const VISITORS = 20;
const SECONDS = Number(process.env.BENCH_PAGES_SECONDS ?? 10);
/** What a browser sends for a page. */
const BROWSER_HEADERS = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
/** The root element of a page the server rendered carries the origin it was drawn for; the shell's does not. */
const RENDERED = /<div id="root" data-origin=/;

export type PagesRun = {
  what: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  requests: number;
  non2xx: number;
  errors: number;
};
export type PagesResult = {
  durationSeconds: number;
  connections: number;
  runs: PagesRun[];
  visitors: { visitors: number; productPages: number; rendered: number; renderedShare: number; latencyMs: { p50: number; p95: number } };
};

async function productPaths(baseUrl: string, count: number): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/products?limit=${count}`);
  if (!res.ok) throw new Error(`GET /api/products?limit=${count} answered ${res.status}`);
  const list = ((await res.json()) as { data: ProductList }).data;
  if (list.data.length === 0) throw new Error('the demo shop has no products');
  return list.data.map((product) => `/products/${product._id}`);
}

async function load(server: RunningServer, what: string, paths: string[]): Promise<PagesRun> {
  const run = (duration: number) =>
    autocannon({ url: server.baseUrl, connections: CONNECTIONS, duration, headers: BROWSER_HEADERS, requests: paths.map((path) => ({ method: 'GET', path })) });
  // A short run first: the renderer's code compiled, the reads' caches warm.
  await run(Math.min(3, SECONDS));
  const result = await run(SECONDS);
  return {
    what,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** VISITORS loops, each its own address, each opening product pages it has not opened before, for SECONDS. */
async function visitors(server: RunningServer, products: string[]): Promise<PagesResult['visitors']> {
  const timings: number[] = [];
  let rendered = 0;
  const deadline = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: VISITORS }, async (_, visitor) => {
      for (let next = visitor; Date.now() < deadline; next += VISITORS) {
        const started = performance.now();
        const res = await fetch(`${server.baseUrl}${products[next % products.length]}`, {
          headers: { ...BROWSER_HEADERS, 'x-forwarded-for': `198.51.100.${visitor + 1}` },
        });
        const html = await res.text();
        timings.push(performance.now() - started);
        if (RENDERED.test(html)) rendered += 1;
      }
    }),
  );
  timings.sort((a, b) => a - b);
  const at = (share: number) => Math.round(timings[Math.min(timings.length - 1, Math.floor(share * timings.length))] ?? 0);
  return {
    visitors: VISITORS,
    productPages: timings.length,
    rendered,
    renderedShare: timings.length ? rendered / timings.length : 0,
    latencyMs: { p50: at(0.5), p95: at(0.95) },
  };
}

export async function measurePages(): Promise<PagesResult> {
  const stylesheet = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/.exec(readFileSync(join(DIST, 'index.html'), 'utf8'))?.[1];
  if (!stylesheet) throw new Error('the build has no stylesheet to compare with');
  const runs: PagesRun[] = [];
  let visited: PagesResult['visitors'] | null = null;
  for (const reuse of [false, true]) {
    const server = await startBuiltServer({ env: { PAGE_CACHE_SECONDS: reuse ? '10' : '0', TRUST_PROXY: 'true' } });
    try {
      const products = await productPaths(server.baseUrl, LIST_LIMIT_MAX);
      const pages = ['/', '/products', '/products?category=Fashion', ...products.slice(0, 8), '/unauthorized'];
      const sample = await fetch(`${server.baseUrl}${pages[3]}`, { headers: BROWSER_HEADERS });
      if (!RENDERED.test(await sample.text())) console.warn('  the first product page arrived as the shell');
      runs.push(await load(server, reuse ? 'rendered pages, reused (one address)' : 'rendered pages, no reuse', pages));
      printRun(runs.at(-1)!);
      if (reuse) {
        runs.push(await load(server, `static file (${stylesheet})`, [stylesheet]));
        printRun(runs.at(-1)!);
        visited = await visitors(server, products);
        printVisitors(visited);
      }
    } finally {
      await server.stop();
    }
  }
  return { durationSeconds: SECONDS, connections: CONNECTIONS, runs, visitors: visited! };
}

function printRun(run: PagesRun): void {
  const failures = run.non2xx + run.errors > 0 ? `, ${run.non2xx} non-2xx, ${run.errors} errors` : '';
  console.log(
    `  ${run.what.padEnd(48)} ${String(run.requestsPerSecond).padStart(6)}/s  p50 ${run.latencyMs.p50} ms  p90 ${run.latencyMs.p90} ms  p99 ${run.latencyMs.p99} ms${failures}`,
  );
}

function printVisitors(result: PagesResult['visitors']): void {
  console.log(
    `  ${result.visitors} visitors, product pages: ${result.rendered} of ${result.productPages} rendered (${(result.renderedShare * 100).toFixed(1)} %), p50 ${result.latencyMs.p50} ms, p95 ${result.latencyMs.p95} ms`,
  );
}

export function printPagesReport(result: PagesResult): void {
  console.log(`\nPages, ${result.connections} connections, ${result.durationSeconds} s each`);
  for (const run of result.runs) printRun(run);
  printVisitors(result.visitors);
}
