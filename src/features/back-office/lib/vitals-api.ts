import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { VitalsReport } from '@contract/client-events';
import type { VITALS_PERIODS } from '@contract/vitals';
import { api } from '@/lib/api';

export type VitalsPeriod = (typeof VITALS_PERIODS)[number];

/** Shoppers' web vitals over the last `days`: p75 per page, per connection and per day, against the goals. */
export const vitalsQuery = (days: VitalsPeriod) =>
  queryOptions({
    queryKey: ['back-office', 'vitals', days] as const,
    queryFn: async ({ signal }) => (await api<VitalsReport>('/admin/vitals', { signal, query: { days } })).data,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
