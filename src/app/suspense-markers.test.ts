import { describe, expect, it } from 'vitest';
import { markSuspenseRangesForPreact } from './suspense-markers';

describe('markSuspenseRangesForPreact', () => {
  it("renames React's Suspense markers to Preact's, at any depth, and leaves other comments alone", () => {
    const root = document.createElement('div');
    root.innerHTML = '<!--$--><p>a<!-- -->b</p><section><!--$--><ul><li>x</li></ul><!--/$--></section><!--/$--><!--$?-->';
    markSuspenseRangesForPreact(root);
    expect(root.innerHTML).toBe('<!--$s--><p>a<!-- -->b</p><section><!--$s--><ul><li>x</li></ul><!--/$s--></section><!--/$s--><!--$?-->');
  });
});
