import type Redis from 'ioredis';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';

/**
 * Counts every server process shares, for the limits the shop keeps itself (wrong codes per account, messages per
 * destination, coupon checks): in Redis when REDIS_URL is set, else in the database's `rate_limit_hits`, which every
 * process on one PostgreSQL shares (and which PGlite keeps across restarts). A Redis that fails a call falls back to
 * the database for it, so a limit is never lifted and a request never fails because Redis is down.
 */
export type Tallies = {
  /**
   * Adds `by` (negative to give back) to `key`'s count, in a window of `windowMs` that starts with its first count,
   * and answers the count now.
   */
  add(key: string, by: number, windowMs: number): Promise<number>;
  /** Keeps `key`'s count for `windowMs` from now, whenever its window would have ended. */
  hold(key: string, windowMs: number): Promise<void>;
};

const PREFIX = 'tally:';

export function databaseTallies(db: Db): Tallies {
  const window = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;
  return {
    async add(key, by, windowMs) {
      const expired = sql`${rateLimitHits.resetAt} <= now()`;
      const [row] = await db
        .insert(rateLimitHits)
        .values({ key: PREFIX + key, hits: by, resetAt: sql`now() + ${window(windowMs)}` })
        .onConflictDoUpdate({
          target: rateLimitHits.key,
          set: {
            hits: sql`case when ${expired} then ${by} else ${rateLimitHits.hits} + ${by} end`,
            resetAt: sql`case when ${expired} then now() + ${window(windowMs)} else ${rateLimitHits.resetAt} end`,
          },
        })
        .returning({ hits: rateLimitHits.hits });
      return row!.hits;
    },
    async hold(key, windowMs) {
      await db
        .update(rateLimitHits)
        .set({ resetAt: sql`now() + ${window(windowMs)}` })
        .where(sql`${rateLimitHits.key} = ${PREFIX + key}`);
    },
  };
}

/** INCRBY, and a fresh key's window: one round trip, atomic for every process. */
const ADD_SCRIPT = `local n = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return n`;

export function redisTallies(redis: Redis, fallback: Tallies, onError: (error: unknown) => void): Tallies {
  const key = (name: string) => `haat-${PREFIX}${name}`;
  return {
    async add(name, by, windowMs) {
      try {
        return Number(await redis.eval(ADD_SCRIPT, 1, key(name), by, windowMs));
      } catch (error) {
        onError(error);
        return fallback.add(name, by, windowMs);
      }
    },
    async hold(name, windowMs) {
      try {
        await redis.pexpire(key(name), windowMs);
      } catch (error) {
        onError(error);
        await fallback.hold(name, windowMs);
      }
    },
  };
}
