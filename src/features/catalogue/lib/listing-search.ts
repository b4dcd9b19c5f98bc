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
  /** The search as typed, never the closest query that matches in its place. */
  asTyped?: true;
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
    asTyped: raw.asTyped === true || raw.asTyped === 'true' ? true : undefined,
    minPrice: swapped ? maxPrice : minPrice,
    maxPrice: swapped ? minPrice : maxPrice,
    sortBy: optionalOneOf(raw.sortBy, sortOptions),
    page: optionalInteger(raw.page, 1),
  };
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
    asTyped: search.search && search.asTyped ? '1' : undefined,
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
