import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, requestsMade, stubApi } from '@/test/api';
import { signIn } from '@/test/fixtures';
import { renderPage } from '@/test/render';
import { OrderNotificationsSetting } from './order-notifications-setting';

const PROFILE = 'GET /api/user/get-single-user/u1';

/** A browser that can show notifications, with `permission`, and this device's subscription when `subscribed`. */
function pushBrowser(permission: NotificationPermission, subscribed: boolean) {
  const unsubscribe = vi.fn(async () => true);
  let subscription: { endpoint: string; unsubscribe: typeof unsubscribe } | null = subscribed
    ? { endpoint: 'https://push.example/device-1', unsubscribe: vi.fn(async () => ((subscription = null), unsubscribe())) }
    : null;
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }) },
  });
  return { unsubscribe };
}

beforeEach(() => signIn());
afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe("Settings' order notifications on this device", () => {
  it('says this device gets them, and turning them off ends its subscription on the server and in the browser', async () => {
    const { unsubscribe } = pushBrowser('granted', true);
    const fetchMock = stubApi({ [PROFILE]: ok({ orderNotifications: true }), 'DELETE /api/push/subscriptions': ok(null) });
    await renderPage(<OrderNotificationsSetting />, { at: '/user/settings' });
    const device = await screen.findByRole('region', { name: 'This device' });
    expect(within(device).getByText('This device gets order notifications.')).toBeInTheDocument();

    await userEvent.click(within(device).getByRole('button', { name: 'Turn off for this device' }));

    expect(await within(device).findByText('This device gets no order notifications.')).toBeInTheDocument();
    expect(within(device).getByRole('button', { name: 'Turn on for this device' })).toBeInTheDocument();
    expect(unsubscribe).toHaveBeenCalledOnce();
    expect(requestsMade(fetchMock).find(({ route }) => route === 'DELETE /api/push/subscriptions')?.body).toEqual({
      endpoint: 'https://push.example/device-1',
    });
  });

  it('says so when this device has no subscription though the account has notifications on, and when the browser blocks them', async () => {
    pushBrowser('default', false);
    stubApi({ [PROFILE]: ok({ orderNotifications: true }) });
    const { unmount } = await renderPage(<OrderNotificationsSetting />, { at: '/user/settings' });
    const device = await screen.findByRole('region', { name: 'This device' });
    expect(within(device).getByText('This device gets no order notifications.')).toBeInTheDocument();
    expect(within(device).getByRole('button', { name: 'Turn on for this device' })).toBeEnabled();
    unmount();

    pushBrowser('denied', false);
    await renderPage(<OrderNotificationsSetting />, { at: '/user/settings' });
    const blocked = await screen.findByRole('region', { name: 'This device' });
    expect(within(blocked).getByText('Notifications are blocked for this shop in your browser settings.')).toBeInTheDocument();
    expect(within(blocked).queryByRole('button')).not.toBeInTheDocument();
  });
});
