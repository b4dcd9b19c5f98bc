import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { type CouponList, type CouponListQuery } from '@contract/coupons';
import { api } from '@/lib/api';

export const couponKeys = {
  all: ['back-office', 'coupons'] as const,
  list: (query: CouponListQuery) => ['back-office', 'coupons', 'list', query] as const,
};

/** A page of coupons, newest first, those whose code contains `search`; the page shown stays while the next loads. */
export const couponListQuery = (query: CouponListQuery) =>
  queryOptions({
    queryKey: couponKeys.list(query),
    queryFn: async ({ signal }) => (await api<CouponList>('/coupons', { signal, query: { page: query.page, limit: query.limit, search: query.search } })).data,
    placeholderData: keepPreviousData,
    // Stale at once: a copy restored from the saved cache shows while the server's current one is read (uses and
    // roles change under the admin), and stays readable offline.
    staleTime: 0,
  });
