import { describe, expect, it } from 'vitest';
import { boundedCache } from './bounded-cache';

describe('boundedCache', () => {
  it('keeps the total under maxBytes by dropping the least recently used, telling onEvict', () => {
    const evicted: string[] = [];
    const cache = boundedCache<string>({ maxBytes: 100, onEvict: (key) => evicted.push(key) });
    cache.set('a', 'A', 40);
    cache.set('b', 'B', 40);
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C', 40);
    expect(evicted).toEqual(['b']);
    expect([...cache.keys()]).toEqual(['a', 'c']);
    expect(cache.bytes).toBe(80);
  });

  it('replaces an entry of the same key, and refuses one bigger than maxEntryBytes', () => {
    const cache = boundedCache<string>({ maxBytes: 100, maxEntryBytes: 50 });
    cache.set('a', 'A', 30);
    cache.set('a', 'A2', 20);
    expect(cache.bytes).toBe(20);
    cache.set('a', 'huge', 60);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });

  it('forgets everything on clear and one entry on delete, without calling onEvict', () => {
    const evicted: string[] = [];
    const cache = boundedCache<number>({ maxBytes: 100, onEvict: (key) => evicted.push(key) });
    cache.set('a', 1, 10);
    cache.set('b', 2, 10);
    cache.delete('a');
    expect(cache.size).toBe(1);
    cache.clear();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    expect(evicted).toEqual([]);
  });
});
