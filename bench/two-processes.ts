import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { Category } from '../contract/catalogue';
import { openPostgres } from '../server/db/client';
import { mediaDir } from '../server/config';
import { localMediaStorage } from '../server/modules/media/storage';
import { seedCatalogue } from '../server/seed/catalogue';
import { freshPostgresDatabase } from '../server/test/services';
import { freePort, SERVER_MAIN } from './support/server';
import { eachConnectionAVisitor, VISITORS_SERVER_ENV } from './support/visitors';

/**
 * The product-list scenario of api-products (a category with a price range, pages 1-10, 50 connections) on one
 * PostgreSQL: one server process alone, then one and two processes behind a round-robin proxy
 * (`support/round-robin-proxy.ts`), uncached (`LIST_CACHE_SECONDS=0`: every request reaches the database) and cached.
 * PostgreSQL is DATABASE_URL's server when set, else a throwaway cluster; the catalogue is BENCH_PRODUCTS (first
 * size, default 10,000) products. Everything (processes, proxy, PostgreSQL, the load generator) shares this machine's
 * cores, so the two-process figure shows what a second process adds here, not on a machine with a core for each.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PRODUCTS = Number((process.env.BENCH_PRODUCTS ?? '10000').split(',')[0]);
const CONNECTIONS = 50;
const DURATION_SECONDS = 10;
const WARM_UP_SECONDS = 5;
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'br, gzip' };

export type TwoProcessesRun = { setup: string; cached: boolean; requestsPerSecond: number; p50Ms: number; p99Ms: number; non2xx: number; errors: number };
export type TwoProcessesResult = { products: number; connections: number; durationSeconds: number; cores: number; runs: TwoProcessesRun[] };

type Child = { origin: string; stop(): Promise<void> };

async function started(child: ChildProcess, origin: string, ready: () => Promise<boolean>): Promise<Child> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    const killTimer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killTimer);
  };
  const deadline = Date.now() + 60_000;
  while (!(await ready())) {
    if (child.exitCode !== null) throw new Error(`${origin} exited before it was ready`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${origin} did not answer within 60 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { origin, stop };
}

async function startServer(databaseUrl: string, dataDir: string, listCacheSeconds: number): Promise<Child> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_ROOT: join(dataDir, 'no-web-app'),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      LIST_CACHE_SECONDS: String(listCacheSeconds),
      AUTH_RATE_LIMIT: '1000000',
      ...VISITORS_SERVER_ENV,
    },
  });
  return started(child, origin, () =>
    fetch(`${origin}/api/ready`).then(
      (r) => r.ok,
      () => false,
    ),
  );
}

async function startProxy(origins: string[]): Promise<Child> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/support/round-robin-proxy.ts', String(port), ...origins], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let listening = false;
  child.stdout!.on('data', (chunk: Buffer) => (listening ||= chunk.toString().includes('listening')));
  return started(child, `http://127.0.0.1:${port}`, async () => listening);
}

async function load(origin: string, paths: string[], seconds: number) {
  return autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: seconds,
    headers: BROWSER_HEADERS,
    setupClient: eachConnectionAVisitor(BROWSER_HEADERS),
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
}

async function categoryPages(origin: string): Promise<string[]> {
  const categories = (await (await fetch(`${origin}/api/categories`)).json()) as { data: Category[] };
  const fashion = categories.data.find((c) => c.categoryName === 'Fashion') ?? categories.data[0];
  if (!fashion) throw new Error('the seeded catalogue has no categories');
  return [1, 2, 3, 5, 10].map((page) => `/api/products?page=${page}&limit=10&category=${fashion._id}&minPrice=500&maxPrice=5000`);
}

export async function measureTwoProcesses(): Promise<TwoProcessesResult> {
  const database = await freshPostgresDatabase();
  const dataDirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'haat-bench-two-'));
    dataDirs.push(dir);
    return dir;
  };
  const runs: TwoProcessesRun[] = [];
  try {
    const seeding = await openPostgres(database.url);
    try {
      await seeding.migrate();
      const begun = Date.now();
      await seedCatalogue(seeding.db, { storage: localMediaStorage(mediaDir(dataDir())), products: PRODUCTS });
      console.log(`  seeded ${PRODUCTS} products on PostgreSQL in ${((Date.now() - begun) / 1000).toFixed(1)} s`);
    } finally {
      await seeding.close();
    }
    for (const cached of [false, true]) {
      const cacheSeconds = cached ? 10 : 0;
      const servers = [await startServer(database.url, dataDir(), cacheSeconds), await startServer(database.url, dataDir(), cacheSeconds)];
      try {
        const paths = await categoryPages(servers[0]!.origin);
        const setups: { setup: string; origins: string[] }[] = [
          { setup: 'one process', origins: [] },
          { setup: 'one process behind the proxy', origins: [servers[0]!.origin] },
          { setup: 'two processes behind the proxy', origins: servers.map((s) => s.origin) },
        ];
        for (const { setup, origins } of setups) {
          const proxy = origins.length > 0 ? await startProxy(origins) : null;
          try {
            const origin = proxy?.origin ?? servers[0]!.origin;
            await load(origin, paths, WARM_UP_SECONDS);
            const result = await load(origin, paths, DURATION_SECONDS);
            runs.push({
              setup,
              cached,
              requestsPerSecond: Math.round(result.requests.average),
              p50Ms: result.latency.p50,
              p99Ms: result.latency.p99,
              non2xx: result.non2xx,
              errors: result.errors,
            });
            printRun(runs.at(-1)!);
          } finally {
            await proxy?.stop();
          }
        }
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
    }
  } finally {
    await database.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
  return { products: PRODUCTS, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS, cores: availableParallelism(), runs };
}

function printRun(run: TwoProcessesRun): void {
  const failures = run.non2xx + run.errors > 0 ? `  (${run.non2xx} non-2xx, ${run.errors} errors)` : '';
  const what = `${run.setup}${run.cached ? ' (cached)' : ''}`;
  console.log(`  ${what.padEnd(42)} ${String(run.requestsPerSecond).padStart(6)} req/s   p50 ${run.p50Ms} ms   p99 ${run.p99Ms} ms${failures}`);
}

export function printTwoProcessesReport(result: TwoProcessesResult): void {
  console.log(
    `\nGET /api/products (category + price range), PostgreSQL, ${result.products} products, ${result.connections} connections, ${result.durationSeconds} s each, ${result.cores} cores`,
  );
  for (const run of result.runs) printRun(run);
}
