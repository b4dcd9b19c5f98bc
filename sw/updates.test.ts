import { describe, expect, it } from 'vitest';
import { isSkipWaiting, unusedCaches } from './updates';

describe('isSkipWaiting', () => {
  it("answers only the page's SKIP_WAITING message", () => {
    expect(isSkipWaiting({ type: 'SKIP_WAITING' })).toBe(true);
    expect(isSkipWaiting({ type: 'OTHER' })).toBe(false);
    expect(isSkipWaiting('SKIP_WAITING')).toBe(false);
    expect(isSkipWaiting(null)).toBe(false);
  });
});

describe('unusedCaches', () => {
  it('lists caches of names this version does not use, keeping its precache and runtime caches', () => {
    const inUse = ['workbox-precache-v2-https://haat.example/', 'catalogue', 'images'];
    expect(unusedCaches(['workbox-precache-v2-https://haat.example/', 'catalogue', 'images', 'api-v1', 'pictures'], inUse)).toEqual(['api-v1', 'pictures']);
    expect(unusedCaches(inUse, inUse)).toEqual([]);
  });
});
