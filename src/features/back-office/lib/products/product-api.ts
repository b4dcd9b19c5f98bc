import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategoryName, Product, ProductCreateInput, ProductStatus, SubCategory, SubSubCategory } from '@contract/catalogue';
import type { Page } from '@contract/pages';
import { api, ApiError } from '@/lib/api';
import { productKeys } from '@/lib/product-queries';
import { pictureToSend } from '../pictures';
import { createFields, finalImageOrder, updateFields, type ImageItem } from './product-form';
import { sendForm, type FormPart } from './upload';

export const PRODUCTS_PAGE_SIZE = 20;

/**
 * The editor reads with the signed-in user's token: the service worker keeps only anonymous reads, so the editor
 * always sees the server's current copy, never the storefront's cached one.
 */
export const backOfficeProductKeys = {
  all: ['back-office', 'products'] as const,
  list: (params: ProductListParams) => ['back-office', 'products', 'list', params] as const,
  detail: (id: string) => ['back-office', 'products', 'detail', id] as const,
};

const enc = encodeURIComponent;

/** A page of the back office's product list; `status` empty: published products and drafts alike. */
export type ProductListParams = { page: number; search: string; status?: ProductStatus | '' };

/** The products the signed-in user manages, a page at a time: a seller's own, an admin's every one. */
export const productListQuery = (params: ProductListParams) =>
  queryOptions({
    queryKey: backOfficeProductKeys.list(params),
    queryFn: async ({ signal }): Promise<Page<Product>> =>
      (
        await api<Page<Product>>('/products/manage', {
          query: { page: params.page, limit: PRODUCTS_PAGE_SIZE, search: params.search, status: params.status || undefined },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });

export const productDetailQuery = (id: string) =>
  queryOptions({
    queryKey: backOfficeProductKeys.detail(id),
    queryFn: async ({ signal }): Promise<Product | null> => {
      try {
        return (await api<Product>(`/products/${enc(id)}`, { signal, anonymous: false })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** The same cache keys as the storefront's category filters, so both share what was read. */
export const categoryNamesQuery = () =>
  queryOptions({
    queryKey: ['categories', 'names'] as const,
    queryFn: async ({ signal }) => (await api<CategoryName[]>('/categories/get-names', { signal })).data ?? [],
  });

export const subCategoriesQuery = (categoryId: string) =>
  queryOptions({
    queryKey: ['subcategories', categoryId] as const,
    queryFn: async ({ signal }) => (await api<SubCategory[]>('/subcategories', { query: { categoryId }, signal })).data ?? [],
    enabled: categoryId !== '',
  });

export const subSubCategoriesQuery = (subCategoryId: string) =>
  queryOptions({
    queryKey: ['subsubcategories', subCategoryId] as const,
    queryFn: async ({ signal }) => (await api<SubSubCategory[]>('/subsubcategories', { query: { subCategoryId }, signal })).data ?? [],
    enabled: subCategoryId !== '',
  });

export const useCategoryNames = () => useQuery(categoryNamesQuery());
export const useSubCategories = (categoryId: string) => useQuery(subCategoriesQuery(categoryId));
export const useSubSubCategories = (subCategoryId: string) => useQuery(subSubCategoriesQuery(subCategoryId));

/** Upload progress by image key, from 0 to 1. */
export type UploadProgress = Record<string, number>;

type SaveInput = { id?: string; input: ProductCreateInput; images: readonly ImageItem[]; onProgress: (progress: UploadProgress) => void };

/**
 * Creates or updates a product with its new images in one multipart request, reporting each image's progress. The
 * server appends uploaded files after the images a product keeps, so when the editor put a new image before a kept
 * one, a second request sets the final order.
 */
export async function saveProduct({ id, input, images, onProgress }: SaveInput): Promise<Product> {
  const newImages = images.filter((image) => image.file);
  // Photos are shrunk first when heavier than what the server keeps, or the link is slow: one at a time, so a phone
  // holds one decoded photo, not ten.
  const toSend: File[] = [];
  for (const image of newImages) toSend.push(await pictureToSend(image.file!));
  const files: FormPart[] = newImages.map((image, i) => ({ name: 'productImages', file: toSend[i]!, filename: `image-${i + 1}-${image.name}` }));
  const report = (fractions: number[]) => onProgress(Object.fromEntries(newImages.map((image, i) => [image.key, fractions[i] ?? 0])));
  if (!id) return (await sendForm<Product>('POST', '/products', [...createFields(input), ...files], report)).data;

  const kept = images.flatMap((image) => (image.url ? [image.url] : []));
  const path = `/products/${enc(id)}`;
  const saved = (await sendForm<Product>('PUT', path, [...updateFields(input), { name: 'productImages', value: JSON.stringify(kept) }, ...files], report)).data;
  const wanted = finalImageOrder(images, saved.productImages.slice(kept.length));
  if (wanted.join('\n') === saved.productImages.join('\n')) return saved;
  return (await api<Product>(path, { method: 'PUT', body: { productImages: wanted } })).data;
}

/** Writes need the server's answer there and then: tried at once even offline, never queued. */
const NOT_QUEUED = { networkMode: 'always' } as const;

function useAfterWrite() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: backOfficeProductKeys.all });
    void queryClient.invalidateQueries({ queryKey: productKeys.all });
  };
}

export function useSaveProduct() {
  const afterWrite = useAfterWrite();
  return useMutation({ ...NOT_QUEUED, mutationFn: saveProduct, onSuccess: afterWrite });
}

export function useDeleteProduct() {
  const afterWrite = useAfterWrite();
  return useMutation({ ...NOT_QUEUED, mutationFn: (id: string) => api<null>(`/products/${enc(id)}`, { method: 'DELETE' }), onSuccess: afterWrite });
}
