import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Category } from '../contract/catalogue';
import { openPglite, openPostgres, type Database } from '../server/db/client';
import { seedCatalogue } from '../server/seed/catalogue';
import { mediaDir } from '../server/config';
import { localMediaStorage } from '../server/modules/media/storage';
import { freePort, SERVER_MAIN } from './support/server';
import { eachConnectionAVisitor, VISITORS_SERVER_ENV } from './support/visitors';

/**
 * `GET /api/products` under load: the real server (its build, `dist/.node/server/main.js`) on 127.0.0.1 on a catalogue of
 * 10,000 and of 100,000 products, 50 connections for 10 s per scenario. Uncached (`LIST_CACHE_SECONDS=0`, every request
 * reaches the database): searches, searches asking for `limit=0`, the search box's suggestions, a category with a price
 * range over several pages, and the home page's sorted lists; then the category scenario once more with the list cache
 * on, and one request at a time for the service time without queueing. Runs on PGlite always, and on PostgreSQL when DATABASE_URL is set (in a
 * throwaway database created and dropped here). `BENCH_PRODUCTS=10000` measures one size only. Results go to
 * bench/results/api-products.json.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SIZES = (process.env.BENCH_PRODUCTS ?? '10000,100000').split(',').map(Number);
const CONNECTIONS = 50;
const DURATION_SECONDS = 10;
/** Long enough for a restarted PGlite to read its pages in: its first queries on 100,000 products take seconds. */
const WARM_UP_SECONDS = 10;
/** What a browser sends: JSON answers over 1 KB go out compressed, as they do for shoppers. */
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'br, gzip' };
const PAGES = [1, 2, 3, 5, 10];
/**
 * What shoppers type: product words in English and Bangla, a brand-like word, a misspelling, Banglish, and a word nothing
 * matches (which also looks for the closest query that does).
 */
const SEARCHES = ['saree', 'rice', 'phone', 'cotton', 'honey', 'পাঞ্জাবি', 'wireless', 'sneekers', 'chal', 'nothing-matches-this'];
/** What the search box asks while a shopper types: the first letters of a word, in either script, typos included. */
const SUGGESTION_PREFIXES = ['sa', 'ric', 'pho', 'cott', 'hon', 'পাঞ্জা', 'wirel', 'sneek', 'cha', 'mobil'];

export type Run = {
  backend: 'pglite' | 'postgres';
  products: number;
  scenario: string;
  cached: boolean;
  connections: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; average: number };
  requests: number;
  non2xx: number;
  errors: number;
};
export type ApiProductsResult = { durationSeconds: number; runs: Run[] };

