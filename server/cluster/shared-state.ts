import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import Redis from 'ioredis';
import pg from 'pg';
import type { Database } from '../db/client';
import { localChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed';
import { countHit, databaseRateLimitStore, memoryRateLimitCounts, redisRateLimitStore, type RateLimitsNow } from './rate-limit-store';

/**
 * What the server processes of one shop share beyond the database's rows: where per-client rate limits count, and
 * how a write on one process reaches the caches of the others.
 */
export type SharedState = {
  /** `redis`: Redis (REDIS_URL); `database`: the `rate_limit_hits` table (PostgreSQL); `memory`: this process alone (PGlite). */
  limitsIn: 'redis' | 'database' | 'memory';
  /** Where they count right now: with Redis down, in the database (PostgreSQL) or in memory (PGlite). */
  limitsNow(): RateLimitsNow;
  /** @fastify/rate-limit's options that put its counts there. */
  rateLimitOptions: { store: FastifyRateLimitStoreCtor } | Record<string, never>;
  changes: ChangeFeed;
  close(): Promise<void>;
};

/** One process: limits in memory, changes told in-process. What tests and PGlite get. */
export function processState(): SharedState {
  return {
    limitsIn: 'memory',
    limitsNow: () => ({ countedIn: 'memory', degraded: false }),
    rateLimitOptions: {},
    changes: localChangeFeed(),
    close: async () => {},
  };
}

/** Shared limits in the database without Redis; the change feed of the process's kind of database. */
export function databaseLimitsState(database: Pick<Database, 'db'>, changes: ChangeFeed = localChangeFeed()): SharedState {
  return {
    limitsIn: 'database',
    limitsNow: () => ({ countedIn: 'database', degraded: false }),
    rateLimitOptions: { store: databaseRateLimitStore(database.db) },
    changes,
    close: () => changes.close(),
  };
}

/**
 * The state for this configuration: with REDIS_URL the limits count in Redis; else on PostgreSQL in the database;
 * else (PGlite, one process) in memory. On PostgreSQL changes travel by LISTEN/NOTIFY whether or not Redis is set, so
 * a catalogue write needs nothing but the database to reach every process.
 */
export async function openSharedState(
  { redisUrl, databaseUrl }: { redisUrl: string | undefined; databaseUrl: string | undefined },
  database: Database,
  onError: (error: unknown, what: string) => void,
): Promise<SharedState> {
  const changes = databaseUrl ? await postgresChangeFeed(databaseUrl, (error) => onError(error, 'change feed')) : localChangeFeed();
  if (!redisUrl) return databaseUrl ? databaseLimitsState(database, changes) : { ...processState(), changes };
  return redisLimitsState(redisUrl, database, databaseUrl ? 'database' : 'memory', changes, onError);
}

/**
 * Limits in Redis, shared by every process, falling back while it is down to the database (`database`, processes on
 * PostgreSQL) or to this process's memory (`memory`, PGlite).
 */
export function redisLimitsState(
  redisUrl: string,
  database: Pick<Database, 'db'>,
  fallbackIn: 'database' | 'memory',
  changes: ChangeFeed,
  onError: (error: unknown, what: string) => void,
): SharedState {
  // No command waits for a connection: while Redis is down the limits count in the fallback at once.
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: 2_000 });
  // Told once when Redis goes away, not at every reconnection attempt.
  let down = false;
  redis.on('error', (error) => {
    if (!down) onError(error, 'redis (rate limits count in the fallback until it answers)');
    down = true;
  });
  redis.on('ready', () => (down = false));
  const memory = memoryRateLimitCounts();
  const limits = redisRateLimitStore(
    redis,
    'haat-rate-limit-',
    fallbackIn === 'database'
      ? { in: 'database', count: (key, windowMs) => countHit(database.db, key, windowMs) }
      : { in: 'memory', count: async (key, windowMs) => memory(key, windowMs) },
  );
  return {
    limitsIn: 'redis',
    limitsNow: limits.now,
    rateLimitOptions: { store: limits.store },
    changes,
    async close() {
      await changes.close();
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** Advisory lock key: what server processes take while one of them migrates and seeds a new database. */
const STARTUP_LOCK = 0x6861_6174;

/**
 * Runs `work` (migrating, seeding, creating the admin) while holding a PostgreSQL advisory lock, so processes started
 * together do it one after another: the first migrates, the others find it done.
 */
export async function duringExclusiveStartup<T>(databaseUrl: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!databaseUrl) return work();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await client.end();
  }
}
