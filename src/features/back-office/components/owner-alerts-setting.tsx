import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '@contract/profile';
import { SettingSwitch } from '@/components/setting-switch';
import { useMessages } from '@/i18n/react';
import { api } from '@/lib/api';
import { notify } from '@/lib/notify';
import { useOnline } from '@/lib/online';
import { useSession } from '@/lib/session';
import { backOfficeOrdersText } from '@/messages/back-office-orders';
import { ownerAlertsKey, ownerAlertsQuery } from '../lib/owner-alerts-api';

/**
 * The signed-in admin's or seller's order alerts, on or off for their account: an email and push for each new order
 * (a seller's: one holding their products) and, for an admin, the morning summary.
 */
export function OwnerAlertsSetting() {
  const text = useMessages(backOfficeOrdersText);
  const { user } = useSession();
  const userId = user?._id ?? '';
  const alerts = useQuery({ ...ownerAlertsQuery(userId), enabled: userId !== '' });
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: async (wanted: boolean) =>
      (await api<Profile>('/user/update-profile', { method: 'PUT', body: { id: userId, ownerAlerts: wanted } })).data.ownerAlerts,
    onSuccess: (on) => {
      queryClient.setQueryData(ownerAlertsKey(userId), on);
      notify.success(on ? text.alertsOn : text.alertsOff);
    },
    onError: () => notify.error(text.alertsFailed),
  });
  const online = useOnline();
  const on = alerts.data;

  return (
    <SettingSwitch
      label={text.alertsLabel}
      hint={user?.role === 'admin' ? text.alertsHintAdmin : text.alertsHintSeller}
      on={on}
      disabled={update.isPending || !online}
      onChange={(wanted) => update.mutate(wanted)}
    />
  );
}
