import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Banner, Category, Logo, SubCategory, SubSubCategory } from '@contract/catalogue';
import type { DeliveryZones } from '@contract/delivery';
import { api } from '@/lib/api';

/**
 * The storefront's own cache keys (features/catalogue/api.ts, app/layout/logo.ts, features/checkout/api.ts): the back
 * office reads the same lists into the same places, so what an admin saves shows in the shop at once, also offline.
 */
export const backOfficeKeys = {
  categories: ['categories'] as QueryKey,
  subCategories: (categoryId: string): QueryKey => ['subcategories', categoryId],
  allSubCategories: ['subcategories'] as QueryKey,
  subSubCategories: (subCategoryId: string): QueryKey => ['subsubcategories', subCategoryId],
  allSubSubCategories: ['subsubcategories'] as QueryKey,
  banners: ['banners'] as QueryKey,
  logo: ['logo'] as QueryKey,
  deliveryZones: ['delivery-zones'] as QueryKey,
};

/*
 * Reads are sent with the admin's token: the service worker answers public reads from its cache first, and an admin
 * must see the list as it is after a change. The answers are the same as the shop's, so they share its cache.
 */
const read = async <T>(path: string, signal: AbortSignal, query?: Record<string, string>) => (await api<T>(path, { signal, query, anonymous: false })).data;

export const adminCategoriesQuery = () =>
  queryOptions({ queryKey: backOfficeKeys.categories, queryFn: async ({ signal }) => (await read<Category[]>('/categories', signal)) ?? [] });

export const adminSubCategoriesQuery = (categoryId: string) =>
  queryOptions({
    queryKey: backOfficeKeys.subCategories(categoryId),
    queryFn: async ({ signal }) => (await read<SubCategory[]>('/subcategories', signal, { categoryId })) ?? [],
  });

export const adminSubSubCategoriesQuery = (subCategoryId: string) =>
  queryOptions({
    queryKey: backOfficeKeys.subSubCategories(subCategoryId),
    queryFn: async ({ signal }) => (await read<SubSubCategory[]>('/subsubcategories', signal, { subCategoryId })) ?? [],
  });

export const adminBannersQuery = () =>
  queryOptions({ queryKey: backOfficeKeys.banners, queryFn: async ({ signal }) => (await read<Banner[]>('/banner', signal)) ?? [] });

export const adminLogoQuery = () =>
  queryOptions({ queryKey: backOfficeKeys.logo, queryFn: async ({ signal }) => (await read<Logo | null>('/logo', signal)) ?? null });

export const adminDeliveryZonesQuery = () =>
  queryOptions({ queryKey: backOfficeKeys.deliveryZones, queryFn: async ({ signal }) => (await read<DeliveryZones>('/delivery-zones', signal)) ?? null });

/** A multipart form of text fields and at most one image file (left out when none was chosen). */
export function formOf(fields: Record<string, string | number | undefined>, image?: { field: string; file: File | null | undefined }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, String(value));
  if (image?.file) form.set(image.field, image.file);
  return form;
}

type Write = { path: string; method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: FormData | object };

/**
 * An admin write. Never paused and queued while offline (`networkMode: 'always'`): a write without a connection fails
 * at once and says so; screens refuse it before sending (useWriteGuard). On success the lists under `refresh` are read
 * again, so the screen and the shop show the change.
 */
export function useAdminWrite<Variables>(toRequest: (variables: Variables) => Write, refresh: (variables: Variables) => QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (variables: Variables) => {
      const { path, method, body } = toRequest(variables);
      return (await api<unknown>(path, { method, body })).message;
    },
    onSuccess: async (_message, variables) => {
      await Promise.all(refresh(variables).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
