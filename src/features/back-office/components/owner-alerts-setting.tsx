import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { Profile } from '@contract/profile';
import { Checkbox } from '@/components/checkbox';
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
    mutationFn: async (wanted: boolean) => (await api<Profile>('/user/update-profile', { method: 'PUT', body: { id: userId, ownerAlerts: wanted } })).data.ownerAlerts,
    onSuccess: (on) => {
      queryClient.setQueryData(ownerAlertsKey(userId), on);
      notify.success(on ? text.alertsOn : text.alertsOff);
    },
    onError: () => notify.error(text.alertsFailed),
  });
  const online = useOnline();
  const switchId = useId();
  const hintId = useId();
  const on = alerts.data;

  return (
    <div className="flex items-start gap-2">
      <Checkbox
        id={switchId}
        role="switch"
        checked={on ?? false}
        disabled={on === undefined || update.isPending || !online}
        aria-describedby={hintId}
        onChange={(event) => update.mutate(event.target.checked)}
        className="-ml-3"
      />
      <div className="flex flex-col pt-2.5">
        <label htmlFor={switchId} className="font-medium text-gray-900">
          {text.alertsLabel}
        </label>
        <p id={hintId} className="text-sm text-gray-600">
          {user?.role === 'admin' ? text.alertsHintAdmin : text.alertsHintSeller}
        </p>
      </div>
    </div>
  );
}
