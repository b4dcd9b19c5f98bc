import { PRICE_FILTER_MAX } from '@contract/catalogue-constants';

export const PRICE_MIN = 0;
export const PRICE_MAX = PRICE_FILTER_MAX;

export type PriceRange = { min: number; max: number };

/** minPrice is sent only when above 0 and maxPrice only when below 10000 (the bounds mean "no limit"). */
export function priceQuery({ min, max }: PriceRange): { minPrice?: number; maxPrice?: number } {
  return { minPrice: min > PRICE_MIN ? min : undefined, maxPrice: max < PRICE_MAX ? max : undefined };
}
