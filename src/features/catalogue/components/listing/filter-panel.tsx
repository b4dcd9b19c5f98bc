import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { nameIn } from '@contract/bangla-names';
import type { Category } from '@contract/catalogue';
import { Button } from '@/components/button';
import { Skeleton } from '@/components/skeleton';
import { subCategoriesQuery, subSubCategoriesQuery } from '../../api';
import { activeFilterCount, clearAllFilters, withFilter, type FilterPatch } from '../../lib/listing-changes';
import type { ListingSearch } from '../../lib/listing-search';
import { PRICE_MAX, PRICE_MIN } from '../../lib/price-filter';
import { rangeOf } from '../../lib/price-slider';
import { PriceRangeFilter } from './price-range';
import { useFormat, useLocale, useMessages } from '@/i18n/react';
import { catalogueText } from '@/messages/catalogue';

export type FilterPanelProps = {
  search: ListingSearch;
  categories: ChoicesQuery<Category>;
  /** The selected category's id, whether the URL names it by id or by name. */
  categoryId: string | undefined;
  onChange: (next: ListingSearch) => void;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 border-t border-gray-200 pt-4 first:border-t-0 first:pt-0">
      <h3 className="text-sm font-bold tracking-wide text-gray-900 uppercase">{title}</h3>
      {children}
    </section>
  );
}

const optionClass =
  'flex min-h-11 w-full items-center rounded-md px-3 text-left text-sm text-gray-800 hover:bg-brand-50 aria-[current=true]:bg-brand-50 aria-[current=true]:font-semibold aria-[current=true]:text-brand-800';

/** One choice of a category list; it is a link, so it can be opened in a new tab like any filter URL. */
function Option({ search, patch, selected, children }: { search: ListingSearch; patch: FilterPatch; selected: boolean; children: ReactNode }) {
  return (
    <li>
      <Link to="/products" search={withFilter(search, patch)} resetScroll={false} aria-current={selected ? 'true' : undefined} className={optionClass}>
        {children}
      </Link>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-1">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-11 w-full" />
      ))}
    </div>
  );
}

type ChoicesQuery<T> = { data: T[] | undefined; isError: boolean; isPaused: boolean };

/** A list of choices in its loading, failed, offline, empty and loaded states. */
function Choices<T>({ query, empty, failed, children }: { query: ChoicesQuery<T>; empty: string; failed: string; children: (list: T[]) => ReactNode }) {
  const text = useMessages(catalogueText);
  if (query.data) {
    return query.data.length > 0 ? <ul>{children(query.data)}</ul> : <p className="text-sm text-gray-600">{empty}</p>;
  }
  if (query.isError) return <p className="text-sm text-red-800">{failed}</p>;
  // Never loaded, and no connection to load them: a skeleton would pulse for good.
  if (query.isPaused) return <p className="text-sm text-gray-700">{text.notAvailableOffline}</p>;
  return <ListSkeleton />;
}

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  const text = useMessages(catalogueText);
  return (
    <li className="flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-0.5 pl-3 text-sm text-brand-900">
      <span className="max-w-48 truncate">{label}</span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={text.removeFilter(label)}
        className="flex size-11 items-center justify-center rounded-full hover:bg-brand-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </li>
  );
}

