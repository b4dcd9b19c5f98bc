import { useEffect, useId, useRef, useState } from 'react';
import { PRICE_MAX, PRICE_MIN, priceQuery, type PriceRange } from '../../lib/price-filter';
import { moveThumb, PRICE_STEP } from '../../lib/price-slider';
import { readPriceInputs } from '../../lib/price-inputs';
import { useFormat, useMessages } from '@/i18n/react';
import { catalogueText } from '@/messages/catalogue';

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

const sameRange = (a: PriceRange, b: PriceRange) => a.min === b.min && a.max === b.max;

/**
 * The Price Range slider (two thumbs, 0–10000, step 50) with Min Price and Max Price boxes. `value` is what the URL
 * says; `onChange` gets the query's minPrice / maxPrice (left out at the bounds). Typed prices the range cannot take as
 * they are (above the top, a Min above the Max) are read as the nearest range, with a note under the boxes saying so.
 */
export function PriceRangeFilter({ value, onChange }: { value: PriceRange; onChange: (next: { minPrice?: number; maxPrice?: number }) => void }) {
  const id = useId();
  const text = useMessages(catalogueText);
  const format = useFormat();
  const [range, setRange] = useState(value);
  const [minText, setMinText] = useState(String(value.min));
  const [maxText, setMaxText] = useState(String(value.max));
  // Why the range shown is not the typed one (a price above the top, a Min above the Max).
  const [note, setNote] = useState<string>();
  // The range this filter last asked for, until the URL shows it.
  const [sent, setSent] = useState<PriceRange>();
  // When the URL changes elsewhere (a filter chip removed, Clear All), the boxes follow it. The URL showing our own
  // change leaves them as typed: a swapped or capped range written into them would be typed on as the shopper carries on.
  const [seen, setSeen] = useState(value);
  if (!sameRange(seen, value)) {
    setSeen(value);
    setSent(undefined);
    if (!sent || !sameRange(sent, value)) {
      setRange(value);
      setMinText(String(value.min));
      setMaxText(String(value.max));
      setNote(undefined);
    }
  }

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (next: PriceRange) => {
    setRange(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setSent(next);
      onChange(priceQuery(next));
    }, COMMIT_DELAY_MS);
  };
  const type = (nextMinText: string, nextMaxText: string) => {
    setMinText(nextMinText);
    setMaxText(nextMaxText);
    const read = readPriceInputs(nextMinText, nextMaxText, range, { ...text, taka: format.taka });
    setNote(read.note);
    change(read.range);
  };
  const slide = (next: PriceRange) => {
    setMinText(String(next.min));
    setMaxText(String(next.max));
    setNote(undefined);
    change(next);
  };

  const left = ((range.min - PRICE_MIN) / (PRICE_MAX - PRICE_MIN)) * 100;
  const right = ((range.max - PRICE_MIN) / (PRICE_MAX - PRICE_MIN)) * 100;
  return (
    <div className="space-y-3">
      <div className="relative h-11">
        <div aria-hidden="true" className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-gray-200" />
        <div
          aria-hidden="true"
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-brand-700"
          style={{ left: `${left}%`, right: `${100 - right}%` }}
        />
        <input
          type="range"
          aria-label={text.minimumPrice}
          aria-valuetext={format.taka(range.min)}
          min={PRICE_MIN}
          max={PRICE_MAX}
          step={PRICE_STEP}
          value={range.min}
          onChange={(e) => slide(moveThumb(range, 'min', Number(e.target.value)))}
          className={thumb}
        />
        <input
          type="range"
          aria-label={text.maximumPrice}
          aria-valuetext={format.taka(range.max)}
          min={PRICE_MIN}
          max={PRICE_MAX}
          step={PRICE_STEP}
          value={range.max}
          onChange={(e) => slide(moveThumb(range, 'max', Number(e.target.value)))}
          className={thumb}
        />
      </div>
      <p className="flex justify-between text-sm text-gray-700" aria-hidden="true">
        <span>{format.taka(range.min)}</span>
        <span>{format.taka(range.max)}</span>
      </p>
      <div>
        <div className="grid grid-cols-2 gap-3">
          <PriceBox id={`${id}-min`} label={text.minPrice} value={minText} noteId={note ? `${id}-note` : undefined} onChange={(text) => type(text, maxText)} />
          <PriceBox id={`${id}-max`} label={text.maxPrice} value={maxText} noteId={note ? `${id}-note` : undefined} onChange={(text) => type(minText, text)} />
        </div>
        {/* Always in the page, so screen readers hear the note when it appears. */}
        <p id={`${id}-note`} aria-live="polite" className="mt-2 text-sm text-gray-800 empty:mt-0">
          {note}
        </p>
      </div>
    </div>
  );
}

/** A typed price: Min Price or Max Price, tied to the note that says how it was read. */
function PriceBox({
  id,
  label,
  value,
  noteId,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  noteId: string | undefined;
  onChange: (text: string) => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={PRICE_MIN}
        max={PRICE_MAX}
        value={value}
        aria-describedby={noteId}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
      />
    </div>
  );
}
