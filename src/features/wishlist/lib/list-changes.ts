import { useMutation, type MutateOptions } from '@tanstack/react-query';
import type { Product } from '@contract/catalogue';
import { changeScope, removeFromWishlist, wishlistChangeMutation, wishlistKeys, type WishlistChange, type WishlistChangeContext } from '../api';

// The wishlist page's own changes come with its page; the heart's change (api.ts) is part of every first visit.

export type WishlistToggle = { product: Product; add: boolean };

/**
 * Adds or removes one product for a screen that tells the outcome itself (the wishlist page's own texts); the
 * change is the same queued one as the heart's.
 */
export function useToggleWishlist(customerId: string) {
  const mutation = useMutation({ ...wishlistChangeMutation, scope: changeScope(customerId) });
  const mutate = (toggle: WishlistToggle, options?: MutateOptions<Product[], Error, WishlistChange, WishlistChangeContext>) =>
    mutation.mutate({ ...toggle, customerId }, options);
  return { ...mutation, mutate };
}

export type BulkRemoval = { removed: string[]; failed: string[] };

/**
 * Removes several products at once; each removal stands alone, so one failure keeps the others done. Not queued
 * offline: it fails at once and the list comes back.
 */
export function useRemoveManyFromWishlist(customerId: string) {
  return useMutation({
    mutationKey: wishlistKeys.removeMany,
    networkMode: 'always',
    mutationFn: async (productIds: string[]): Promise<BulkRemoval> => {
      const results = await Promise.allSettled(productIds.map((id) => removeFromWishlist(customerId, id)));
      return {
        removed: productIds.filter((_, i) => results[i]?.status === 'fulfilled'),
        failed: productIds.filter((_, i) => results[i]?.status === 'rejected'),
      };
    },
    onMutate: async (productIds, { client }) => {
      const key = wishlistKeys.of(customerId);
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<Product[]>(key);
      if (previous)
        client.setQueryData(
          key,
          previous.filter((item) => !productIds.includes(item._id)),
        );
      return { previous };
    },
    // Those that could not be removed come back.
    onSuccess: ({ removed, failed }, _variables, context, { client }) => {
      if (failed.length > 0 && context.previous)
        client.setQueryData(
          wishlistKeys.of(customerId),
          context.previous.filter((item) => !removed.includes(item._id)),
        );
    },
    onError: (_error, _variables, context, { client }) => {
      if (context?.previous) client.setQueryData(wishlistKeys.of(customerId), context.previous);
    },
    // The answers of parallel removals each saw a different moment, so the list is read again once they are all in.
    onSettled: (_result, _error, _variables, _context, { client }) => {
      if (client.isMutating({ mutationKey: wishlistKeys.all }) <= 1) void client.invalidateQueries({ queryKey: wishlistKeys.of(customerId) });
    },
  });
}
