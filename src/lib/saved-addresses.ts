import { queryOptions } from '@tanstack/react-query';
import type { SavedAddress } from '@contract/addresses';
import { api } from './api';

/** Per customer: a second account on the same device never sees the first one's addresses. */
export const savedAddressesKey = (userId: string) => ['addresses', userId] as const;

/** The customer's delivery addresses kept by the shop, the default first. */
export const savedAddressesQuery = (userId: string) =>
  queryOptions({
    queryKey: savedAddressesKey(userId),
    queryFn: async ({ signal }): Promise<SavedAddress[]> => (await api<SavedAddress[]>('/addresses', { signal })).data,
  });
