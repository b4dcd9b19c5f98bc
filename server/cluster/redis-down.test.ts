/**
 * The rate limits with REDIS_URL, on a real Redis started here that the test then stops: sign-ins go on, the limits go
 * on counting (in memory on PGlite, in the database on PostgreSQL), and /api/ready and the metrics say so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TEST_PASSWORD, type TestApp } from '../test/harness';
import { throwawayRedis, type Service } from '../test/services';

const METRICS_TOKEN = 'metrics-token-for-the-test';
let redis: Service;
let t: TestApp;

beforeAll(async () => {
  redis = await throwawayRedis();
  t = await createTestApp({ AUTH_RATE_LIMIT: '5', TRUST_PROXY: 'true', METRICS_TOKEN }, { redisUrl: redis.url });
  await t.reset();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await redis?.stop();
});

type Readiness = { message: string; data: { rateLimits: { countedIn: string; degraded: boolean } } };
const ready = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
  return { status: res.statusCode, ...res.json<Readiness>() };
};
const signIn = (address: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/signin', headers: { 'x-forwarded-for': address }, payload: { identifier: 'alice@example.com', password } });
const metrics = async () => (await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
const waitFor = async (met: () => Promise<boolean>) => {
  while (!(await met())) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('rate limits with Redis', () => {
  it('go on counting when Redis stops: sign-in answers as ever, the limit still holds, and /api/ready and the metrics tell', async () => {
    await createUser(t.db, { name: 'Alice Rahman', email: 'alice@example.com' });
    await waitFor(async () => (await ready()).data.rateLimits.countedIn === 'redis');
    expect((await signIn('198.51.100.1', 'not-her-password')).statusCode).toBe(401);
    expect(await ready()).toMatchObject({ status: 200, message: 'Ready', data: { rateLimits: { countedIn: 'redis', degraded: false } } });
    expect(await metrics()).toContain('haat_rate_limits_degraded 0');

    await redis.stop();
    await waitFor(async () => (await ready()).data.rateLimits.degraded);

    expect((await signIn('198.51.100.2', TEST_PASSWORD)).statusCode).toBe(200);
    const wrong: number[] = [];
    for (let i = 0; i < 6; i += 1) wrong.push((await signIn('198.51.100.3', 'not-her-password')).statusCode);
    expect(wrong).toEqual([401, 401, 401, 401, 401, 429]);

    expect(await ready()).toEqual({
      status: 200,
      success: true,
      message: "Ready, degraded: Redis does not answer; rate limits count in this process's memory",
      data: { database: 'up', migrations: 'applied', rateLimits: { countedIn: 'memory', degraded: true } },
    });
    const scraped = await metrics();
    expect(scraped).toContain('haat_rate_limits_degraded 1');
    expect(scraped).toContain('haat_rate_limits_counted_in{store="memory"} 1');
  }, 60_000);
});
