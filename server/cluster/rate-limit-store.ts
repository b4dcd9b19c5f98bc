import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
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
  const gone = await db.delete(rateLimitHits).where(lt(rateLimitHits.resetAt, sql`now()`)).returning({ key: rateLimitHits.key });
  return gone.length;
}
