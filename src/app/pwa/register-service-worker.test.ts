import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { CUSTOMER } from '@/test/fixtures';
import { registerServiceWorker } from './register-service-worker';

const keepSubscriptionCurrent = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('@/lib/push-subscription', () => ({ keepSubscriptionCurrent }));
vi.mock('./service-worker-updates', () => ({ watchForUpdates: vi.fn(), checkForUpdates: vi.fn() }));

/** A Notification whose permission counts its reads: reading it waits on the browser. */
function notificationPermission(permission: NotificationPermission) {
  const reads = vi.fn(() => permission);
  vi.stubGlobal(
    'Notification',
    Object.defineProperty(function Notification() {}, 'permission', { get: reads }),
  );
  vi.stubGlobal('PushManager', function PushManager() {});
  return reads;
}

describe('registerServiceWorker', () => {
  beforeEach(() => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { register: vi.fn(async () => ({})) } });
  });
  afterEach(() => {
    session.logout();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    keepSubscriptionCurrent.mockClear();
  });

  it('never reads the notification permission for a visitor who is not signed in', async () => {
    const reads = notificationPermission('granted');
    await registerServiceWorker();
    expect(navigator.serviceWorker.register).toHaveBeenCalledOnce();
    expect(reads).not.toHaveBeenCalled();
    expect(keepSubscriptionCurrent).not.toHaveBeenCalled();
  });

  it('keeps a signed-in shopper’s push subscription current where notifications are allowed', async () => {
    notificationPermission('granted');
    session.setUser(CUSTOMER, 'token');
    await registerServiceWorker();
    await vi.waitFor(() => expect(keepSubscriptionCurrent).toHaveBeenCalledOnce());
  });
});
