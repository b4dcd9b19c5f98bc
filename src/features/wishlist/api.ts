import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Product, Wishlist } from '@contract/catalogue';
import { api } from '@/lib/api';
import { useSession } from '@/lib/session';

/** One cache entry per customer, so a second account on the same device never sees the first one's list. */
export const wishlistKeys = {
  all: ['wishlist'] as const,
  of: (customerId: string) => ['wishlist', customerId] as const,
};

const path = (customerId: string) => encodeURIComponent(customerId);

export const wishlistQuery = (customerId: string) =>
  queryOptions({
    queryKey: wishlistKeys.of(customerId),
    queryFn: async ({ signal }): Promise<Product[]> => {
      const { data } = await api<Wishlist | null>(`/wishlist/get-wishlist/${path(customerId)}`, { signal });
      return data?.products ?? [];
    },
  });

export async function addToWishlist(customerId: string, productId: string): Promise<Product[]> {
  const { data } = await api<Wishlist | null>(`/wishlist/add-to-wishlist/${path(customerId)}`, { method: 'POST', body: { productId } });
  return data?.products ?? [];
}

export async function removeFromWishlist(customerId: string, productId: string): Promise<Product[]> {
  const { data } = await api<Wishlist | null>(`/wishlist/remove/${path(customerId)}/${encodeURIComponent(productId)}`, { method: 'DELETE' });
  return data?.products ?? [];
}

/** The signed-in customer's id, or undefined when signed out (or when the session lost its user id). */
export function useCustomerId(): string | undefined {
  const { user, token } = useSession();
  return token && user?._id ? user._id : undefined;
}

/** The signed-in customer's wishlist; idle while signed out. */
export function useWishlist() {
  const customerId = useCustomerId();
  return useQuery({ ...wishlistQuery(customerId ?? ''), enabled: Boolean(customerId) });
}

/**
 * Every wishlist answer carries the whole list as it now is. Only the last of several overlapping changes
 * writes it into the cache (an earlier answer would undo a later optimistic change); a failed last change
 * re-reads the list instead.
 */
function settle(queryClient: QueryClient, customerId: string, products: Product[] | undefined) {
  const key = wishlistKeys.of(customerId);
  if (queryClient.isMutating({ mutationKey: key }) > 1) return;
  if (products) queryClient.setQueryData(key, products);
  else void queryClient.invalidateQueries({ queryKey: key });
}

export type WishlistToggle = { product: Product | Pick<Product, '_id'>; add: boolean };

/**
 * Adds or removes one product. Removal is optimistic in the cache (the list shrinks at once, and comes back on
 * failure); an addition is shown at once by the caller from the mutation's variables, since a card does not
 * carry the whole product the list needs.
 */
export function useToggleWishlist(customerId: string) {
  const queryClient = useQueryClient();
  const key = wishlistKeys.of(customerId);
  return useMutation({
    mutationKey: key,
    mutationFn: ({ product, add }: WishlistToggle) => (add ? addToWishlist(customerId, product._id) : removeFromWishlist(customerId, product._id)),
    onMutate: async ({ product, add }) => {
      if (add) return { previous: undefined };
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Product[]>(key);
      if (previous) queryClient.setQueryData(key, previous.filter((item) => item._id !== product._id));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSettled: (products) => settle(queryClient, customerId, products),
  });
}

export type BulkRemoval = { removed: string[]; failed: string[] };

/** Removes several products at once; each removal stands alone, so one failure keeps the others done. */
export function useRemoveManyFromWishlist(customerId: string) {
  const queryClient = useQueryClient();
  const key = wishlistKeys.of(customerId);
  return useMutation({
    mutationKey: key,
    mutationFn: async (productIds: string[]): Promise<BulkRemoval> => {
      const results = await Promise.allSettled(productIds.map((id) => removeFromWishlist(customerId, id)));
      return {
        removed: productIds.filter((_, i) => results[i]?.status === 'fulfilled'),
        failed: productIds.filter((_, i) => results[i]?.status === 'rejected'),
      };
    },
    onMutate: async (productIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Product[]>(key);
      if (previous) queryClient.setQueryData(key, previous.filter((item) => !productIds.includes(item._id)));
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    // The answers of parallel removals each saw a different moment, so the list is read again once they are all in.
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: key }) <= 1) void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
