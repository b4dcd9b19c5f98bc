import { mutationOptions, queryOptions, useMutation, useMutationState, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Product, Wishlist } from '@contract/catalogue';
import { api } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { textsNow } from '@/i18n/messages';
import { wishlistHeartText } from '@/messages/wishlist-heart';

/** One cache entry per customer, so a second account on the same device never sees the first one's list. */
export const wishlistKeys = {
  all: ['wishlist'] as const,
  of: (customerId: string) => ['wishlist', customerId] as const,
  /** Mutation keys: one product in or out (the change queued offline), and a bulk removal. */
  change: ['wishlist', 'change'] as const,
  removeMany: ['wishlist', 'remove-many'] as const,
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
function settle(client: QueryClient, customerId: string, products: Product[] | undefined) {
  const key = wishlistKeys.of(customerId);
  if (client.isMutating({ mutationKey: wishlistKeys.all }) > 1) return;
  if (products) client.setQueryData(key, products);
  else void client.invalidateQueries({ queryKey: key });
}

/**
 * Where one product should end up: in the list (`add`) or out of it. A desired state rather than a toggle, so a
 * change sent twice (a replay after a lost answer) ends in the same place. The whole product travels with it, so
 * an addition shows in the cached list at once.
 */
export type WishlistChange = { customerId: string; product: Product; add: boolean };

export type WishlistChangeContext = { previous: Product[] | undefined };

/** Changes of the same product still waiting, this one included. */
const pendingChangesOf = (client: QueryClient, productId: string) =>
  client
    .getMutationCache()
    .findAll({ mutationKey: wishlistKeys.change, status: 'pending' })
    .filter((mutation) => (mutation.state.variables as WishlistChange | undefined)?.product._id === productId).length;

/**
 * Puts a product in the wishlist or takes it out: shown at once in the cached list (and put back if the server
 * refuses). Offline the change waits, kept across reloads, and is sent when the connection returns; a customer's
 * changes go one at a time in the order they were made (see `useWishlistChange`), so the last one decides.
 * Mutations whose `meta.announce` is set tell the outcome in a toast; after several changes of one
 * product only the last one speaks.
 */
export const wishlistChangeMutation = mutationOptions<Product[], Error, WishlistChange, WishlistChangeContext>({
  mutationKey: wishlistKeys.change,
  mutationFn: ({ customerId, product, add }) => (add ? addToWishlist(customerId, product._id) : removeFromWishlist(customerId, product._id)),
  onMutate: async ({ customerId, product, add }, { client }) => {
    const key = wishlistKeys.of(customerId);
    await client.cancelQueries({ queryKey: key });
    const previous = client.getQueryData<Product[]>(key);
    if (previous) {
      const others = previous.filter((item) => item._id !== product._id);
      client.setQueryData(key, add ? [product, ...others] : others);
    }
    return { previous };
  },
  onSuccess: (_products, { product, add }, _context, { client, meta }) => {
    if (meta?.announce && pendingChangesOf(client, product._id) <= 1)
      notify.success(add ? textsNow(wishlistHeartText).added : textsNow(wishlistHeartText).removed);
  },
  onError: (_error, { customerId }, context, { client, meta }) => {
    if (context?.previous) client.setQueryData(wishlistKeys.of(customerId), context.previous);
    if (meta?.announce) notify.error(textsNow(wishlistHeartText).updateFailed);
  },
  onSettled: (products, _error, { customerId }, _context, { client }) => settle(client, customerId, products),
});

/** One customer's changes run one after the other, also when a queue kept offline is replayed. */
export const changeScope = (customerId: string) => ({ id: `wishlist:${customerId}` });

/** The change behind the heart: it tells its own outcome, in the page and when replayed after a reload. */
export function useWishlistChange(customerId: string) {
  return useMutation({ ...wishlistChangeMutation, scope: changeScope(customerId), meta: { announce: true } });
}

/**
 * Whether the product will be in the wishlist once the changes still waiting for it are sent (the last one
 * decides), or undefined when none is waiting. Restored changes count too, so a heart shows a change queued before
 * a reload.
 */
export function usePendingWishlistState(productId: string): boolean | undefined {
  const adds = useMutationState({
    filters: {
      mutationKey: wishlistKeys.change,
      status: 'pending',
      predicate: (mutation) => (mutation.state.variables as WishlistChange | undefined)?.product._id === productId,
    },
    select: (mutation) => (mutation.state.variables as WishlistChange).add,
  });
  return adds.at(-1);
}
