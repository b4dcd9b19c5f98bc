import { describe, expect, it } from 'vitest';
import { body, createTestApp, useShop } from '../../test/harness';

const TOKEN = 'metrics-token-for-the-tests-0123';
const lines: string[] = [];
const t = useShop({ env: { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info', LIST_CACHE_SECONDS: '60' }, log: { write: (line) => lines.push(line) } });

type Sample = { name: string; labels: Record<string, string>; value: number };

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
const HELP = new RegExp(`^# HELP (${NAME}) .*$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*,?)?\\})? (\\S+)(?: -?\\d+)?$`);
// A float as Prometheus reads one: its parser takes NaN and Inf in any case (prom-client writes `Nan` for a gauge with no
// samples yet, such as the event loop's lag right after start).
const VALUE = /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|[+-]?inf|nan)$/i;
const SUFFIXES: Record<string, string[]> = { histogram: ['_bucket', '_sum', '_count'], summary: ['', '_sum', '_count'] };

/**
 * Reads the Prometheus text exposition format (version 0.0.4) line by line, failing on any line that is not a HELP, a
 * TYPE or a sample, on a sample whose family was given no TYPE before it, and on a value that is not a float.
 */
function parseExposition(text: string): Sample[] {
  expect(text.endsWith('\n')).toBe(true);
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '' || HELP.test(line)) continue;
    const type = TYPE.exec(line);
    if (type) {
      expect(types.has(type[1]!), `${type[1]} typed twice`).toBe(false);
      types.set(type[1]!, type[2]!);
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not a line of the exposition format: ${line}`);
    const [, name, labelText, value] = sample as unknown as [string, string, string | undefined, string];
    const family = [...types].find(([family, kind]) => (SUFFIXES[kind] ?? ['']).some((suffix) => name === family + suffix));
    expect(family, `${name} has no TYPE before it`).toBeDefined();
    expect(value, line).toMatch(VALUE);
    const labels = Object.fromEntries([...(labelText ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]));
    samples.push({ name, labels, value: Number(value.replace(/inf$/i, 'Infinity')) });
  }
  return samples;
}

const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => t.app.inject({ method: 'GET', url: '/api/metrics', headers });
const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value));

describe('GET /api/metrics', () => {
  it('refuses a scrape without the token or with a wrong one', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }] as Record<
      string,
      string
    >[]) {
      const res = await scrape(headers);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('haat_');
    }
  });

  it('is not there when METRICS_TOKEN is unset', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(body(res).success).toBe(false);
    } finally {
      await bare.close();
    }
  });

  it('answers the Prometheus text format: requests by route pattern and status, latency, event loop, heap, database, list cache and invoice queue', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/products/no-such-product' });
    await t.app.inject({ method: 'GET', url: '/api/products?limit=5' });
    await t.app.inject({ method: 'GET', url: '/api/products?limit=5' });
    await t.app.inject({ method: 'GET', url: '/api/products?limit=6' });

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    const samples = parseExposition(res.body);

    expect(find(samples, 'haat_http_requests_total', { method: 'GET', route: '/api/health', status: '200' })[0]?.value).toBe(1);
    expect(find(samples, 'haat_http_requests_total', { route: '/api/products/:id', status: '404' })[0]?.value).toBe(1);
    expect(find(samples, 'haat_http_requests_total', { route: '/api/products', status: '200' })[0]?.value).toBe(3);
    const latency = find(samples, 'haat_http_request_duration_seconds_bucket', { route: '/api/products', status: '200' });
    expect(latency.find((s) => s.labels.le === '+Inf')?.value).toBe(3);
    expect(find(samples, 'haat_http_request_duration_seconds_count', { route: '/api/products' })[0]?.value).toBe(3);

    expect(find(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
    expect(find(samples, 'nodejs_heap_size_used_bytes')[0]?.value).toBeGreaterThan(0);
    expect(find(samples, 'haat_db_connections_max')[0]?.value).toBeGreaterThan(0);
    expect(
      find(samples, 'haat_db_connections')
        .map((s) => s.labels.state)
        .sort(),
    ).toEqual(['busy', 'idle']);
    expect(find(samples, 'haat_db_queries_waiting')[0]?.value).toBe(0);
    expect(find(samples, 'haat_list_cache_requests_total', { result: 'hit' })[0]?.value).toBe(1);
    expect(find(samples, 'haat_list_cache_requests_total', { result: 'miss' })[0]?.value).toBe(2);
    expect(find(samples, 'haat_list_cache_hit_ratio')[0]?.value).toBeCloseTo(1 / 3);
    expect(find(samples, 'haat_invoice_renders_waiting')[0]?.value).toBe(0);
  });

  it('leaves the list cache alone when browsers report what they saw', async () => {
    const hits = async () => find(parseExposition((await scrape()).body), 'haat_list_cache_requests_total', { result: 'hit' })[0]!.value;
    await t.app.inject({ method: 'GET', url: '/api/products?limit=7' });
    const before = await hits();
    const report = [{ type: 'vital', name: 'TTFB', value: 80, route: '/', connection: 'unknown', saveData: true, servedBy: 'sw' }];
    expect((await t.app.inject({ method: 'POST', url: '/api/client-events', payload: report })).statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/products?limit=7' });
    expect(await hits()).toBe(before + 1);
  });
});

describe('the request id', () => {
  type LogLine = { msg: string; reqId?: string; res?: { statusCode: number } };

  it('is a new one on every answer, in X-Request-Id and in the log lines of the request', async () => {
    lines.length = 0;
    const first = await t.app.inject({ method: 'GET', url: '/api/health' });
    const second = await t.app.inject({ method: 'GET', url: '/api/health' });
    const id = first.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(second.headers['x-request-id']).not.toBe(id);
    const mine = lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.reqId === id);
    expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(mine[1]!.res!.statusCode).toBe(200);
  });

  it('is the balancer’s when it sent a sane one, and a new one instead of an odd one', async () => {
    const keep = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a9c:01.x_y' } });
    expect(keep.headers['x-request-id']).toBe('lb-7f3a9c:01.x_y');
    for (const odd of ['short', 'x'.repeat(129), 'has spaces in it', '"quoted-value"', 'ümlaut-1234']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': odd } });
      expect(res.headers['x-request-id']).not.toBe(odd);
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('comes with answers outside the API and with addresses no route can read', async () => {
    for (const url of ['/no-such-page.txt', '/api/no-such-route', `/api/products/${'x'.repeat(101)}`, '/api/products/%E0%A4%A']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.headers['x-request-id'], url).toEqual(expect.any(String));
    }
  });
});
