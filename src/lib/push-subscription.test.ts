import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, requestsTo, stubApi } from '@/test/api';
import { base64UrlBytes, subscribeThisDevice } from './push-subscription';

const SERVER_KEY = `B${'A'.repeat(86)}`;

/** A browser's subscription made with the server's key: its endpoint, and whether it was ended. */
function browserSubscription(endpoint: string) {
  const made = {
    endpoint,
    ended: false,
    options: { userVisibleOnly: true, applicationServerKey: base64UrlBytes(SERVER_KEY).buffer },
    toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
    unsubscribe: vi.fn(async () => {
      made.ended = true;
      return true;
    }),
  };
  return made;
}

/** This device's service worker, which already holds `current` and makes `next` when asked to subscribe. */
function deviceWith(current: ReturnType<typeof browserSubscription>, next: ReturnType<typeof browserSubscription>) {
  const pushManager = { getSubscription: vi.fn(async () => current), subscribe: vi.fn(async () => next) };
  vi.stubGlobal('Notification', { requestPermission: async () => 'granted' });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve({ pushManager }) } });
  return pushManager;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const taken = {
  status: 409,
  body: {
    success: false,
    code: 'pushDeviceTaken',
    message: "This device gets another account's notifications. Sign out of that account on this device first.",
  },
};

describe('subscribing this device', () => {
  it("ends the subscription another account still holds here and subscribes anew, so the shopper's notifications come here", async () => {
    const left = browserSubscription('https://fcm.googleapis.com/fcm/send/left-by-another-account');
    const fresh = browserSubscription('https://fcm.googleapis.com/fcm/send/fresh');
    const pushManager = deviceWith(left, fresh);
    const fetchMock = stubApi({
      'GET /api/push/key': ok({ publicKey: SERVER_KEY }),
      'POST /api/push/subscriptions': (sent) => ((sent as { endpoint: string }).endpoint === left.endpoint ? taken : ok(null)),
    });

    expect(await subscribeThisDevice()).toBe('subscribed');
    expect(requestsTo(fetchMock, 'POST /api/push/subscriptions').map((request) => (request.body as { endpoint: string }).endpoint)).toEqual([
      left.endpoint,
      fresh.endpoint,
    ]);
    expect(left.ended).toBe(true);
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('keeps its subscription when the server fails otherwise', async () => {
    const current = browserSubscription('https://fcm.googleapis.com/fcm/send/current');
    const pushManager = deviceWith(current, browserSubscription('https://fcm.googleapis.com/fcm/send/unused'));
    stubApi({
      'GET /api/push/key': ok({ publicKey: SERVER_KEY }),
      'POST /api/push/subscriptions': {
        status: 500,
        body: { success: false, code: 'serverError', message: 'Something went wrong on our side. Please try again.' },
      },
    });

    expect(await subscribeThisDevice()).toBe('failed');
    expect(current.ended).toBe(false);
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });
});
