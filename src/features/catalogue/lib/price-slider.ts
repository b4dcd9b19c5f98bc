import { PRICE_FILTER_STEP } from '@contract/catalogue-constants';
import { PRICE_MAX, PRICE_MIN, type PriceRange } from './price-filter';

/* The price slider's rules, apart from the price query the listing's route sends (price-filter.ts): they load with the listing page. */

export const PRICE_STEP = PRICE_FILTER_STEP;

/** The range the URL's minPrice / maxPrice stand for; absent means the bounds. */
export function rangeOf(minPrice: number | undefined, maxPrice: number | undefined): PriceRange {
  return { min: minPrice ?? PRICE_MIN, max: maxPrice ?? PRICE_MAX };
}

/** The two slider thumbs never cross: moving one past the other stops it one step short. */
export function moveThumb(range: PriceRange, thumb: 'min' | 'max', value: number): PriceRange {
  return thumb === 'min' ? { ...range, min: Math.min(value, range.max - PRICE_STEP) } : { ...range, max: Math.max(value, range.min + PRICE_STEP) };
}
