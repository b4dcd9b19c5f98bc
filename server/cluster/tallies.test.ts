import { eq } from 'drizzle-orm';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';
import { throwawayRedis, type Service } from '../test/services';
import { databaseTallies, redisTallies, type Tallies } from './tallies';

let app: TestApp;
let db: Db;
let redisServer: Service;
let redis: Redis;
const errors: unknown[] = [];
beforeAll(async () => {
  app = await createTestApp();
  db = app.db;
  redisServer = await throwawayRedis();
  redis = new Redis(redisServer.url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
}, 60_000);
afterAll(async () => {
  redis.disconnect();
  await redisServer.stop();
  await app.close();
});

/** Counting up and back, and a count that `hold` keeps for longer than its window; `ttlMs` reads how long a key has left. */
const behaviours = (name: string, make: () => Tallies, ttlMs: (key: string) => Promise<number>) =>
  describe(name, () => {
    it('counts up and back in a window that starts with the first count, and holds a count longer', async () => {
      const tallies = make();
      const key = `${name}:${Math.random()}`;
      expect(await tallies.add(key, 1, 60_000)).toBe(1);
      expect(await tallies.add(key, 1, 60_000)).toBe(2);
      expect(await tallies.add(key, -1, 60_000)).toBe(1);
      expect(await ttlMs(key)).toBeLessThanOrEqual(60_000);
      await tallies.hold(key, 3_600_000);
      expect(await ttlMs(key)).toBeGreaterThan(3_000_000);
      // Another count leaves the held window as it is.
      await tallies.add(key, 1, 60_000);
      expect(await ttlMs(key)).toBeGreaterThan(3_000_000);
    });
  });

behaviours(
  'in the database',
  () => databaseTallies(db),
  async (key) => {
    const [row] = await db
      .select({ resetAt: rateLimitHits.resetAt })
      .from(rateLimitHits)
      .where(eq(rateLimitHits.key, `tally:${key}`));
    return row!.resetAt.getTime() - Date.now();
  },
);
behaviours(
  'in Redis',
  () => redisTallies(redis, databaseTallies(db), (error) => errors.push(error)),
  (key) => redis.pttl(`haat-tally:${key}`),
);

describe('a window that ended', () => {
  it('starts again from the count added', async () => {
    const tallies = databaseTallies(db);
    await tallies.add('ended', 5, 60_000);
    await db
      .update(rateLimitHits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimitHits.key, 'tally:ended'));
    expect(await tallies.add('ended', 1, 60_000)).toBe(1);
  });
});

describe('a Redis that fails', () => {
  it('counts in the database instead, and reports it', async () => {
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    down.on('error', () => {});
    const fallback = databaseTallies(db);
    const tallies = redisTallies(down, fallback, (error) => errors.push(error));
    const before = errors.length;
    expect(await tallies.add('down:key', 3, 60_000)).toBe(3);
    expect(await fallback.add('down:key', 0, 60_000)).toBe(3);
    expect(errors.length).toBe(before + 1);
    down.disconnect();
  });
});
