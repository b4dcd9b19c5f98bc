import { useId } from 'react';
import { sortOptions, type SortBy } from '@contract/catalogue-constants';
import { optionalOneOf } from '@/lib/search-params';
import { useMessages } from '@/i18n/react';
import { catalogueText } from '@/messages/catalogue';
import type catalogueEn from '@/messages/catalogue/en';

/** The listing's orders, in the order the control offers them. */
export const SORT_CHOICES = [
  { value: 'newest', text: 'sortNewest' },
  { value: 'priceAsc', text: 'sortPriceAsc' },
  { value: 'priceDesc', text: 'sortPriceDesc' },
  { value: 'rating', text: 'sortRating' },
  { value: 'sales', text: 'sortSales' },
] as const satisfies readonly { value: SortBy; text: keyof typeof catalogueEn }[];

/** The listing's 'Sort by' control: a native select, which phones show as their own picker. */
export function SortSelect({ value, onChange }: { value: SortBy; onChange: (sortBy: SortBy) => void }) {
  const id = useId();
  const text = useMessages(catalogueText);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-gray-800">
        {text.sortBy}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(optionalOneOf(e.target.value, sortOptions) ?? 'newest')}
        className="min-h-11 rounded-md border border-gray-300 bg-white px-3 text-base text-gray-900 focus:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {SORT_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {text[choice.text]}
          </option>
        ))}
      </select>
    </div>
  );
}
