import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { VitalsReport } from '../../../contract/client-events';
import { CLIENT_EVENTS_MAX_BYTES, VITAL_GOALS } from '../../../contract/vitals';
import { clientVitals } from '../../db/schema';
import { body, useShop } from '../../test/harness';
import { dhakaDay, dhakaMidnight } from '../admin/dhaka-time';
import { emptyHistogram } from './histogram';
import { CLIENT_EVENTS_PER_MINUTE } from './routes';
import { OTHER_PAGES, PAGES_PER_DAY } from './vitals';

const lines: string[] = [];
const t = useShop({ people: true, env: { LOG_LEVEL: 'info' }, log: { write: (line) => lines.push(line) } });
beforeEach(() => {
  lines.length = 0;
});

type LogLine = { level: number; msg: string; reqId?: string; clientError?: Record<string, string> };
const logged = () => lines.map((line) => JSON.parse(line) as LogLine);

/** Each test its own client address, so the per-address flood limit of one test does not reach the next. */
let address = 0;
const send = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/client-events',
    remoteAddress: `10.0.0.${++address}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const vital = (fields: Record<string, unknown> = {}) => ({
  type: 'vital',
  name: 'LCP',
  value: 1800,
  route: '/products/$id',
  connection: '4g',
  saveData: false,
  servedBy: 'ssr',
  ...fields,
});
const clientError = (fields: Record<string, unknown> = {}) => ({
  type: 'error',
  kind: 'error',
  message: 'x is not a function',
  stack: 'TypeError: x is not a function\n    at https://shop.example/assets/index-a1b2c3.js:1:2345',
  route: '/cart',
  buildId: 'build-2024.1',
  ...fields,
});

const report = async (days?: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/vitals${days ? `?days=${days}` : ''}`, headers: t.admin.headers });
  expect(res.statusCode).toBe(200);
  return body<VitalsReport>(res).data;
};
const letter = (n: number) => String.fromCharCode(97 + (Math.floor(n) % 26));
const metric = (data: VitalsReport, name: string) => data.metrics.find((m) => m.name === name)!;

