import { useId } from 'react';
import { Checkbox } from '@/components/checkbox';
import { useMessages } from '@/i18n/react';
import { notify } from '@/lib/notify';
import { useOnline } from '@/lib/online';
import { useSession } from '@/lib/session';
import { orderUpdatesText } from '@/messages/order-updates';
import { useProfile, useUpdateProfile, useUserId } from '../api';

/**
 * An admin's or seller's order alerts, on or off for the account (the profile's `ownerAlerts`): an email and push for
 * each new order (a seller's: one holding their products) and, for an admin, the morning summary. Shoppers see nothing.
 */
export function OwnerAlertsSetting() {
  const text = useMessages(orderUpdatesText);
  const { user } = useSession();
  const userId = useUserId();
  const profile = useProfile();
  const update = useUpdateProfile();
  const online = useOnline();
  const switchId = useId();
  const hintId = useId();
  if (user?.role !== 'admin' && user?.role !== 'seller') return null;
  const on = profile.data?.ownerAlerts;

  const change = (wanted: boolean) => {
    if (!userId) return;
    update.mutate(
      { id: userId, ownerAlerts: wanted },
      {
        onSuccess: () => notify.success(wanted ? text.ownerAlertsOn : text.ownerAlertsOff),
        onError: () => notify.error(text.settingFailed),
      },
    );
  };

  return (
    <div className="flex items-start gap-2 border-t border-gray-200 pt-4">
      <Checkbox
        id={switchId}
        role="switch"
        checked={on ?? false}
        disabled={on === undefined || update.isPending || !online}
        aria-describedby={hintId}
        onChange={(event) => change(event.target.checked)}
        className="-ml-3"
      />
      <div className="flex flex-col pt-2.5">
        <label htmlFor={switchId} className="font-medium text-gray-900">
          {text.ownerAlertsLabel}
        </label>
        <p id={hintId} className="text-sm text-gray-600">
          {user.role === 'admin' ? text.ownerAlertsHintAdmin : text.ownerAlertsHintSeller}
        </p>
      </div>
    </div>
  );
}
