import { PAGE_SIZE, sortOptions } from '@contract/catalogue-constants';
import type { Category, SortBy } from '@contract/catalogue';
import { optionalInteger, optionalNumberIn, optionalOneOf, optionalText } from '@/lib/search-params';
import type { ProductListParams } from '@/lib/product-queries';
import { PRICE_MAX, PRICE_MIN, priceQuery } from './price-filter';

/** The /products query string, as the route keeps it in the URL. */
export type ListingSearch = {
  category?: string;
  subCategory?: string;
  subSubCategory?: string;
  discount?: number;
  search?: string;
  minPrice?: number;
  maxPrice?: number;
  sortBy?: SortBy;
  page?: number;
};

/**
 * Reads the /products query string; a malformed value is dropped, never an error page. Every key is in the answer,
 * undefined when dropped: the router lays the answer over the raw query, and a missing key would let its raw value
 * (`?page=-1`, `?sortBy=<script>`) through to the page and its reads.
 */
export function parseListingSearch(raw: Record<string, unknown>): ListingSearch {
  const minPrice = optionalNumberIn(raw.minPrice, PRICE_MIN, PRICE_MAX);
  const maxPrice = optionalNumberIn(raw.maxPrice, PRICE_MIN, PRICE_MAX);
  // A minimum above the maximum (an address edited by hand) is the range between the two, not a list of nothing.
  const swapped = minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice;
  return {
    category: optionalText(raw.category),
    subCategory: optionalText(raw.subCategory),
    subSubCategory: optionalText(raw.subSubCategory),
    discount: optionalNumberIn(raw.discount, 0, 100),
    search: optionalText(raw.search),
    minPrice: swapped ? maxPrice : minPrice,
    maxPrice: swapped ? minPrice : maxPrice,
    sortBy: optionalOneOf(raw.sortBy, sortOptions),
    page: optionalInteger(raw.page, 1),
  };
}

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

/** The category param may be an id or a name (any case); the UI marks the selection by id. */
export function resolveCategoryId(param: string | undefined, categories: readonly Pick<Category, '_id' | 'categoryName'>[]): string | undefined {
  if (!param) return undefined;
  const lower = param.toLowerCase();
  return categories.find((c) => c._id === param || c.categoryName.toLowerCase() === lower)?._id;
}

/** What GET /products is asked for this URL: page size 10, the price bounds left out (they mean no limit). */
export function productListParams(search: ListingSearch): ProductListParams {
  const params: ProductListParams = {
    page: search.page ?? 1,
    limit: PAGE_SIZE,
    search: search.search,
    category: search.category,
    subCategory: search.subCategory,
    subSubCategory: search.subSubCategory,
    discount: search.discount,
    sortBy: search.sortBy,
    ...priceQuery({ min: search.minPrice ?? PRICE_MIN, max: search.maxPrice ?? PRICE_MAX }),
  };
  // Undefined keys would make two equal queries look different to the cache.
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as ProductListParams;
}
