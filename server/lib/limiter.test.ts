import { describe, expect, it } from 'vitest';
import { AbandonedError, ClientBusyError, limiter, LimiterBusyError } from './limiter';

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
      { abandoned: () => gone },
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

  it("gives each client its share: a greedy client's hundreds wait behind themselves, another client's task runs next", async () => {
    const limit = limiter({ concurrency: 2, maxWaiting: 100, perClient: { concurrency: 1, maxWaiting: 3 } });
    const started: string[] = [];
    const releases: (() => void)[] = [];
    const task = (name: string) => () => {
      started.push(name);
      return new Promise<string>((resolve) => releases.push(() => resolve(name)));
    };
    const greedy = Array.from({ length: 200 }, (_, i) => limit.run(task(`greedy${i}`), { client: 'greedy' }));
    // One running, three waiting: the rest of its own are refused at once, the shared queue is left alone.
    const outcomes = await Promise.allSettled(greedy.slice(4));
    expect(outcomes.every((o) => o.status === 'rejected' && o.reason instanceof ClientBusyError)).toBe(true);
    expect([limit.running, limit.waiting]).toEqual([1, 3]);

    // Another client starts at once, beside the greedy one's running task.
    const other = limit.run(task('other0'), { client: 'other' });
    expect(started).toEqual(['greedy0', 'other0']);
    const later = [limit.run(task('other1'), { client: 'other' }), limit.run(task('other2'), { client: 'other' })];
    // Turns go round: as places free, the two clients take one each.
    releases.shift()!();
    releases.shift()!();
    await Promise.all([greedy[0], other]);
    expect(started.slice(2)).toEqual(['greedy1', 'other1']);
    releases.shift()!();
    releases.shift()!();
    await later[0];
    expect(started.slice(4)).toEqual(['greedy2', 'other2']);
    while (releases.length > 0) {
      releases.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(greedy.slice(0, 4))).toEqual(['greedy0', 'greedy1', 'greedy2', 'greedy3']);
    expect(await later[1]).toBe('other2');
  });

  it('refuses with LimiterBusyError once every client together fills the shared queue', async () => {
    const limit = limiter({ concurrency: 1, maxWaiting: 2, perClient: { concurrency: 1, maxWaiting: 5 } });
    const first = deferred();
    const running = limit.run(() => first.promise, { client: 'a' });
    const waiting = [limit.run(async () => 1, { client: 'b' }), limit.run(async () => 2, { client: 'c' })];
    await expect(limit.run(async () => 3, { client: 'd' })).rejects.toBeInstanceOf(LimiterBusyError);
    first.resolve(0);
    expect(await running).toBe(0);
    expect(await Promise.all(waiting)).toEqual([1, 2]);
  });
});
