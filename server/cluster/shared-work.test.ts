import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits, scheduledJobs } from '../db/schema';
import { body, createTestApp, createUser, type TestApp } from '../test/harness';
import { pruneRateLimitHits } from './rate-limit-store';
import { scheduleJob } from './scheduled-jobs';

/** Two apps on one database, as two processes on one PostgreSQL without Redis. */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ AUTH_RATE_LIMIT: '10' }, { limitsInDatabase: true });
  b = await createTestApp({ AUTH_RATE_LIMIT: '10' }, { limitsInDatabase: true });
});
afterAll(async () => {
  await a.close();
  await b.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('rate limits in the database', () => {
  it('counts sign-ins spread over two processes against one limit, and prunes ended windows', async () => {
    await a.reset();
    await createUser(a.db, { email: 'alice@example.com' });
    const signIn = (app: TestApp) =>
      app.app.inject({ method: 'POST', url: '/api/user/signin', payload: { identifier: 'alice@example.com', password: 'wrong-password' } });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await signIn(i % 2 === 0 ? a : b)).statusCode);
    expect(statuses.every((status) => status !== 429)).toBe(true);
    const refusedByA = await signIn(a);
    const refusedByB = await signIn(b);
    expect([refusedByA.statusCode, refusedByB.statusCode]).toEqual([429, 429]);
    expect(body(refusedByB).message).toBe('Too many requests. Please wait a minute and try again.');

    expect(await pruneRateLimitHits(a.db)).toBe(0);
    await a.db.update(rateLimitHits).set({ resetAt: new Date(Date.now() - 1000) });
    expect(await pruneRateLimitHits(a.db)).toBeGreaterThan(0);
    expect(await a.db.select().from(rateLimitHits)).toEqual([]);
  });
});

describe('scheduled jobs', () => {
  it('run each round on one process of two, and go on when one stops', async () => {
    await a.reset();
    const ranBy: string[] = [];
    let running = 0;
    let overlapped = false;
    const job = (holder: string) =>
      scheduleJob(a.db, {
        name: 'test-job',
        intervalMs: 200,
        holder,
        onError: (error) => {
          throw error;
        },
        run: async () => {
          running += 1;
          if (running > 1) overlapped = true;
          ranBy.push(holder);
          await sleep(20);
          running -= 1;
        },
      });
    const stopA = job('a');
    const stopB = job('b');
    await sleep(1_100);
    await stopA();
    const whileBoth = ranBy.length;
    // One round per 200 ms across both: two processes each running their own would make about ten.
    expect(whileBoth).toBeGreaterThanOrEqual(3);
    expect(whileBoth).toBeLessThanOrEqual(6);
    await sleep(700);
    await stopB();
    expect(ranBy.slice(whileBoth).every((holder) => holder === 'b')).toBe(true);
    expect(ranBy.length - whileBoth).toBeGreaterThanOrEqual(2);
    expect(overlapped).toBe(false);
    const [row] = await a.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, 'test-job'));
    expect(row).toMatchObject({ runs: ranBy.length, leaseUntil: null });
  });

  it('takes over a round whose holder died once its lease has run out, not before', async () => {
    await a.reset();
    const past = new Date(Date.now() - 1000);
    await a.db.insert(scheduledJobs).values({ name: 'test-job', nextRunAt: past, holder: 'dead', leaseUntil: new Date(Date.now() + 1_200) });
    const ran: number[] = [];
    const stop = scheduleJob(a.db, { name: 'test-job', intervalMs: 2_000, holder: 'b', onError: () => {}, run: async () => void ran.push(Date.now()) });
    await sleep(1_100);
    expect(ran).toEqual([]);
    await sleep(800);
    await stop();
    expect(ran).toHaveLength(1);
  });
});

describe('draining', () => {
  it('answers /api/ready 503 once SIGTERM started draining, while /api/health still answers', async () => {
    expect((await b.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    b.app.startDraining();
    const ready = await b.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(body(ready)).toMatchObject({ success: false, message: 'Not ready: shutting down' });
    expect((await b.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
