import { mutationOptions, useMutation, useMutationState } from '@tanstack/react-query';
import type { Product, ProductList } from '@contract/catalogue';
import { RELATED_PRODUCTS_MAX, REVIEW_UPDATED } from '@contract/catalogue-constants';
import { textsNow } from '@/i18n/messages';
import { api, ApiError } from '@/lib/api';
import { notify } from '@/lib/notify';
import { productKeys, productsQuery } from '@/lib/product-queries';
import { forgetCachedProducts } from '@/lib/runtime-caches';
import { productText } from '@/messages/product';

/**
 * Up to 8 products of the same category, this one left out: one more than shown is asked for, so there are still
 * 8 when the current product is among them.
 */
export const relatedProductsQuery = (categoryId: string) => productsQuery({ category: categoryId, limit: RELATED_PRODUCTS_MAX + 1 });

export function selectRelated(list: ProductList, currentId: string): Product[] {
  return list.data.filter((product) => product._id !== currentId).slice(0, RELATED_PRODUCTS_MAX);
}

export type ReviewInput = { userId: string; stars: number; text: string };

/** A review and the product it is about: all a review queued offline needs to be posted after a reload. */
export type ReviewSubmission = { productId: string; review: ReviewInput };

/** The server's reason when it refused the review (own product, signed out…); a generic text otherwise. In the language on screen. */
export async function reviewFailureMessage(error: unknown): Promise<string> {
  const failed = textsNow(productText).reviewFailed;
  if (!(error instanceof ApiError && error.hasServerMessage && error.status >= 400 && error.status < 500)) return failed;
  // The API's texts, and the rules they name, load when a review is refused: the product page does without them.
  const { apiMessageText } = await import('@/lib/api-message');
  return apiMessageText(error, failed);
}

/**
 * `POST /products/{id}/reviews`. The server keeps one review per customer and product (a second replaces the first),
 * so posting the same review again, as a replay after a lost answer does, leaves one review. The answer is the product
 * as it now is: it replaces the cached detail at once, after the service worker's stale copies of product answers
 * are dropped, and every product list is marked stale because cards show the rating too. Offline the review waits,
 * kept across reloads, and is posted when the connection returns; the outcome is told either way.
 */
export const submitReviewMutation = mutationOptions<{ product: Product | undefined; message: string }, Error, ReviewSubmission>({
  mutationKey: ['products', 'review'],
  mutationFn: async ({ productId, review }) => {
    const { data, message } = await api<Product>(`/products/${encodeURIComponent(productId)}/reviews`, { method: 'POST', body: { review } });
    await forgetCachedProducts();
    return { product: data, message };
  },
  // The server says whether the review was new or edited an earlier one; the shopper reads it in their language.
  onSuccess: ({ product, message }, { productId }, _context, { client }) => {
    if (product) client.setQueryData(productKeys.detail(productId), product);
    else void client.invalidateQueries({ queryKey: productKeys.detail(productId) });
    void client.invalidateQueries({ queryKey: productKeys.lists });
    const text = textsNow(productText);
    notify.success(message === REVIEW_UPDATED ? text.reviewUpdated : text.reviewPosted);
  },
  onError: (error) => void reviewFailureMessage(error).then(notify.error),
});

/** Reviews of one product are posted in the order they were written, also when a queue kept offline is replayed. */
export function useSubmitReview(productId: string) {
  return useMutation({ ...submitReviewMutation, scope: { id: `review:${productId}` } });
}

/** Whether a review of this product is waiting for the connection (written offline, maybe before a reload). */
export function useReviewWaiting(productId: string): boolean {
  return (
    useMutationState({
      filters: {
        mutationKey: submitReviewMutation.mutationKey,
        status: 'pending',
        predicate: (mutation) => mutation.state.isPaused && (mutation.state.variables as ReviewSubmission | undefined)?.productId === productId,
      },
    }).length > 0
  );
}
