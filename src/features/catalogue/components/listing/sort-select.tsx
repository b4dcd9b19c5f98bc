import { useId } from 'react';
import { sortOptions, type SortBy } from '@contract/catalogue-constants';
import { optionalOneOf } from '@/lib/search-params';

/** The listing's orders, in the order the control offers them. */
export const SORT_CHOICES = [
  { value: 'newest', label: 'Newest' },
  { value: 'priceAsc', label: 'Price: low to high' },
  { value: 'priceDesc', label: 'Price: high to low' },
  { value: 'rating', label: 'Top rated' },
  { value: 'sales', label: 'Best selling' },
] as const satisfies readonly { value: SortBy; label: string }[];

/** The listing's 'Sort by' control: a native select, which phones show as their own picker. */
export function SortSelect({ value, onChange }: { value: SortBy; onChange: (sortBy: SortBy) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-gray-800">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(optionalOneOf(e.target.value, sortOptions) ?? 'newest')}
        className="min-h-11 rounded-md border border-gray-300 bg-white px-3 text-base text-gray-900 focus:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        {SORT_CHOICES.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}
