import { PRICE_MAX, PRICE_MIN, type PriceRange } from './price-filter';
import { toAsciiDigits } from '@contract/locale';

// Kept apart from price-filter.ts, which the route's search validation brings into a first visit: only the listing's
// page reads the boxes.

/** What the Min Price and Max Price boxes ask for, and, when it is not what they say, why. */
export type PriceInputs = { range: PriceRange; note?: string };

/** The notes' words in the language on screen, and amounts written in it. */
export type PriceNoteTexts = {
  highestMin: (top: string) => string;
  highestMax: (top: string) => string;
  minAboveMax: (min: string, max: string) => string;
  taka: (amount: number) => string;
};

const usable = (value: number) => Number.isFinite(value) && value >= PRICE_MIN;

/**
 * Reads the Min Price and Max Price boxes. An empty Min means 0 and an empty Max the top of the range; a value that is
 * not a number, or is below 0, keeps the current bound. A price above the top of the range reads as the top (as Max:
 * no upper limit), and a Min above the Max swaps the two. Either way the note tells the shopper what is shown, so typed
 * prices are never dropped or turned into an empty list without a word.
 */
export function readPriceInputs(minText: string, maxText: string, current: PriceRange, say: PriceNoteTexts): PriceInputs {
  const typedMin = minText.trim() === '' ? PRICE_MIN : Number(toAsciiDigits(minText));
  const typedMax = maxText.trim() === '' ? PRICE_MAX : Number(toAsciiDigits(maxText));
  const min = usable(typedMin) ? Math.min(typedMin, PRICE_MAX) : current.min;
  const max = usable(typedMax) ? Math.min(typedMax, PRICE_MAX) : current.max;
  const top = say.taka(PRICE_MAX);
  const notes: string[] = [];
  if (usable(typedMin) && typedMin > PRICE_MAX) notes.push(say.highestMin(top));
  if (usable(typedMax) && typedMax > PRICE_MAX) notes.push(say.highestMax(top));
  const range = min <= max ? { min, max } : { min: max, max: min };
  if (min > max) notes.push(say.minAboveMax(say.taka(range.min), say.taka(range.max)));
  return notes.length > 0 ? { range, note: notes.join(' ') } : { range };
}
