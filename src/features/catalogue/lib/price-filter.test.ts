import { describe, expect, it } from 'vitest';
import { priceQuery } from './price-filter';

describe('price query', () => {
  it('sends minPrice only above 0 and maxPrice only below 10000', () => {
    expect(priceQuery({ min: 0, max: 10000 })).toEqual({ minPrice: undefined, maxPrice: undefined });
    expect(priceQuery({ min: 50, max: 9950 })).toEqual({ minPrice: 50, maxPrice: 9950 });
    expect(priceQuery({ min: 0, max: 500 })).toEqual({ minPrice: undefined, maxPrice: 500 });
  });
});
