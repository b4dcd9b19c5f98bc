import { queryOptions } from '@tanstack/react-query';
import type { Product, ProductList, SortBy } from '@contract/catalogue';
import { EMPTY_PRODUCT_LIST } from '@contract/catalogue-constants';
import { api, ApiError } from './api';

/** The query of `GET /products`; absent or empty values are left out of the URL. */
export type ProductListParams = {
  page?: number;
  /** Defaults to the server's page size (10); 0 means all. */
  limit?: number;
  search?: string;
  /** `1`: no closest query instead of a search that matches nothing. */
  asTyped?: '1';
  /** A category id or a category name. */
  category?: string;
  subCategory?: string;
  subSubCategory?: string;
  minPrice?: number;
  maxPrice?: number;
  discount?: number;
  sortBy?: SortBy;
  popularProducts?: 'offer';
};

/**
 * Every cache key of products, so that whoever changes product data invalidates the same keys. Lists and details
 * share the ['products'] prefix: `invalidateQueries({ queryKey: productKeys.all })` refreshes every one of them.
 */
export const productKeys = {
  all: ['products'] as const,
  lists: ['products', 'list'] as const,
  list: (params: ProductListParams) => ['products', 'list', params] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
};

/** `GET /products`; a missing answer or field falls back to an empty list (count 0, total 0, page 1, pages 1, no items). */
export const productsQuery = (params: ProductListParams) =>
  queryOptions({
    queryKey: productKeys.list(params),
    queryFn: async ({ signal }): Promise<ProductList> => {
      const { data } = await api<Partial<ProductList> | null>('/products', { query: params, signal });
      return { ...EMPTY_PRODUCT_LIST, ...data, data: data?.data ?? [] };
    },
  });

/** The home page's offers, the biggest discount first: the first `limit`, or (0) every one in one answer. */
export const offerProductsQuery = (limit = 0) => productsQuery({ popularProducts: 'offer', limit });

/** `GET /products/{id}`; null when there is no such product (an answer, not a failure to try again). */
export const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: async ({ signal }): Promise<Product | null> => {
      try {
        return (await api<Product>(`/products/${encodeURIComponent(id)}`, { signal })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
