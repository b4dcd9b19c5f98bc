import { useEffect, useId, useRef, useState } from 'react';
import { formatTaka } from '@contract/money';
import { applyMaxPriceInput, applyMinPriceInput, moveThumb, PRICE_MAX, PRICE_MIN, PRICE_STEP, priceQuery, type PriceRange } from '../../lib/price-filter';

/** Dragging a thumb or typing asks for new results once the shopper pauses, not on every step. */
const COMMIT_DELAY_MS = 500;

const thumb =
  'pointer-events-none absolute inset-x-0 top-1/2 h-11 w-full -translate-y-1/2 appearance-none bg-transparent focus-visible:outline-none ' +
  '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-6 [&::-webkit-slider-thumb]:cursor-pointer [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-white [&::-webkit-slider-thumb]:bg-brand-700 [&::-webkit-slider-thumb]:shadow ' +
  '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-6 [&::-moz-range-thumb]:cursor-pointer [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-white [&::-moz-range-thumb]:bg-brand-700 ' +
  'focus-visible:[&::-webkit-slider-thumb]:outline-2 focus-visible:[&::-webkit-slider-thumb]:outline-offset-2 focus-visible:[&::-webkit-slider-thumb]:outline-brand-900 ' +
  'focus-visible:[&::-moz-range-thumb]:outline-2 focus-visible:[&::-moz-range-thumb]:outline-offset-2 focus-visible:[&::-moz-range-thumb]:outline-brand-900';

const inputClass =
  'mt-1 block min-h-11 w-full rounded-md border border-gray-300 px-3 text-base text-gray-900 focus:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700';

/**
 * The Price Range slider (two thumbs, 0–10000, step 50) with Min Price and Max Price boxes. `value` is what the URL
 * says; `onChange` gets the query's minPrice / maxPrice (left out at the bounds).
 */
export function PriceRangeFilter({ value, onChange }: { value: PriceRange; onChange: (next: { minPrice?: number; maxPrice?: number }) => void }) {
  const id = useId();
  const [range, setRange] = useState(value);
  const [minText, setMinText] = useState(String(value.min));
  const [maxText, setMaxText] = useState(String(value.max));
  // When the URL changes elsewhere (a filter chip removed, Clear All), the boxes follow it.
  const [seen, setSeen] = useState(value);
  if (seen.min !== value.min || seen.max !== value.max) {
    setSeen(value);
    setRange(value);
    setMinText(String(value.min));
    setMaxText(String(value.max));
  }

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (next: PriceRange) => {
    setRange(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onChange(priceQuery(next)), COMMIT_DELAY_MS);
  };

  const left = ((range.min - PRICE_MIN) / (PRICE_MAX - PRICE_MIN)) * 100;
  const right = ((range.max - PRICE_MIN) / (PRICE_MAX - PRICE_MIN)) * 100;
  return (
    <div className="space-y-3">
      <div className="relative h-11">
        <div aria-hidden="true" className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-gray-200" />
        <div aria-hidden="true" className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-brand-700" style={{ left: `${left}%`, right: `${100 - right}%` }} />
        <input
          type="range"
          aria-label="Minimum price"
          aria-valuetext={formatTaka(range.min)}
          min={PRICE_MIN}
          max={PRICE_MAX}
          step={PRICE_STEP}
          value={range.min}
          onChange={(e) => {
            const next = moveThumb(range, 'min', Number(e.target.value));
            setMinText(String(next.min));
            change(next);
          }}
          className={thumb}
        />
        <input
          type="range"
          aria-label="Maximum price"
          aria-valuetext={formatTaka(range.max)}
          min={PRICE_MIN}
          max={PRICE_MAX}
          step={PRICE_STEP}
          value={range.max}
          onChange={(e) => {
            const next = moveThumb(range, 'max', Number(e.target.value));
            setMaxText(String(next.max));
            change(next);
          }}
          className={thumb}
        />
      </div>
      <p className="flex justify-between text-sm text-gray-700" aria-hidden="true">
        <span>{formatTaka(range.min)}</span>
        <span>{formatTaka(range.max)}</span>
      </p>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-min`} className="text-sm font-medium text-gray-800">
            Min Price
          </label>
          <input
            id={`${id}-min`}
            type="number"
            inputMode="numeric"
            min={PRICE_MIN}
            max={PRICE_MAX}
            value={minText}
            onChange={(e) => {
              setMinText(e.target.value);
              change({ ...range, min: applyMinPriceInput(e.target.value, range.min) });
            }}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-max`} className="text-sm font-medium text-gray-800">
            Max Price
          </label>
          <input
            id={`${id}-max`}
            type="number"
            inputMode="numeric"
            min={PRICE_MIN}
            max={PRICE_MAX}
            value={maxText}
            onChange={(e) => {
              setMaxText(e.target.value);
              change({ ...range, max: applyMaxPriceInput(e.target.value, range.max) });
            }}
            className={inputClass}
          />
        </div>
      </div>
    </div>
  );
}
