import { useEffect, useState } from 'react';
import { Button } from '@/components/button';
import { SettingSwitch } from '@/components/setting-switch';
import { useMessages } from '@/i18n/react';
import { notify } from '@/lib/notify';
import { useOnline } from '@/lib/online';
import { pushSupport } from '@/lib/order-updates';
import { orderUpdatesText } from '@/messages/order-updates';
import { useProfile, useUpdateProfile, useUserId } from '../api';

/** Whether this device shows order notifications: the browser's permission and a subscription on this device. */
type DeviceState = 'checking' | 'unsupported' | 'blocked' | 'on' | 'off';

/** This device's state, read in the browser after rendering (the push code loads only where it can be used). */
async function deviceState(): Promise<DeviceState> {
  const support = pushSupport();
  if (support === 'unsupported') return 'unsupported';
  if (support === 'denied') return 'blocked';
  const { hasSubscription } = await import('@/lib/push-subscription');
  return (await hasSubscription().catch(() => false)) && support === 'granted' ? 'on' : 'off';
}

/**
 * The account's order notifications, on or off for all its devices (the profile's `orderNotifications`), and whether
 * this device gets them, with the way to subscribe it or end its subscription.
 */
export function OrderNotificationsSetting() {
  const text = useMessages(orderUpdatesText);
  const userId = useUserId();
  const profile = useProfile();
  const update = useUpdateProfile();
  const online = useOnline();
  const on = profile.data?.orderNotifications;

  const change = (wanted: boolean) => {
    if (!userId) return;
    update.mutate(
      { id: userId, orderNotifications: wanted },
      {
        onSuccess: () => notify.success(wanted ? text.settingOn : text.settingOff),
        onError: () => notify.error(text.settingFailed),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3 border-t border-gray-200 pt-4">
      <SettingSwitch label={text.settingLabel} hint={text.settingHint} on={on} disabled={update.isPending || !online} onChange={change} />
      <ThisDevice />
    </div>
  );
}

function ThisDevice() {
  const text = useMessages(orderUpdatesText);
  const online = useOnline();
  const [state, setState] = useState<DeviceState>('checking');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void deviceState().then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, []);

  const turnOn = async () => {
    setBusy(true);
    const { subscribeThisDevice } = await import('@/lib/push-subscription');
    const outcome = await subscribeThisDevice();
    setBusy(false);
    if (outcome === 'subscribed') notify.success(text.subscribed);
    else notify.error(outcome === 'denied' ? text.blocked : text.failed);
    setState(await deviceState());
  };
  const turnOff = async () => {
    setBusy(true);
    const { unsubscribeThisDevice } = await import('@/lib/push-subscription');
    try {
      await unsubscribeThisDevice();
      notify.success(text.deviceTurnedOff);
    } catch {
      notify.error(text.deviceOffFailed);
    }
    setBusy(false);
    setState(await deviceState());
  };

  if (state === 'checking') return null;
  const said = { unsupported: text.deviceUnsupported, blocked: text.blocked, on: text.deviceOn, off: text.deviceOff }[state];
  return (
    <section aria-label={text.deviceLabel} className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-gray-800" role="status">
        {said}
      </p>
      {state === 'off' && (
        <Button variant="secondary" busy={busy} disabled={!online} onClick={() => void turnOn()}>
          {text.deviceOnButton}
        </Button>
      )}
      {state === 'on' && (
        <Button variant="secondary" busy={busy} disabled={!online} onClick={() => void turnOff()}>
          {text.deviceOffButton}
        </Button>
      )}
    </section>
  );
}