async function seed(database: Database, dataDir: string, products: number): Promise<void> {
  try {
    await database.migrate();
    const started = Date.now();
    await seedCatalogue(database.db, { storage: localMediaStorage(mediaDir(dataDir)), products });
    console.log(`  seeded ${products} products in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

/** The production entry point on a free port; resolves once it answers. */
async function startServer(dataDir: string, databaseUrl: string, listCacheSeconds: number) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      LIST_CACHE_SECONDS: String(listCacheSeconds),
      ...VISITORS_SERVER_ENV,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  const stop = async () => {
    if (!running) return;
    child.kill('SIGTERM');
    const killTimer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(killTimer);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!running) throw new Error('the server exited before it was ready');
    if (
      await fetch(`${baseUrl}/api/config`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { baseUrl, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function load(baseUrl: string, paths: string[], seconds: number, connections = CONNECTIONS) {
  return autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    headers: BROWSER_HEADERS,
    setupClient: eachConnectionAVisitor(BROWSER_HEADERS),
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
}

type Scenario = { name: string; paths: string[]; cached: boolean; connections: number };

async function scenarios(baseUrl: string): Promise<Scenario[]> {
  const categories = (await (await fetch(`${baseUrl}/api/categories`)).json()) as { data: Category[] };
  const fashion = categories.data.find((c) => c.categoryName === 'Fashion') ?? categories.data[0];
  if (!fashion) throw new Error('the seeded catalogue has no categories');
  const categoryPages = PAGES.map((page) => `/api/products?page=${page}&limit=10&category=${fashion._id}&minPrice=500&maxPrice=5000`);
  const search = SEARCHES.flatMap((term) => [1, 2].map((page) => `/api/products?search=${encodeURIComponent(term)}&page=${page}&limit=10`));
  const searchAll = SEARCHES.map((term) => `/api/products?search=${encodeURIComponent(term)}&limit=0`);
  const suggestions = SUGGESTION_PREFIXES.map((prefix) => `/api/products/suggest?q=${encodeURIComponent(prefix)}`);
  const home = ['newest', 'rating', 'sales'].map((sortBy) => `/api/products?limit=12&sortBy=${sortBy}`);
  return [
    { name: `search, ${SEARCHES.length} terms, pages 1-2`, paths: search, cached: false, connections: CONNECTIONS },
    { name: `search, ${SEARCHES.length} terms, limit=0`, paths: searchAll, cached: false, connections: CONNECTIONS },
    { name: `suggestions, ${SUGGESTION_PREFIXES.length} prefixes`, paths: suggestions, cached: false, connections: CONNECTIONS },
    { name: 'category + price range, pages 1-10', paths: categoryPages, cached: false, connections: CONNECTIONS },
    { name: 'home: newest / top rated / best sellers, 12 each', paths: home, cached: false, connections: CONNECTIONS },
    { name: 'category + price range, pages 1-10', paths: categoryPages, cached: false, connections: 1 },
    { name: 'category + price range, pages 1-10', paths: categoryPages, cached: true, connections: CONNECTIONS },
  ];
}

/** Every scenario on one catalogue: a server without the list cache for the uncached ones, one with it for the rest. */
async function measure(backend: Run['backend'], products: number, dataDir: string, databaseUrl: string): Promise<Run[]> {
  const runs: Run[] = [];
  for (const cached of [false, true]) {
    const server = await startServer(dataDir, databaseUrl, cached ? 10 : 0);
    try {
      for (const { name, paths, connections } of (await scenarios(server.baseUrl)).filter((s) => s.cached === cached)) {
        const sample = await fetch(`${server.baseUrl}${paths[0]}`);
        if (!sample.ok) throw new Error(`${paths[0]} answered ${sample.status}`);
        await load(server.baseUrl, paths, WARM_UP_SECONDS, connections);
        const result = await load(server.baseUrl, paths, DURATION_SECONDS, connections);
        runs.push({
          backend,
          products,
          scenario: name,
          cached,
          connections,
          requestsPerSecond: Math.round(result.requests.average),
          latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max, average: result.latency.average },
          requests: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors,
        });
        printRun(runs.at(-1)!);
      }
    } finally {
      await server.stop();
    }
  }
  return runs;
}

async function onPglite(products: number): Promise<Run[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-bench-pglite-'));
  try {
    console.log(`PGlite, ${products} products:`);
    await seed(await openPglite(dataDir), dataDir, products);
    return await measure('pglite', products, dataDir, '');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(serverUrl: string, products: number): Promise<Run[]> {
  const name = `haat_bench_${Date.now().toString(36)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-bench-pg-'));
  await admin(`CREATE DATABASE ${name}`);
  try {
    console.log(`PostgreSQL (database ${name}), ${products} products:`);
    await seed(await openPostgres(url.toString()), dataDir, products);
    return await measure('postgres', products, dataDir, url.toString());
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureApiProducts(databaseUrl = process.env.DATABASE_URL): Promise<ApiProductsResult> {
  const runs: Run[] = [];
  for (const products of SIZES) {
    runs.push(...(await onPglite(products)));
    if (databaseUrl) runs.push(...(await onPostgres(databaseUrl, products)));
  }
  return { durationSeconds: DURATION_SECONDS, runs };
}

function printRun(run: Run): void {
  const { p50, p99, max } = run.latencyMs;
  const failures = run.non2xx + run.errors > 0 ? `  (${run.non2xx} non-2xx, ${run.errors} errors)` : '';
  const who = `${run.backend} ${run.products / 1000}k ×${run.connections}`;
  const what = `${run.scenario}${run.cached ? ' (cached)' : ''}`;
  console.log(
    `  ${who.padEnd(18)} ${what.padEnd(52)} ${String(run.requestsPerSecond).padStart(6)} req/s   p50 ${p50} ms   p99 ${p99} ms   max ${max} ms${failures}`,
  );
}

export function printApiProductsReport(result: ApiProductsResult): void {
  console.log(`\nGET /api/products, ${result.durationSeconds} s each`);
  for (const run of result.runs) printRun(run);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await measureApiProducts();
  printApiProductsReport(result);
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'api-products.json');
  writeFileSync(file, JSON.stringify({ name: 'api-products', measuredAt: new Date().toISOString(), result }, null, 2) + '\n');
  console.log(`wrote ${file}`);
}
