import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ShopWordList, ShopWordListQuery } from '@contract/shop-words';
import { api } from '@/lib/api';

export const shopWordKeys = {
  all: ['back-office', 'shop-words'] as const,
  list: (query: ShopWordListQuery) => ['back-office', 'shop-words', 'list', query] as const,
};

/** A page of the shop's search words, in the order they were added, the entries with a word containing `search`. */
export const shopWordListQuery = (query: ShopWordListQuery) =>
  queryOptions({
    queryKey: shopWordKeys.list(query),
    queryFn: async ({ signal }) =>
      (await api<ShopWordList>('/shop-words', { signal, query: { page: query.page, limit: query.limit, search: query.search } })).data,
    placeholderData: keepPreviousData,
    // Stale at once: a copy restored from the saved cache shows while the server's current one is read, and stays
    // readable offline.
    staleTime: 0,
  });
