import { queryOptions } from '@tanstack/react-query';
import type { SiteLogo } from '@/components/logo';
import { api } from '@/lib/api';

/** The shop's logo (GET /api/logo); null when none is set. Rarely changes, so it stays fresh for an hour. */
export const logoQuery = queryOptions({
  queryKey: ['logo'],
  queryFn: async ({ signal }) => (await api<SiteLogo | null>('/logo', { signal })).data,
  staleTime: 60 * 60_000,
});
