import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type Redis from 'ioredis';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';

/**
 * @fastify/rate-limit's counts in the database (`rate_limit_hits`), for several processes on PostgreSQL without Redis:
 * one upsert a limited request counts the hit and reads the total, so requests spread over processes add up to one
 * limit. A fixed window per route and client, like the plugin's own store.
 */
/**
 * Counts one hit on `key` in a fixed window of `windowMs` and answers the window's hits and the time left in it: one
 * upsert, so hits from every process add up.
 */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
  const window = sql`make_interval(secs => ${windowMs / 1000})`;
  const expired = sql`${rateLimitHits.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, hits: 1, resetAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
        resetAt: sql`case when ${expired} then now() + ${window} else ${rateLimitHits.resetAt} end`,
      },
    })
    .returning({ hits: rateLimitHits.hits, ttlMs: sql<number>`greatest(0, extract(epoch from ${rateLimitHits.resetAt} - now()) * 1000)::int` });
  return { hits: row!.hits, ttlMs: Number(row!.ttlMs) };
}

export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  const store = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      countHit(db, prefix + key, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    },
    // The plugin hands a route's merged options, its route under `routeInfo`, as its Redis store reads them.
    child: (routeOptions) => {
      const { routeInfo } = routeOptions as unknown as { routeInfo: { method?: string; url?: string } };
      return store(`${prefix}${String(routeInfo.method ?? '')}${routeInfo.url ?? ''}-`);
    },
  });
  return class {
    constructor() {
      return store('');
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

/** Deletes the counts whose window has ended; answers how many. */
export async function pruneRateLimitHits(db: Db): Promise<number> {
  const gone = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.resetAt, sql`now()`))
    .returning({ key: rateLimitHits.key });
  return gone.length;
}

/** Where the per-client rate limits count right now, and whether that is less than the configuration asks for. */
export type RateLimitsNow = {
  countedIn: 'redis' | 'database' | 'memory';
  /** Redis is configured and does not answer: the limits count in the fallback. */
  degraded: boolean;
};

/** Counts one hit in a fixed window: the first hit of a window sets its end. Answers the hits and the time left. */
const REDIS_FIXED_WINDOW = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}
`;

/** Keys a process counts in memory while Redis is down; the oldest go first beyond it. */
const MEMORY_KEYS_MAX = 50_000;

/** A fixed window per key in this process's memory, bounded in keys: PGlite's fallback when Redis is down. */
export function memoryRateLimitCounts(): (key: string, windowMs: number) => { hits: number; ttlMs: number } {
  const windows = new Map<string, { hits: number; endsAt: number }>();
  return (key, windowMs) => {
    const now = Date.now();
    let window = windows.get(key);
    if (!window || window.endsAt <= now) {
      windows.delete(key);
      window = { hits: 0, endsAt: now + windowMs };
      windows.set(key, window);
      if (windows.size > MEMORY_KEYS_MAX) windows.delete(windows.keys().next().value!);
    }
    window.hits += 1;
    return { hits: window.hits, ttlMs: window.endsAt - now };
  };
}

/**
 * The rate limits in Redis while it answers, else in `fallback` (the database on PostgreSQL, this process's memory on
 * PGlite): a Redis that is down must neither answer every sign-in 500 nor lift the limits. A request does not wait for
 * a Redis that is known to be down; each process goes back to Redis once it answers again.
 */
export function redisRateLimitStore(
  redis: Redis,
  nameSpace: string,
  fallback: { in: 'database' | 'memory'; count(key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> },
): { store: FastifyRateLimitStoreCtor; now(): RateLimitsNow } {
  const store = (prefix: string): FastifyRateLimitStore => ({
    incr(key, callback, timeWindow) {
      const counted =
        redis.status === 'ready'
          ? (redis.eval(REDIS_FIXED_WINDOW, 1, nameSpace + prefix + key, timeWindow) as Promise<[number, number]>).then(
              ([hits, ttlMs]) => ({ hits, ttlMs }),
              () => fallback.count(prefix + key, timeWindow),
            )
          : fallback.count(prefix + key, timeWindow);
      counted.then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    },
    child: (routeOptions) => {
      const { routeInfo } = routeOptions as unknown as { routeInfo: { method?: string; url?: string } };
      return store(`${prefix}${String(routeInfo.method ?? '')}${routeInfo.url ?? ''}-`);
    },
  });
  return {
    store: class {
      constructor() {
        return store('');
      }
    } as unknown as FastifyRateLimitStoreCtor,
    now: () => (redis.status === 'ready' ? { countedIn: 'redis', degraded: false } : { countedIn: fallback.in, degraded: true }),
  };
}
