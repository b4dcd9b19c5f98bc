import type { SortBy } from '@contract/catalogue';
import type { ListingSearch } from './listing-search';
import { PRICE_MAX, PRICE_MIN } from './price-filter';

/*
 * How the listing's filters, order and page change its search, and its address. Apart from the parsing the route does
 * (listing-search.ts): only the listing page uses these, so they load with it rather than with every first visit.
 */

/** The query's keys in the order the listing's canonical address writes them. */
const LISTING_KEYS = ['category', 'subCategory', 'subSubCategory', 'search', 'minPrice', 'maxPrice', 'discount', 'sortBy', 'page'] as const;

/** The listing's address for this search, its keys always in one order: the page's canonical address. */
export function listingPath(search: ListingSearch): string {
  const params = new URLSearchParams();
  for (const key of LISTING_KEYS) {
    const value = search[key];
    if (value !== undefined) params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `/products?${query}` : '/products';
}

export type FilterPatch = Partial<Omit<ListingSearch, 'page'>>;

/** Drops keys whose value is undefined, so the URL carries only what is set. */
function compact(search: ListingSearch): ListingSearch {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== '')) as ListingSearch;
}

/**
 * Changing any filter resets the page to 1; choosing (or clearing) a category clears the
 * sub- and sub-sub-category; choosing a sub-category clears the sub-sub-category.
 */
export function withFilter(search: ListingSearch, patch: FilterPatch): ListingSearch {
  const next: ListingSearch = { ...search, ...patch, page: undefined };
  if ('category' in patch) {
    next.subCategory = undefined;
    next.subSubCategory = undefined;
  }
  if ('subCategory' in patch) next.subSubCategory = undefined;
  return compact(next);
}

/**
 * 'Clear All Filters' resets everything but the search term. The sort order is kept too: it orders the
 * results rather than filtering them, and is not among the active filters the button counts.
 */
export function clearAllFilters(search: ListingSearch): ListingSearch {
  return compact({ search: search.search, sortBy: search.sortBy });
}

/** The listing's order when the URL names none. */
export const DEFAULT_SORT: SortBy = 'newest';

/** The same results in another order, from their first page; the default order leaves the URL. */
export function withSort(search: ListingSearch, sortBy: SortBy): ListingSearch {
  return withFilter(search, { sortBy: sortBy === DEFAULT_SORT ? undefined : sortBy });
}

/** A new page of the same results. */
export function withPage(search: ListingSearch, page: number): ListingSearch {
  return compact({ ...search, page: page > 1 ? page : undefined });
}

/** The filters 'Clear All Filters (n)' removes, counted as the Active Filters list shows them (price is one). */
export function activeFilterCount(search: ListingSearch): number {
  const price = (search.minPrice ?? PRICE_MIN) > PRICE_MIN || (search.maxPrice ?? PRICE_MAX) < PRICE_MAX;
  return [search.category, search.subCategory, search.subSubCategory, search.discount].filter((value) => value !== undefined).length + (price ? 1 : 0);
}
