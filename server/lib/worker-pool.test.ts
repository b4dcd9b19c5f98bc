import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestJob } from './test-worker';
import { PoolBusyError, workerPool, type WorkerPool } from './worker-pool';

let pool: WorkerPool<TestJob, number> | undefined;
afterEach(() => pool?.close());

const open = (options: { size: number; maxWaiting: number; timeoutMs?: number }) =>
  (pool = workerPool<TestJob, number>({ script: new URL('./test-worker.ts', import.meta.url), timeoutMs: 10_000, ...options }));

describe('workerPool', () => {
  it('runs TypeScript jobs in worker threads and answers their results', async () => {
    const p = open({ size: 2, maxWaiting: 10 });
    expect(await Promise.all([1, 2, 3, 4].map((value) => p.run({ value })))).toEqual([2, 4, 6, 8]);
  }, 30_000);

  it('refuses at once beyond size running and maxWaiting queued', async () => {
    const p = open({ size: 1, maxWaiting: 2 });
    const accepted = [1, 2, 3].map((value) => p.run({ value, waitMs: 300 }));
    await expect(p.run({ value: 4 })).rejects.toBeInstanceOf(PoolBusyError);
    expect(p.waiting).toBe(2);
    expect(await Promise.all(accepted)).toEqual([2, 4, 6]);
    expect(await p.run({ value: 5 })).toBe(10);
  }, 30_000);

  it('passes a failing job’s error on and keeps serving', async () => {
    const p = open({ size: 1, maxWaiting: 2 });
    await expect(p.run({ value: 1, fail: true })).rejects.toThrow('job 1 failed');
    expect(await p.run({ value: 2 })).toBe(4);
  }, 30_000);

  it('replaces a worker that dies or overruns its time, failing only that job', async () => {
    const p = open({ size: 1, maxWaiting: 5, timeoutMs: 2_000 });
    await expect(p.run({ value: 1, exit: true })).rejects.toThrow(/exited with code 3/);
    const late = p.run({ value: 2, waitMs: 60_000 });
    const next = p.run({ value: 3 });
    await expect(late).rejects.toThrow(/longer than 2000 ms/);
    expect(await next).toBe(6);
  }, 30_000);

  it('ends a worker whose job overran only once it is idle, or after a grace when it stays busy', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'haat-pool-'));
    try {
      const p = open({ size: 1, maxWaiting: 5, timeoutMs: 3_000 });
      const finishing = join(dir, 'finishing');
      const stuck = join(dir, 'stuck');
      await expect(p.run({ value: 1, waitMs: 1_000, doneFile: finishing }, 200)).rejects.toThrow(/longer than 200 ms/);
      await expect(p.run({ value: 2, waitMs: 60_000, doneFile: stuck }, 200)).rejects.toThrow(/longer than 200 ms/);
      expect(await p.run({ value: 3 })).toBe(6);
      await p.close();
      // The first overran its time but was left to finish; the second was still busy when its grace ran out.
      expect(readFileSync(finishing, 'utf8')).toBe('1');
      expect(existsSync(stuck)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('lets a running job finish before its worker ends when closed, failing its caller at once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'haat-pool-'));
    try {
      const p = open({ size: 1, maxWaiting: 5 });
      const done = join(dir, 'done');
      const running = p.run({ value: 1, waitMs: 500, doneFile: done });
      await expect.poll(() => p.waiting).toBe(0);
      const closing = p.close();
      await expect(running).rejects.toThrow(/closed/);
      await closing;
      expect(readFileSync(done, 'utf8')).toBe('1');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);

  it('fails what is queued when closed', async () => {
    const p = open({ size: 1, maxWaiting: 5 });
    const failed = [expect(p.run({ value: 1, waitMs: 1_000 })).rejects.toThrow(/closed/), expect(p.run({ value: 2 })).rejects.toThrow(/closed/)];
    await p.close();
    await Promise.all(failed);
    await expect(p.run({ value: 3 })).rejects.toThrow(/closed/);
  }, 30_000);
});
