import { queryOptions } from '@tanstack/react-query';
import type { Banner, Category, CategoryName, SubCategory, SubSubCategory } from '@contract/catalogue';
import { api } from '@/lib/api';

/** Every cache key of the catalogue's categories and banners; products have theirs in `@/lib/product-queries`. */
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
};

/** Categories rarely change: keep them fresh for 5 minutes rather than the default minute. */
const SLOW_CHANGING = 5 * 60_000;

export const categoriesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.categories,
    queryFn: async ({ signal }) => (await api<Category[]>('/categories', { signal })).data ?? [],
    staleTime: SLOW_CHANGING,
  });

export const categoryNamesQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.categoryNames,
    queryFn: async ({ signal }) => (await api<CategoryName[]>('/categories/get-names', { signal })).data ?? [],
    staleTime: SLOW_CHANGING,
  });

export const subCategoriesQuery = (categoryId?: string) =>
  queryOptions({
    queryKey: catalogueKeys.subCategories(categoryId),
    queryFn: async ({ signal }) => (await api<SubCategory[]>('/subcategories', { query: { categoryId }, signal })).data ?? [],
    staleTime: SLOW_CHANGING,
  });

export const subSubCategoriesQuery = (subCategoryId?: string) =>
  queryOptions({
    queryKey: catalogueKeys.subSubCategories(subCategoryId),
    queryFn: async ({ signal }) => (await api<SubSubCategory[]>('/subsubcategories', { query: { subCategoryId }, signal })).data ?? [],
    staleTime: SLOW_CHANGING,
  });

export const bannersQuery = () =>
  queryOptions({
    queryKey: catalogueKeys.banners,
    queryFn: async ({ signal }) => (await api<Banner[]>('/banner', { signal })).data ?? [],
    staleTime: SLOW_CHANGING,
  });
