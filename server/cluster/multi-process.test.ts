/**
 * Two real server processes (`server/main.ts`, as `npm start` runs it) on one PostgreSQL, one Redis and one
 * S3-protocol server for media (s3rver). PostgreSQL is the server DATABASE_URL names when set, else a throwaway
 * cluster started here; Redis and s3rver are always started here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../contract/orders';
import { openPostgres, type Database } from '../db/client';
import { orders, products, scheduledJobs } from '../db/schema';
import { accessTokens } from '../http/auth';
import { openSession } from '../modules/auth/sessions';
import { orderPayload } from '../modules/orders/test-fixtures';
import { insertCategory, insertProduct } from '../modules/products/test-fixtures';
import { checkoutSeed } from '../seed/orders';
import { fileBlob, picture } from '../modules/products/test-fixtures';
import { createUser } from '../test/harness';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { freePort, freshPostgresDatabase, throwawayRedis, type Service } from '../test/services';

const root = fileURLToPath(new URL('../..', import.meta.url));
const JWT_SECRET = 'multi-process-test-secret-long-enough-for-hs256';

/**
 * A build of the web app standing in for the real one: its renderer draws the products the API lists and which of
 * this process's renders the page is, so a test sees a page reused and a page rendered again.
 */
function stubWebApp(dir: string) {
  mkdirSync(join(dir, '.ssr'), { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>haat</title></head><body><div id="root"></div><noscript>haat needs JavaScript to run.</noscript></body></html>',
  );
  writeFileSync(
    join(dir, '.ssr', 'entry-server.js'),
    `export function createPageRenderer({ api }) {
      let renders = 0;
      return async ({ nonce, signal }) => {
        renders += 1;
        const list = await (await api('/api/products?limit=50', { signal })).json();
        const names = list.data.data.map((product) => product.productName).join(', ');
        return { status: 200, head: '<title>Home | haat</title>', body: '<main>render ' + renders + ': ' + names + '<script nonce="' + nonce + '">1</script></main>', routeIds: [], messageModules: [] };
      };
    }`,
  );
}

type ServerProcess = { origin: string; child: ChildProcess; exited: Promise<number | null>; output: () => string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const dataDirs: string[] = [];
const servers: ServerProcess[] = [];

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-cluster-'));
  dataDirs.push(dataDir);
  const webApp = join(dataDir, 'web-app');
  stubWebApp(webApp);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      WEB_ROOT: webApp,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      PAYMENT_PROVIDER: 'sandbox',
      AUTH_RATE_LIMIT: '10',
      // Long enough that only the change feed can explain a list that changed within a second.
      LIST_CACHE_SECONDS: '300',
      PAGE_CACHE_SECONDS: '300',
      ORDER_HOUSEKEEPING_SECONDS: '1',
      // The burst places more cash orders to one phone than may wait for confirmation; confirming is tested on its own.
      CASH_CONFIRMATION: 'off',
      // The burst test sends on to A after its SIGTERM, as a balancer that has not yet noticed would: no drain period.
      SHUTDOWN_DRAIN_SECONDS: '0',
      SHUTDOWN_TIMEOUT_SECONDS: '10',
      ...env,
    },
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { origin: `http://127.0.0.1:${port}`, child, exited, output: () => output };
  servers.push(server);
  const deadline = Date.now() + 60_000;
  while (!output.includes('haat is running at')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start: ${output}`);
    await sleep(50);
  }
  return server;
}

let postgres: Service;
let redis: Service;
let s3: TestS3Server;
let database: Database;
let a: ServerProcess;
let b: ServerProcess;
let admin: Record<string, string>;
let customer: Awaited<ReturnType<typeof createUser>> & { headers: Record<string, string> };
let tea: Awaited<ReturnType<typeof insertProduct>>;

async function bearer(user: { id: string }) {
  const { sessionId } = await openSession(database.db, user.id);
  return { authorization: `Bearer ${await accessTokens(JWT_SECRET).sign({ id: user.id, sessionId })}` };
}

beforeAll(async () => {
  [postgres, redis, s3] = await Promise.all([freshPostgresDatabase(), throwawayRedis(), startS3Server()]);
  database = await openPostgres(postgres.url);
  await database.migrate();
  // A shop with users is never seeded: the test's own rows are all there is.
  const adminUser = await createUser(database.db, { name: 'Admin', email: 'admin@example.com', role: 'admin' });
  admin = await bearer(adminUser);
  const alice = await createUser(database.db, { name: 'Alice Rahman', email: 'alice@example.com' });
  customer = { ...alice, headers: await bearer(alice) };
  await checkoutSeed.run(database.db);
  const category = await insertCategory(database.db, 'Groceries');
  tea = await insertProduct(database.db, { categoryId: category.id, name: 'Sylhet Tea 500 g', originalPrice: 100, remaining: 1000 });
  const env = { DATABASE_URL: postgres.url, REDIS_URL: redis.url, ADMIN_EMAIL: 'admin@example.com', ...s3.env };
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
}, 180_000);

afterAll(async () => {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await Promise.all(servers.map((server) => server.exited));
  await database?.close();
  await Promise.all([postgres?.stop(), redis?.stop(), s3?.stop()]);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
}, 60_000);

type Envelope = { success: boolean; message: string; data: unknown };

async function call(server: ServerProcess, method: string, path: string, { headers = {}, body }: { headers?: Record<string, string>; body?: unknown } = {}) {
  const res = await fetch(server.origin + path, {
    method,
    headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Envelope };
}

const productNames = async (server: ServerProcess) => {
  const { body } = await call(server, 'GET', '/api/products?limit=50');
  return JSON.stringify(body.data);
};

describe('two processes on one PostgreSQL and one Redis', () => {
  it('serves an image uploaded through A resized by B, from the shared bucket', async () => {
    const form = new FormData();
    form.append('categoryName', 'Books');
    form.append('categoryImage', fileBlob(await picture(600, 400, 'png'), 'image/png'), 'books.png');
    const uploaded = await fetch(`${a.origin}/api/categories`, { method: 'POST', headers: admin, body: form });
    expect(uploaded.status).toBe(201);
    const { categoryImage } = ((await uploaded.json()) as { data: { categoryImage: string } }).data;
    const resized = await fetch(`${b.origin}${categoryImage}?w=250`, { headers: { accept: 'image/webp' } });
    expect(resized.status).toBe(200);
    expect(resized.headers.get('content-type')).toBe('image/webp');
    expect((await resized.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it('removes a product edited through A from B’s cached list within a second', async () => {
    expect(await productNames(b)).toContain('Sylhet Tea 500 g');
    const edited = await call(a, 'PUT', `/api/products/${tea.id}`, { headers: admin, body: { productName: 'Darjeeling Tea 500 g' } });
    expect(edited.status).toBe(200);
    const editedAt = Date.now();
    let seen = await productNames(b);
    while (seen.includes('Sylhet Tea 500 g') && Date.now() - editedAt < 1_000) {
      await sleep(25);
      seen = await productNames(b);
    }
    expect(seen).not.toContain('Sylhet Tea 500 g');
    expect(seen).toContain('Darjeeling Tea 500 g');
    expect(Date.now() - editedAt).toBeLessThan(1_000);
  });

  it('drops the pages B keeps for a visitor when a product is edited through A, within a second', async () => {
    const home = async () => (await fetch(`${b.origin}/`, { headers: { accept: 'text/html' } })).text();
    const first = await home();
    expect(first).toContain('Darjeeling Tea 500 g');
    // Reused for the same visitor: the same render, not a new one.
    const rendered = /render \d+/.exec(first)?.[0];
    expect(rendered).toBeTruthy();
    expect(/render \d+/.exec(await home())?.[0]).toBe(rendered);
    const edited = await call(a, 'PUT', `/api/products/${tea.id}`, { headers: admin, body: { productName: 'Assam Tea 500 g' } });
    expect(edited.status).toBe(200);
    const editedAt = Date.now();
    let seen = await home();
    while (!seen.includes('Assam Tea 500 g') && Date.now() - editedAt < 1_000) {
      await sleep(25);
      seen = await home();
    }
    expect(seen).toContain('Assam Tea 500 g');
    expect(/render \d+/.exec(seen)?.[0]).not.toBe(rendered);
    expect(Date.now() - editedAt).toBeLessThan(1_000);
  });

  it('counts ten failed sign-ins spread over A and B against one limit', async () => {
    const signIn = (server: ServerProcess) =>
      call(server, 'POST', '/api/user/signin', { body: { identifier: 'alice@example.com', password: 'not-her-password' } });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await signIn(i % 2 === 0 ? a : b)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    expect([(await signIn(a)).status, (await signIn(b)).status]).toEqual([429, 429]);
  });

  it('runs the periodic housekeeping once a second across both, not once on each', async () => {
    const runs = async () =>
      (await database.db.select({ runs: scheduledJobs.runs }).from(scheduledJobs).where(eq(scheduledJobs.name, 'order-housekeeping')))[0]?.runs ?? 0;
    const before = await runs();
    await sleep(4_000);
    const during = (await runs()) - before;
    // Each process on its own would make about eight rounds in four seconds.
    expect(during).toBeGreaterThanOrEqual(3);
    expect(during).toBeLessThanOrEqual(5);
  }, 20_000);

  it('loses no order of a burst when A gets SIGTERM: A finishes what it took, B and the client’s retry the rest', async () => {
    const [{ remaining: stockBefore }] = (await database.db.select({ remaining: products.remaining }).from(products).where(eq(products.id, tea.id))) as [
      { remaining: number },
    ];
    const payload = orderPayload(customer, { items: [{ productId: tea.id, quantity: 1 }] });
    /** The browser's way: the same Idempotency-Key on every try, the next process when one refuses or goes away. */
    const place = async (key: string) => {
      for (const server of [a, b, b]) {
        try {
          const res = await call(server, 'POST', '/api/order/post-order', { headers: { ...customer.headers, [IDEMPOTENCY_HEADER]: key }, body: payload });
          if (res.status === 200 || res.status === 201) return { by: server, ...(res.body.data as { order: { _id: string } }) };
        } catch {
          // Connection refused or closed: try the next.
        }
      }
      throw new Error(`order ${key} was not placed`);
    };
    const keys = Array.from({ length: 30 }, () => `burst-${randomBytes(8).toString('hex')}`);
    const placing = keys.map(async (key, i) => {
      await sleep(i * 15);
      return place(key);
    });
    await sleep(120);
    a.child.kill('SIGTERM');
    const placed = await Promise.all(placing);
    expect(await a.exited, a.output()).toBe(0);

    // The burst straddled the signal: A answered some, B the rest.
    expect(placed.some((p) => p.by === a)).toBe(true);
    expect(placed.some((p) => p.by === b)).toBe(true);
    expect(new Set(placed.map((p) => p.order._id)).size).toBe(keys.length);
    const [{ n }] = (await database.db.select({ n: count() }).from(orders).where(eq(orders.customerId, customer.id))) as [{ n: number }];
    expect(n).toBe(keys.length);
    const [{ remaining }] = (await database.db.select({ remaining: products.remaining }).from(products).where(eq(products.id, tea.id))) as [
      { remaining: number },
    ];
    expect(remaining).toBe(stockBefore - keys.length);

    // With A gone, B claims every housekeeping round: the work goes on.
    const job = async () => (await database.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'order-housekeeping')))[0]!;
    const runsThen = (await job()).runs;
    await sleep(2_500);
    const later = await job();
    expect(later.runs).toBeGreaterThanOrEqual(runsThen + 2);
    expect(later.holder).toContain(`:${b.child.pid}:`);
  }, 60_000);
});
