import { describe, expect, it } from 'vitest';
import { applyMaxPriceInput, applyMinPriceInput, moveThumb, priceQuery, rangeOf } from './price-filter';

describe('Min Price input', () => {
  it('applies a value between 0 and 10000', () => {
    expect(applyMinPriceInput('250', 0)).toBe(250);
    expect(applyMinPriceInput('0', 300)).toBe(0);
    expect(applyMinPriceInput('10000', 0)).toBe(10000);
  });

  it('keeps the current minimum for a value out of bounds or not a number', () => {
    expect(applyMinPriceInput('-5', 300)).toBe(300);
    expect(applyMinPriceInput('10001', 300)).toBe(300);
    expect(applyMinPriceInput('abc', 300)).toBe(300);
  });

  it('treats an empty box as 0', () => {
    expect(applyMinPriceInput('', 300)).toBe(0);
  });
});

describe('Max Price input', () => {
  it('applies a value between 0 and 10000', () => {
    expect(applyMaxPriceInput('500', 10000)).toBe(500);
    expect(applyMaxPriceInput('0', 10000)).toBe(0);
    expect(applyMaxPriceInput('10000', 500)).toBe(10000);
  });

  it('keeps the current maximum for a value out of bounds', () => {
    expect(applyMaxPriceInput('12000', 500)).toBe(500);
    expect(applyMaxPriceInput('-1', 500)).toBe(500);
  });

  it('falls back to 10000 when empty', () => {
    expect(applyMaxPriceInput('  ', 500)).toBe(10000);
  });
});

describe('price query', () => {
  it('sends minPrice only above 0 and maxPrice only below 10000', () => {
    expect(priceQuery({ min: 0, max: 10000 })).toEqual({ minPrice: undefined, maxPrice: undefined });
    expect(priceQuery({ min: 50, max: 9950 })).toEqual({ minPrice: 50, maxPrice: 9950 });
    expect(priceQuery({ min: 0, max: 500 })).toEqual({ minPrice: undefined, maxPrice: 500 });
  });

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