describe('POST /api/client-events', () => {
  it('refuses bodies that break the contract with 400 and a message', async () => {
    const bad: [unknown, RegExp][] = [
      [{ type: 'vital' }, /expected array/i],
      [[], /at least one event/],
      [[vital({ name: 'FID' })], /.+/],
      [[vital({ value: -1 })], /cannot be negative/],
      [[vital({ connection: '5g' })], /.+/],
      [[vital({ route: '/products/$id?color=red' })], /route pattern/],
      [[vital({ route: 'https://shop.example/products/$id' })], /route pattern/],
      [[vital({ route: '/products/6650f1c2a9' })], /route pattern/],
      [[vital({ email: 'someone@example.com' })], /.+/],
      [[clientError({ buildId: 'no spaces allowed' })], /buildId/],
      [[clientError({ kind: 'warning' })], /.+/],
      [[{ type: 'click', route: '/' }], /.+/],
      [Array.from({ length: 51 }, () => vital()), /at most 50 events/],
      ['{"not json', /.+/],
    ];
    for (const [payload, message] of bad) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(body(res).success).toBe(false);
      expect(body(res).message).toMatch(message);
    }
    expect(await t.db.select().from(clientVitals)).toEqual([]);
  });

  it('reads a text/plain body, as navigator.sendBeacon sends it, and refuses one that is not JSON', async () => {
    const res = await send(JSON.stringify([vital(), vital({ name: 'CLS', value: 0.02 })]), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual({ received: 2 });
    const refused = await send('hello', { 'content-type': 'text/plain' });
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toBe('The body is not JSON');
  });

  it('refuses a body over the limit with 413', async () => {
    const huge = Array.from({ length: 40 }, () => clientError({ message: 'm'.repeat(1000) }));
    expect(JSON.stringify(huge).length).toBeGreaterThan(CLIENT_EVENTS_MAX_BYTES);
    const res = await send(huge);
    expect(res.statusCode).toBe(413);
    expect(body(res).success).toBe(false);
  });

  it(`answers 429 to a client that sends more than ${CLIENT_EVENTS_PER_MINUTE} batches a minute`, async () => {
    const flood = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/client-events',
        remoteAddress: '10.1.1.1',
        headers: { 'content-type': 'application/json' },
        payload: [vital()],
      });
    for (let i = 0; i < CLIENT_EVENTS_PER_MINUTE; i += 1) expect((await flood()).statusCode).toBe(200);
    const refused = await flood();
    expect(refused.statusCode).toBe(429);
    expect(body(refused).message).toMatch(/Too many requests/);
    // Another client is not held back by the flood.
    expect((await send([vital()])).statusCode).toBe(200);
  });

  it('logs a client error with its build id, scrubbed of addresses’ queries, emails, phone numbers and tokens', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEyMzQ1Njc4OTAifQ.c2lnbmF0dXJlLW9mLXRoZS10b2tlbi1oZXJl';
    const res = await send([
      clientError({
        kind: 'unhandledrejection',
        message: `Failed to fetch https://shop.example/api/products?search=secret-word for rahim@example.com (+880 1711-000001) with ${token}`,
        stack: `Error\n    at https://shop.example/user/verify/abcdefghijklmnopqrstuvwxyz0123456789?next=/cart:1:2`,
      }),
    ]);
    expect(res.statusCode).toBe(200);
    const entry = logged().find((line) => line.msg === 'client error');
    expect(entry).toMatchObject({
      level: 40,
      reqId: res.headers['x-request-id'],
      clientError: { kind: 'unhandledrejection', route: '/cart', buildId: 'build-2024.1' },
    });
    expect(entry!.clientError!.message).toBe('Failed to fetch https://shop.example/api/products for [email] ([number]) with [token]');
    expect(entry!.clientError!.stack).toBe('Error\n    at https://shop.example/user/verify/[token]');
    const log = lines.join('');
    for (const personal of ['secret-word', 'rahim', '1711', token.slice(0, 20), 'next=']) expect(log).not.toContain(personal);
  });
});

