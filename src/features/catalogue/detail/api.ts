import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductList } from '@contract/catalogue';
import { RELATED_PRODUCTS_MAX } from '@contract/catalogue-constants';
import { api } from '@/lib/api';
import { catalogueKeys, productsQuery } from '../api';

/**
 * Up to 8 products of the same category, this one left out: one more than shown is asked for, so there are still
 * 8 when the current product is among them.
 */
export const relatedProductsQuery = (categoryId: string) => productsQuery({ category: categoryId, limit: RELATED_PRODUCTS_MAX + 1 });

export function selectRelated(list: ProductList, currentId: string): Product[] {
  return list.data.filter((product) => product._id !== currentId).slice(0, RELATED_PRODUCTS_MAX);
}

export type ReviewInput = { userId: string; stars: number; text: string };

/**
 * `POST /products/{id}/reviews`. The answer is the product as it now is (reviews, rating, review count): it replaces
 * the cached detail at once (rating, count and list refresh without another call), and every product list is marked
 * stale because cards show the rating too.
 */
export function useSubmitReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['products', 'review', productId],
    mutationFn: async (review: ReviewInput) =>
      (await api<Product>(`/products/${encodeURIComponent(productId)}/reviews`, { method: 'POST', body: { review } })).data,
    onSuccess: (product) => {
      if (product) queryClient.setQueryData(catalogueKeys.productDetail(productId), product);
      else void queryClient.invalidateQueries({ queryKey: catalogueKeys.productDetail(productId) });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.productLists });
    },
  });
}
