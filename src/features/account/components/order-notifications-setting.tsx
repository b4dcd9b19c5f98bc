import { useId, useState } from 'react';
import { Checkbox } from '@/components/checkbox';
import { OrderUpdatesOffer } from '@/components/order-updates-offer';
import { useMessages } from '@/i18n/react';
import { notify } from '@/lib/notify';
import { useOnline } from '@/lib/online';
import { offerOnThisDevice } from '@/lib/order-updates';
import { orderUpdatesText } from '@/messages/order-updates';
import { useProfile, useUpdateProfile, useUserId } from '../api';

/** Whether this device could show notifications but has no subscription (its code loads only then). */
async function deviceWithoutSubscription(): Promise<boolean> {
  if (!offerOnThisDevice()) return false;
  const { hasSubscription } = await import('@/lib/push-subscription');
  return !(await hasSubscription().catch(() => true));
}

/**
 * The account's order notifications, on or off for all its devices (the profile's `orderNotifications`). Turned on
 * from a device that has no subscription, it offers this device's too.
 */
export function OrderNotificationsSetting() {
  const text = useMessages(orderUpdatesText);
  const userId = useUserId();
  const profile = useProfile();
  const update = useUpdateProfile();
  const online = useOnline();
  const [offerDevice, setOfferDevice] = useState(false);
  const switchId = useId();
  const hintId = useId();
  const on = profile.data?.orderNotifications;

  const change = (wanted: boolean) => {
    if (!userId) return;
    setOfferDevice(false);
    update.mutate(
      { id: userId, orderNotifications: wanted },
      {
        onSuccess: async () => {
          notify.success(wanted ? text.settingOn : text.settingOff);
          if (wanted && (await deviceWithoutSubscription())) setOfferDevice(true);
        },
        onError: () => notify.error(text.settingFailed),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3 border-t border-gray-200 pt-4">
      <div className="flex items-start gap-2">
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
            {text.settingLabel}
          </label>
          <p id={hintId} className="text-sm text-gray-600">
            {text.settingHint}
          </p>
        </div>
      </div>
      {offerDevice && <OrderUpdatesOffer kind="device" />}
    </div>
  );
}
