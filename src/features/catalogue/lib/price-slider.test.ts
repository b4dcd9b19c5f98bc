import { describe, expect, it } from 'vitest';
import { moveThumb, rangeOf } from './price-slider';

describe('price range', () => {
  it('reads absent URL bounds as the full range', () => {
    expect(rangeOf(undefined, undefined)).toEqual({ min: 0, max: 10000 });
    expect(rangeOf(100, undefined)).toEqual({ min: 100, max: 10000 });
  });
});

describe('slider thumbs', () => {
  it('never cross', () => {
    expect(moveThumb({ min: 0, max: 1000 }, 'min', 2000)).toEqual({ min: 950, max: 1000 });
    expect(moveThumb({ min: 500, max: 1000 }, 'max', 100)).toEqual({ min: 500, max: 550 });
    expect(moveThumb({ min: 0, max: 1000 }, 'max', 800)).toEqual({ min: 0, max: 800 });
  });
});
