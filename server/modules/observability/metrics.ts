import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../../context';

/** What a scrape reads: the process (event loop, heap), HTTP traffic, the database and the server's own queues. */
export type ServerMetrics = {
  registry: Registry;
  /** Counts an answered request under its route pattern and status. */
  observe(request: FastifyRequest, reply: FastifyReply): void;
};

/** Latency buckets in seconds: 5 ms (a cached list) to 10 s (an invoice waiting behind others). */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The route a request matched, as its pattern (`/api/products/:productId`), so every product counts under one label.
 * Requests no route matched are the web app's pages (answered by the not-found handler) or unknown paths.
 */
function routeLabel(request: FastifyRequest, reply: FastifyReply): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  return reply.statusCode < 400 && (request.method === 'GET' || request.method === 'HEAD') ? '(page)' : '(unmatched)';
}

/** A registry of this app's own (several apps in one process, as in tests, each count their own). */
export function serverMetrics(ctx: Pick<AppContext, 'databaseStats' | 'listCache' | 'invoices' | 'rateLimits'>): ServerMetrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'haat_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'haat_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });

  new Gauge({
    name: 'haat_db_connections',
    help: 'Database connections in use and idle (PGlite: one connection, in use while a query runs)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = ctx.databaseStats();
      this.set({ state: 'busy' }, stats.busy);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'haat_db_connections_max',
    help: 'Database connections the server may open',
    registers,
    collect() {
      this.set(ctx.databaseStats().max);
    },
  });
  new Gauge({
    name: 'haat_db_queries_waiting',
    help: 'Queries waiting for a database connection (PGlite: queued behind the running one)',
    registers,
    collect() {
      this.set(ctx.databaseStats().waiting);
    },
  });
  new Counter({
    name: 'haat_list_cache_requests_total',
    help: 'Product list requests, answered from the list cache (hit) or computed (miss)',
    labelNames: ['result'] as const,
    registers,
    collect() {
      this.reset();
      this.inc({ result: 'hit' }, ctx.listCache.hits);
      this.inc({ result: 'miss' }, ctx.listCache.misses);
    },
  });
  new Gauge({
    name: 'haat_list_cache_hit_ratio',
    help: 'Share of product list requests answered from the list cache since the start (0 before any)',
    registers,
    collect() {
      const all = ctx.listCache.hits + ctx.listCache.misses;
      this.set(all === 0 ? 0 : ctx.listCache.hits / all);
    },
  });
  new Gauge({
    name: 'haat_invoice_renders_waiting',
    help: 'Invoices and packing slips waiting for a renderer thread',
    registers,
    collect() {
      this.set(ctx.invoices.waiting);
    },
  });

  new Gauge({
    name: 'haat_rate_limits_degraded',
    help: 'Redis is configured for the rate limits and does not answer (1): they count in the database, or in memory, meanwhile',
    registers,
    collect() {
      this.set(ctx.rateLimits().degraded ? 1 : 0);
    },
  });
  new Gauge({
    name: 'haat_rate_limits_counted_in',
    help: 'Where the per-client rate limits count now (1 for that store)',
    labelNames: ['store'] as const,
    registers,
    collect() {
      const { countedIn } = ctx.rateLimits();
      for (const store of ['redis', 'database', 'memory'] as const) this.set({ store }, store === countedIn ? 1 : 0);
    },
  });

  return {
    registry,
    observe(request, reply) {
      const labels = { method: request.method, route: routeLabel(request, reply), status: String(reply.statusCode) };
      requests.inc(labels);
      latency.observe(labels, reply.elapsedTime / 1000);
    },
  };
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries the token, compared in constant time (as digests, so lengths match too). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice(7).trim()), digest(token));
}
