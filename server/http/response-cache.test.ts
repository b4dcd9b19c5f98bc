import { describe, expect, it, vi } from 'vitest';
import { HttpError } from './errors';
import { responseCache } from './response-cache';

describe('responseCache', () => {
  it('computes once for concurrent and repeated asks, as JSON', async () => {
    const cache = responseCache({ ttlMs: 10_000, maxBytes: 1024 * 1024 });
    const produce = vi.fn(async () => ({ n: 1 }));
    const answers = await Promise.all([cache.get('a', produce), cache.get('a', produce), cache.get('a', produce)]);
    expect(answers).toEqual(['{"n":1}', '{"n":1}', '{"n":1}']);
    await cache.get('a', produce);
    expect(produce).toHaveBeenCalledTimes(1);
  });

  it('asks again after clear(), after the time limit, and after a failure', async () => {
    vi.useFakeTimers();
    try {
      const cache = responseCache({ ttlMs: 1000, maxBytes: 1024 * 1024 });
      let n = 0;
      const produce = async () => ({ n: ++n });
      expect(await cache.get('a', produce)).toBe('{"n":1}');
      cache.clear();
      expect(await cache.get('a', produce)).toBe('{"n":2}');
      vi.advanceTimersByTime(1001);
      expect(await cache.get('a', produce)).toBe('{"n":3}');
      await expect(cache.get('b', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
      expect(await cache.get('b', produce)).toBe('{"n":4}');
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not keep an answer computed while a write cleared the cache', async () => {
    const cache = responseCache({ ttlMs: 10_000, maxBytes: 1024 * 1024 });
    let release!: () => void;
    const slow = cache.get('a', () => new Promise((resolve) => (release = () => resolve({ old: true }))));
    cache.clear();
    const fresh = cache.get('a', async () => ({ fresh: true }));
    release();
    expect(await slow).toBe('{"old":true}');
    expect(await fresh).toBe('{"fresh":true}');
    expect(await cache.get('a', async () => ({ later: true }))).toBe('{"fresh":true}');
  });

  it('holds at most maxBytes of keys and answers, dropping the least recently used', async () => {
    // Each entry: a 1-character key and a 1,000-character answer, about 2 KB in the heap; room for two.
    const cache = responseCache({ ttlMs: 10_000, maxBytes: 5_000 });
    const produce = vi.fn(async () => 'x'.repeat(998));
    await cache.get('a', produce);
    await cache.get('b', produce);
    await cache.get('a', produce);
    await cache.get('c', produce);
    expect(produce).toHaveBeenCalledTimes(3);
    await cache.get('a', produce);
    expect(produce).toHaveBeenCalledTimes(3);
    await cache.get('b', produce);
    expect(produce).toHaveBeenCalledTimes(4);
  });

  it('sends an answer too big to keep without keeping it', async () => {
    const cache = responseCache({ ttlMs: 10_000, maxBytes: 5_000 });
    const produce = vi.fn(async () => 'x'.repeat(3_000));
    expect(await cache.get('a', produce)).toHaveLength(3_002);
    await cache.get('a', produce);
    expect(produce).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing when the time limit is 0, but still shares one computation between concurrent asks', async () => {
    const cache = responseCache({ ttlMs: 0 });
    const produce = vi.fn(async () => 1);
    await Promise.all([cache.get('a', produce), cache.get('a', produce)]);
    await cache.get('a', produce);
    expect(produce).toHaveBeenCalledTimes(2);
  });

  it('computes 4 answers at once with 128 waiting, and answers the next at once with 503 and Retry-After', async () => {
    const cache = responseCache({ ttlMs: 10_000 });
    const releases: (() => void)[] = [];
    const slow = () => new Promise((resolve) => releases.push(() => resolve(1)));
    // Many clients, each within its own share.
    for (let i = 0; i < 4 + 128; i += 1) cache.get(`k${i}`, slow, { client: `client${i}` }).catch(() => {});
    const refused = await cache.get('one-too-many', slow, { client: 'one-more' }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 503, retryAfterSeconds: 2 });
    expect(releases).toHaveLength(4);
    while (releases.length > 0) releases.shift()!();
    // Each finished computation lets a waiting one start.
    for (let i = 0; i < 200 && releases.length < 4; i += 1) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(releases).toHaveLength(4);
  });

  it('does not compute a waiting answer whose client has gone', async () => {
    const cache = responseCache({ ttlMs: 10_000 });
    let release!: () => void;
    for (let i = 0; i < 4; i += 1)
      cache.get(`busy${i}`, () => new Promise((resolve) => (release = () => resolve(i))), { client: `client${i}` }).catch(() => {});
    const produce = vi.fn(async () => 'late');
    const gone = cache.get('gone', produce, { client: 'another', abandoned: () => true });
    release();
    await expect(gone).rejects.toMatchObject({ statusCode: 503 });
    expect(produce).not.toHaveBeenCalled();
  });

  it("answers a client past its own share 429, and still computes another client's answer at once", async () => {
    const cache = responseCache({ ttlMs: 10_000 });
    const releases: (() => void)[] = [];
    const slow = () => new Promise((resolve) => releases.push(() => resolve(1)));
    const greedy = Array.from({ length: 200 }, (_, i) => cache.get(`greedy${i}`, slow, { client: 'greedy' }).catch((err: unknown) => err));
    const refused = (await Promise.all(greedy.slice(2 + 8))) as HttpError[];
    expect(refused.every((err) => err instanceof HttpError && err.statusCode === 429 && err.retryAfterSeconds === 2)).toBe(true);
    expect(releases).toHaveLength(2);
    const other = cache.get('other', async () => ({ other: true }), { client: 'other' });
    expect(await other).toBe('{"other":true}');
    while (releases.length > 0) releases.shift()!();
  });
});
