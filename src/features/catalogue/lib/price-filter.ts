import { PRICE_FILTER_MAX, PRICE_FILTER_STEP } from '@contract/catalogue-constants';

export const PRICE_MIN = 0;
export const PRICE_MAX = PRICE_FILTER_MAX;
export const PRICE_STEP = PRICE_FILTER_STEP;

export type PriceRange = { min: number; max: number };

/** minPrice is sent only when above 0 and maxPrice only when below 10000 (the bounds mean "no limit"). */
export function priceQuery({ min, max }: PriceRange): { minPrice?: number; maxPrice?: number } {
  return { minPrice: min > PRICE_MIN ? min : undefined, maxPrice: max < PRICE_MAX ? max : undefined };
}

/** The range the URL's minPrice / maxPrice stand for; absent means the bounds. */
export function rangeOf(minPrice: number | undefined, maxPrice: number | undefined): PriceRange {
  return { min: minPrice ?? PRICE_MIN, max: maxPrice ?? PRICE_MAX };
}

/** The two slider thumbs never cross: moving one past the other stops it one step short. */
export function moveThumb(range: PriceRange, thumb: 'min' | 'max', value: number): PriceRange {
  return thumb === 'min' ? { ...range, min: Math.min(value, range.max - PRICE_STEP) } : { ...range, max: Math.max(value, range.min + PRICE_STEP) };
}
