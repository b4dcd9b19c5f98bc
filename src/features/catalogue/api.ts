import { queryOptions } from '@tanstack/react-query';
import { EMPTY_PRODUCT_LIST } from '@contract/catalogue-constants';
import type { Banner, Category, CategoryName, Product, ProductList, SortBy, SubCategory, SubSubCategory } from '@contract/catalogue';
import { api, ApiError } from '@/lib/api';

/** The query of `GET /products`; absent or empty values are left out of the URL. */
export type ProductListParams = {
  page?: number;
  /** Defaults to the server's page size (10); 0 means all. */
  limit?: number;
  search?: string;
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
 * Every cache key of the catalogue, so that whoever changes catalogue data invalidates the same keys.
 * All product lists and details share the ['products'] prefix: `invalidateQueries({ queryKey: catalogueKeys.products })`
 * refreshes every one of them.
 */
export const catalogueKeys = {
  categories: ['categories'] as const,
  categoryNames: ['categories', 'names'] as const,
  subCategories: (categoryId?: string) => ['subcategories', categoryId ?? 'all'] as const,
  /** Prefix of every sub-category list. */
  allSubCategories: ['subcategories'] as const,
  subSubCategories: (subCategoryId?: string) => ['subsubcategories', subCategoryId ?? 'all'] as const,
  /** Prefix of every sub-sub-category list. */
  allSubSubCategories: ['subsubcategories'] as const,
  banners: ['banners'] as const,
  products: ['products'] as const,
  productLists: ['products', 'list'] as const,
  productList: (params: ProductListParams) => ['products', 'list', params] as const,
  productDetail: (id: string) => ['products', 'detail', id] as const,
};

/** Categories rarely change: keep them fresh for 5 minutes rather than the default minute. */
const SLOW_CHANGING = 5 * 60_000;

export const categoriesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.categories,
    queryFn: async ({ signal }) => (await api<Category[]>('/categories', { signal, anonymous: true })).data ?? [],
    staleTime: SLOW_CHANGING,
  });

export const categoryNamesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.categoryNames,
    queryFn: async ({ signal }) => (await api<CategoryName[]>('/categories/get-names', { signal, anonymous: true })).data ?? [],
    staleTime: SLOW_CHANGING,
  });

export const subCategoriesQuery = (categoryId?: string) =>
  queryOptions({
    queryKey: catalogueKeys.subCategories(categoryId),
    queryFn: async ({ signal }) => (await api<SubCategory[]>('/subcategories', { query: { categoryId }, signal, anonymous: true })).data ?? [],
    staleTime: SLOW_CHANGING,
  });

export const subSubCategoriesQuery = (subCategoryId?: string) =>
  queryOptions({
    queryKey: catalogueKeys.subSubCategories(subCategoryId),
    queryFn: async ({ signal }) => (await api<SubSubCategory[]>('/subsubcategories', { query: { subCategoryId }, signal, anonymous: true })).data ?? [],
    staleTime: SLOW_CHANGING,
  });

export const bannersQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.banners,
    queryFn: async ({ signal }) => (await api<Banner[]>('/banner', { signal, anonymous: true })).data ?? [],
    staleTime: SLOW_CHANGING,
  });

/** `GET /products`; a missing answer or field falls back to the spec's defaults (count 0, total 0, page 1, pages 1, no items). */
export const productsQuery = (params: ProductListParams) =>
  queryOptions({
    queryKey: catalogueKeys.productList(params),
    queryFn: async ({ signal }): Promise<ProductList> => {
      const { data } = await api<Partial<ProductList> | null>('/products', { query: params, signal, anonymous: true });
      return { ...EMPTY_PRODUCT_LIST, ...data, data: data?.data ?? [] };
    },
  });

/** The home page's offers, the biggest discount first: the first `limit`, or (0) every one in one answer. */
export const offerProductsQuery = (limit = 0) => productsQuery({ popularProducts: 'offer', limit });

/** `GET /products/{id}`; null when there is no such product (an answer, not a failure to try again). */
export const productQuery = (id: string) =>
  queryOptions({
    queryKey: catalogueKeys.productDetail(id),
    queryFn: async ({ signal }): Promise<Product | null> => {
      try {
        return (await api<Product>(`/products/${encodeURIComponent(id)}`, { signal, anonymous: true })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
