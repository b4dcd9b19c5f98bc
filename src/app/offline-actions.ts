import { onlineManager, type MutationObserverOptions, type QueryClient } from '@tanstack/react-query';
import { wishlistChangeMutation } from '@/features/wishlist/api';
import { ApiError } from '@/lib/api';
import { PLACE_ORDER_MUTATION_KEY } from '@/lib/place-order-key';

const offline = () => !onlineManager.isOnline() || (typeof navigator !== 'undefined' && !navigator.onLine);

/**
 * A request lost because the connection dropped is sent again once it is back (the retryer waits for it): a change
 * that stands for a desired state, a review that replaces the customer's own, and an order with its Idempotency-Key
 * all come out the same when sent twice. Any other failure is the outcome, told to the shopper.
 */
const retryWhileOffline = (_failureCount: number, error: unknown) => error instanceof ApiError && error.isNetworkError && offline();

const QUEUED_OFFLINE = { networkMode: 'online', retry: retryWhileOffline } as const;

/** The keys of the actions whose code is loaded only when one is replayed (checked against their modules in tests). */
export const REVIEW_MUTATION_KEY = ['products', 'review'] as const;

/**
 * An action's options whose request and handlers are loaded when a restored action first runs: the product page's
 * and the checkout's code (and what they bring) stay out of a first visit. A screen that takes the action passes its
 * own options, so only a replay after a reload goes through here.
 */
export function loadedWhenUsed<TData, TVariables, TContext>(
  load: () => Promise<MutationObserverOptions<TData, Error, TVariables, TContext>>,
): MutationObserverOptions<TData, Error, TVariables, TContext> {
  let loading: Promise<MutationObserverOptions<TData, Error, TVariables, TContext>> | undefined;
  const loaded = () => (loading ??= load());
  return {
    mutationFn: async (variables, context) => {
      const { mutationFn } = await loaded();
      if (!mutationFn) throw new Error('The action has no request');
      return mutationFn(variables, context);
    },
    onSuccess: async (...args) => (await loaded()).onSuccess?.(...args),
    onError: async (...args) => (await loaded()).onError?.(...args),
    onSettled: async (...args) => (await loaded()).onSettled?.(...args),
  };
}

/**
 * Registers the actions that may be taken offline, by mutation key: wishlist changes, reviews and orders. A mutation
 * made while offline pauses and is saved with the query cache; one restored after a reload or an app update has only
 * its key, variables and scope, and takes everything else (request, cache updates, what the shopper is told) from
 * here, so it behaves as it would have in the page that made it. Must run before the saved cache is restored.
 */
export function registerOfflineActions(queryClient: QueryClient): void {
  // The wishlist's heart is on the first screen: its options are there already.
  queryClient.setMutationDefaults(wishlistChangeMutation.mutationKey, { ...wishlistChangeMutation, ...QUEUED_OFFLINE });
  queryClient.setMutationDefaults(REVIEW_MUTATION_KEY, {
    ...loadedWhenUsed(() => import('@/features/product/api').then(({ submitReviewMutation }) => submitReviewMutation)),
    ...QUEUED_OFFLINE,
  });
  queryClient.setMutationDefaults(PLACE_ORDER_MUTATION_KEY, {
    ...loadedWhenUsed(() => import('@/features/checkout/lib/place-order').then(({ placeOrderMutation }) => placeOrderMutation)),
    ...QUEUED_OFFLINE,
  });
}
