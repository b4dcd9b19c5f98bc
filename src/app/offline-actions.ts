import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { submitReviewMutation } from '@/features/product/api';
import { placeOrderMutation } from '@/features/checkout/lib/place-order';
import { wishlistChangeMutation } from '@/features/wishlist/api';
import { ApiError } from '@/lib/api';

const offline = () => !onlineManager.isOnline() || (typeof navigator !== 'undefined' && !navigator.onLine);

/**
 * A request lost because the connection dropped is sent again once it is back (the retryer waits for it): a change
 * that stands for a desired state, a review that replaces the customer's own, and an order with its Idempotency-Key
 * all come out the same when sent twice. Any other failure is the outcome, told to the shopper.
 */
const retryWhileOffline = (_failureCount: number, error: unknown) => error instanceof ApiError && error.isNetworkError && offline();

const QUEUED_OFFLINE = { networkMode: 'online', retry: retryWhileOffline } as const;

/**
 * Registers the actions that may be taken offline, by mutation key: wishlist changes, reviews and orders. A mutation
 * made while offline pauses and is saved with the query cache; one restored after a reload or an app update has only
 * its key, variables and scope, and takes everything else (request, cache updates, what the shopper is told) from
 * here, so it behaves as it would have in the page that made it. Must run before the saved cache is restored.
 */
export function registerOfflineActions(queryClient: QueryClient): void {
  queryClient.setMutationDefaults(wishlistChangeMutation.mutationKey, { ...wishlistChangeMutation, ...QUEUED_OFFLINE });
  queryClient.setMutationDefaults(submitReviewMutation.mutationKey, { ...submitReviewMutation, ...QUEUED_OFFLINE });
  queryClient.setMutationDefaults(placeOrderMutation.mutationKey, { ...placeOrderMutation, ...QUEUED_OFFLINE });
}
