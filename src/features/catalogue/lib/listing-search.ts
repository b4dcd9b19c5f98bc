import { z } from 'zod/mini';
import { PAGE_SIZE, type Category, type SortBy } from '@contract/catalogue';
import type { ProductListParams } from '../api';
import { PRICE_MAX, PRICE_MIN, priceQuery } from './price-filter';

/*
 * The /products query string. zod/mini keeps the route chunk small; every field drops a malformed value
 * (z.catch) rather than failing the page, because these URLs are shared and typed by hand.
 */

// The router reads `?category=123` as a number; ids and names are text.
const text = z.catch(
  z.optional(
    z.pipe(
      z.union([z.string(), z.number()]),
      z.transform((value) => String(value).trim().slice(0, 120) || undefined),
    ),
  ),
  undefined,
);
const numberIn = (min: number, max: number) =>
  z.catch(z.optional(z.pipe(z.coerce.number(), z.number().check(z.gte(min), z.lte(max)))), undefined);

export const listingSearchSchema = z.object({
  category: text,
  subCategory: text,
  subSubCategory: text,
  discount: numberIn(0, 100),
  search: text,
  minPrice: numberIn(PRICE_MIN, PRICE_MAX),
  maxPrice: numberIn(PRICE_MIN, PRICE_MAX),
  sortBy: z.catch(z.optional(z.enum(['newest', 'rating', 'sales'] satisfies SortBy[])), undefined),
  page: z.catch(z.optional(z.pipe(z.coerce.number(), z.int().check(z.gte(1)))), undefined),
});

export type ListingSearch = z.output<typeof listingSearchSchema>;
export type FilterPatch = Partial<Omit<ListingSearch, 'page'>>;

/** Drops keys whose value is undefined, so the URL carries only what is set. */
function compact(search: ListingSearch): ListingSearch {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined && value !== '')) as ListingSearch;
}

/**
 * Spec section 4: changing any filter resets the page to 1; choosing (or clearing) a category clears the
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

/** What GET /products is asked for this URL: page size 10, the price bounds left out (spec section 5). */
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
