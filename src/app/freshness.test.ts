import type { Query } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { CURRENT_FOR_MS, enteringPage, staleTimeOf } from './freshness';

const readAt = (dataUpdatedAt: number) => ({ state: { dataUpdatedAt } }) as Query;

describe('staleTimeOf', () => {
  it('keeps an answer current on the page that read it and the next, and stale on a page shown again', () => {
    enteringPage(1_000); // the product page
    const product = readAt(1_100);
    expect(staleTimeOf(product)).toBe(CURRENT_FOR_MS);
    const preloaded = readAt(1_500); // a link's preload on the product page, then its page entered
    enteringPage(2_000); // home
    expect(staleTimeOf(preloaded)).toBe(CURRENT_FOR_MS);
    expect(staleTimeOf(product)).toBe(CURRENT_FOR_MS);
    enteringPage(3_000); // Back to the product page: its answer was read before home was entered
    expect(staleTimeOf(product)).toBe(0);
    expect(staleTimeOf(readAt(3_100))).toBe(CURRENT_FOR_MS);
  });

  it('treats an answer never read as stale by its own rule', () => {
    expect(staleTimeOf(readAt(0))).toBe(CURRENT_FOR_MS);
  });
});
