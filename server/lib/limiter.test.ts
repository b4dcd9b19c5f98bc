import { describe, expect, it } from 'vitest';
import { AbandonedError, limiter, LimiterBusyError } from './limiter';

const deferred = () => {
  let resolve!: (value: number) => void;
  const promise = new Promise<number>((r) => (resolve = r));
  return { promise, resolve };
};

describe('limiter', () => {
  it('runs at most `concurrency` at once, queues up to `maxWaiting`, refuses the rest at once', async () => {
    const limit = limiter({ concurrency: 2, maxWaiting: 1 });
    const tasks = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const results = tasks.map((task, i) =>
      limit.run(() => {
        started.push(i);
        return task.promise;
      }),
    );
    await expect(limit.run(async () => 9)).rejects.toBeInstanceOf(LimiterBusyError);
    expect(started).toEqual([0, 1]);
    expect([limit.running, limit.waiting]).toEqual([2, 1]);
    tasks[0]!.resolve(0);
    await results[0];
    expect(started).toEqual([0, 1, 2]);
    tasks[1]!.resolve(1);
    tasks[2]!.resolve(2);
    expect(await Promise.all(results)).toEqual([0, 1, 2]);
    expect([limit.running, limit.waiting]).toEqual([0, 0]);
  });

  it('drops a waiting task whose caller has gone, without running it', async () => {
    const limit = limiter({ concurrency: 1, maxWaiting: 5 });
    const first = deferred();
    const running = limit.run(() => first.promise);
    let ran = false;
    let gone = false;
    const abandoned = limit.run(
      async () => {
        ran = true;
        return 1;
      },
      () => gone,
    );
    const after = limit.run(async () => 2);
    gone = true;
    first.resolve(0);
    await expect(abandoned).rejects.toBeInstanceOf(AbandonedError);
    expect(await after).toBe(2);
    expect(await running).toBe(0);
    expect(ran).toBe(false);
  });

  it('frees its place when a task fails', async () => {
    const limit = limiter({ concurrency: 1, maxWaiting: 0 });
    await expect(limit.run(() => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await limit.run(async () => 3)).toBe(3);
  });

  it('refuses a task that has waited maxWaitMs without its turn, and keeps the queue moving', async () => {
    const limit = limiter({ concurrency: 1, maxWaiting: 5, maxWaitMs: 50 });
    const first = deferred();
    const running = limit.run(() => first.promise);
    const started = Date.now();
    await expect(limit.run(async () => 1)).rejects.toBeInstanceOf(LimiterBusyError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(limit.waiting).toBe(0);
    const next = limit.run(async () => 2);
    first.resolve(0);
    expect(await running).toBe(0);
    expect(await next).toBe(2);
  });
});