/** The listing's filters: active filters, price, category → sub → sub-sub, Clear All. Everything lives in the URL. */
export function FilterPanel({ search, categories, categoryId, onChange }: FilterPanelProps) {
  const subs = useQuery({ ...subCategoriesQuery(categoryId), enabled: Boolean(categoryId) });
  const subSubs = useQuery({ ...subSubCategoriesQuery(search.subCategory), enabled: Boolean(search.subCategory) });
  const set = (patch: FilterPatch) => onChange(withFilter(search, patch));
  const count = activeFilterCount(search);
  const text = useMessages(catalogueText);
  const format = useFormat();

  const locale = useLocale();
  const chosenCategory = categories.data?.find((c) => c._id === categoryId);
  const chosenSub = subs.data?.find((s) => s._id === search.subCategory);
  const chosenSubSub = subSubs.data?.find((s) => s._id === search.subSubCategory);
  const categoryName = chosenCategory ? nameIn(locale, chosenCategory.categoryName, chosenCategory.categoryNameBn) : search.category;
  const subName = chosenSub ? nameIn(locale, chosenSub.subCategoryName, chosenSub.subCategoryNameBn) : search.subCategory;
  const subSubName = chosenSubSub ? nameIn(locale, chosenSubSub.subSubCategoryName, chosenSubSub.subSubCategoryNameBn) : search.subSubCategory;
  const price = rangeOf(search.minPrice, search.maxPrice);
  const priceActive = price.min > PRICE_MIN || price.max < PRICE_MAX;

  const chips: { label: string; remove: FilterPatch }[] = [];
  if (search.search) chips.push({ label: text.chipSearch(search.search), remove: { search: undefined } });
  if (search.category) chips.push({ label: text.chipCategory(categoryName ?? ''), remove: { category: undefined } });
  if (search.subCategory) chips.push({ label: text.chipSub(subName ?? ''), remove: { subCategory: undefined } });
  if (search.subSubCategory) chips.push({ label: text.chipSubSub(subSubName ?? ''), remove: { subSubCategory: undefined } });
  if (search.discount) chips.push({ label: text.chipDiscount(format.count(search.discount)), remove: { discount: undefined } });
  if (priceActive) chips.push({ label: text.chipPrice(format.taka(price.min), format.taka(price.max)), remove: { minPrice: undefined, maxPrice: undefined } });

  return (
    <div className="space-y-4">
      {chips.length > 0 && (
        <Section title={text.activeFilters}>
          <ul className="flex flex-wrap gap-2">
            {chips.map((chip) => (
              <Chip key={chip.label} label={chip.label} onRemove={() => set(chip.remove)} />
            ))}
          </ul>
        </Section>
      )}
      <Section title={text.priceRange}>
        <PriceRangeFilter value={price} onChange={set} />
      </Section>
      <Section title={text.categories}>
        <Choices query={categories} empty={text.noCategories} failed={text.couldNotLoadCategories}>
          {(list) => (
            <>
              <Option search={search} patch={{ category: undefined }} selected={!search.category}>
                {text.allCategories}
              </Option>
              {list.map((c) => (
                <Option key={c._id} search={search} patch={{ category: c._id }} selected={c._id === categoryId}>
                  {nameIn(locale, c.categoryName, c.categoryNameBn)}
                </Option>
              ))}
            </>
          )}
        </Choices>
      </Section>
      {categoryId && (
        <Section title={text.subCategories}>
          <Choices query={subs} empty={text.noSubCategories} failed={text.couldNotLoadSubCategories}>
            {(list) =>
              list.map((s) => (
                <Option key={s._id} search={search} patch={{ subCategory: s._id }} selected={s._id === search.subCategory}>
                  {nameIn(locale, s.subCategoryName, s.subCategoryNameBn)}
                </Option>
              ))
            }
          </Choices>
        </Section>
      )}
      {search.subCategory && (
        <Section title={text.subSubCategories}>
          <Choices query={subSubs} empty={text.noSubSubCategories} failed={text.couldNotLoadSubSubCategories}>
            {(list) =>
              list.map((s) => (
                <Option key={s._id} search={search} patch={{ subSubCategory: s._id }} selected={s._id === search.subSubCategory}>
                  {nameIn(locale, s.subSubCategoryName, s.subSubCategoryNameBn)}
                </Option>
              ))
            }
          </Choices>
        </Section>
      )}
      <Button variant="secondary" className="w-full" disabled={count === 0} onClick={() => onChange(clearAllFilters(search))}>
        {text.clearAllFilters(format.count(count))}
      </Button>
    </div>
  );
}
