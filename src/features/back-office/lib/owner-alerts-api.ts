import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '@contract/profile';
import { api } from '@/lib/api';

export const ownerAlertsKey = (userId: string) => ['back-office', 'owner-alerts', userId] as const;

/** Whether the signed-in admin or seller gets order alerts: the profile's `ownerAlerts`. */
export const ownerAlertsQuery = (userId: string) =>
  queryOptions({
    queryKey: ownerAlertsKey(userId),
    queryFn: async ({ signal }) => (await api<Profile>(`/user/get-single-user/${encodeURIComponent(userId)}`, { signal })).data.ownerAlerts,
  });