describe('GET /api/admin/vitals', () => {
  it('shows a sample that arrived: p75 per page, per connection and per day, with counts and goals', async () => {
    const values = [1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500];
    await send(values.map((value) => vital({ value })));
    await send([vital({ route: '/', connection: '3g', value: 5000 }), vital({ name: 'INP', value: 120 }), vital({ name: 'CLS', value: 0 })]);

    const data = await report(7);
    expect(data.days).toBe(7);
    const lcp = metric(data, 'LCP');
    expect(lcp.goal).toBe(VITAL_GOALS.LCP);
    expect(metric(data, 'INP').goal).toBe(VITAL_GOALS.INP);
    expect(metric(data, 'CLS').goal).toBe(VITAL_GOALS.CLS);
    expect(metric(data, 'TTFB').goal).toBeNull();

    expect(lcp.overall.samples).toBe(9);
    const product = lcp.byPage.find((page) => page.route === '/products/$id')!;
    expect(product.samples).toBe(8);
    // The true p75 of the eight values is 3500 (nearest rank); a bucket is about 12 % wide.
    expect(product.p75).toBeGreaterThan(3500 * 0.88);
    expect(product.p75).toBeLessThan(3500 * 1.12);
    expect(lcp.byPage.map((page) => page.route)).toEqual(['/products/$id', '/']);
    expect(lcp.byConnection).toEqual([
      { connection: '3g', samples: 1, p75: expect.closeTo(5000, -3) as number },
      { connection: '4g', samples: 8, p75: product.p75 },
    ]);
    expect(lcp.daily).toHaveLength(7);
    expect(lcp.daily.at(-1)).toMatchObject({ day: dhakaDay(new Date()), samples: 9 });
    expect(lcp.daily[0]).toEqual({ day: dhakaDay(dhakaMidnight(new Date(), 6)), samples: 0, p75: null });
    expect(metric(data, 'CLS').overall).toEqual({ p75: expect.any(Number) as number, samples: 1 });
    expect(metric(data, 'CLS').overall.p75).toBeLessThanOrEqual(0.001);
    expect(metric(data, 'FCP').overall).toEqual({ p75: null, samples: 0 });

    expect((await report(30)).metrics[0]!.daily).toHaveLength(30);
  });

  it('adds each day’s samples to one row per page, connection and metric, and deletes days past 35', async () => {
    const day = (daysBack: number) => dhakaDay(dhakaMidnight(new Date(), daysBack));
    const old = { route: '/', connection: '4g', metric: 'LCP', buckets: emptyHistogram(), samples: 0 };
    await t.db.insert(clientVitals).values([
      { ...old, day: day(35) },
      { ...old, day: day(34) },
    ]);
    await send([vital(), vital()]);
    await send([vital({ value: 900 })]);
    const rows = await t.db.select().from(clientVitals).orderBy(clientVitals.day);
    expect(rows.map((row) => [row.day, row.route, row.samples])).toEqual([
      [day(34), '/', 0],
      [day(0), '/products/$id', 3],
    ]);
    expect(rows[1]!.buckets.reduce((sum, n) => sum + n, 0)).toBe(3);
    expect(rows[1]!.buckets).toHaveLength(emptyHistogram().length);
  });

  it(`counts a day’s pages beyond ${PAGES_PER_DAY} under ${OTHER_PAGES}`, async () => {
    const today = dhakaDay(new Date());
    await t.db.insert(clientVitals).values(
      Array.from({ length: PAGES_PER_DAY }, (_, i) => ({
        day: today,
        route: `/page-${letter(i / 26)}${letter(i)}`,
        connection: '4g',
        metric: 'LCP',
        buckets: emptyHistogram(),
        samples: 0,
      })),
    );
    expect((await send([vital({ route: '/a-new-page' }), vital({ route: '/page-aa' })])).statusCode).toBe(200);
    const pages = metric(await report(7), 'LCP').byPage;
    expect(pages.slice(0, 2).map(({ route, samples }) => ({ route, samples }))).toEqual([
      { route: OTHER_PAGES, samples: 1 },
      { route: '/page-aa', samples: 1 },
    ]);
  });

  it('is for admins only, and takes 7 or 30 days', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/vitals' })).statusCode).toBe(401);
    for (const who of [t.alice, t.seller]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/vitals', headers: who.headers })).statusCode).toBe(403);
    }
    const wrong = await t.app.inject({ method: 'GET', url: '/api/admin/vitals?days=14', headers: t.admin.headers });
    expect(wrong.statusCode).toBe(400);
    expect(body(wrong).message).toBe('days must be 7 or 30');
    expect((await report()).days).toBe(7);
  });
});

describe('a failure on the server’s side', () => {
  it('answers 500 with the request id the log line and the X-Request-Id header carry', async () => {
    await t.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION refuse_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`),
    );
    await t.db.execute(sql.raw('CREATE TRIGGER refuse_vitals BEFORE INSERT ON client_vitals FOR EACH ROW EXECUTE FUNCTION refuse_insert()'));
    try {
      const res = await send([vital()], { 'x-request-id': 'balancer-0042-abcd' });
      expect(res.statusCode).toBe(500);
      expect(res.headers['x-request-id']).toBe('balancer-0042-abcd');
      expect(body(res)).toMatchObject({ success: false, requestId: 'balancer-0042-abcd' });
      expect(logged().find((line) => line.msg === 'unexpected error')).toMatchObject({ level: 50, reqId: 'balancer-0042-abcd' });
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER IF EXISTS refuse_vitals ON client_vitals'));
    }
  });

  it('leaves the request id out of answers to the client’s own mistakes', async () => {
    const res = await send([]);
    expect(res.statusCode).toBe(400);
    expect(body(res)).not.toHaveProperty('requestId');
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
  });
});
