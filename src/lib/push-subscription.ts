import { api, ApiError } from './api';
import { forgetAcceptance, rememberAnswer } from './order-updates';

/** base64url (the server's VAPID key) as bytes, the form `applicationServerKey` is given and kept in. */
export function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** Whether the subscription was made with `key`: a subscription made with an older key gets no pushes signed with the new one. */
export function madeWithKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const kept = subscription.options.applicationServerKey;
  if (!kept) return false;
  const bytes = new Uint8Array(kept);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

const serverKey = async () => base64UrlBytes((await api<{ publicKey: string }>('/push/key', { anonymous: true })).data.publicKey);

/** The service worker's registration, if one controls the app (none in development, or where storage is off). */
const registration = () => navigator.serviceWorker.getRegistration();

/**
 * This device's subscription made with the server's current key, and sent to the server for the signed-in account. A
 * subscription made with another key (the shop's keys were replaced) is dropped and made again.
 */
async function subscribeWithCurrentKey(worker: ServiceWorkerRegistration): Promise<void> {
  const key = await serverKey();
  let subscription = await worker.pushManager.getSubscription();
  if (subscription && !madeWithKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const send = (made: PushSubscription) => api('/push/subscriptions', { method: 'POST', body: made.toJSON() });
  try {
    await send(subscription);
  } catch (error) {
    // The endpoint is still another account's (it never signed out here). This browser holds it, so it may end it (its
    // push service then answers that account 410) and subscribe anew, with an endpoint of the shopper's own.
    if (!(error instanceof ApiError) || error.code !== 'pushDeviceTaken') throw error;
    await subscription.unsubscribe();
    await send(await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  }
}

export type SubscribeOutcome = 'subscribed' | 'denied' | 'failed';

/**
 * 'Yes, notify me': the browser's permission prompt, then this device's subscription. A refusal is remembered (the
 * offer is not made again); a failure (no service worker yet, the push service unreachable) is not.
 */
export async function subscribeThisDevice(): Promise<SubscribeOutcome> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    rememberAnswer('declined');
    return 'denied';
  }
  try {
    await subscribeWithCurrentKey(await navigator.serviceWorker.ready);
  } catch {
    return 'failed';
  }
  rememberAnswer('accepted');
  return 'subscribed';
}

/** Whether this device has a subscription (Settings offers one when it has none). */
export async function hasSubscription(): Promise<boolean> {
  return Boolean(await (await registration())?.pushManager.getSubscription());
}

/** Settings' 'Turn off for this device': the server forgets the endpoint, then the browser ends the subscription. */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return;
  await api('/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  forgetAcceptance();
  await subscription.unsubscribe();
}

/**
 * On opening the app with notifications allowed: a subscription made with a key the server no longer signs with is
 * replaced. Nothing happens without a subscription (the shopper signed out, or never said yes).
 */
export async function keepSubscriptionCurrent(): Promise<void> {
  const worker = await registration();
  const subscription = await worker?.pushManager.getSubscription();
  if (!worker || !subscription) return;
  if (!madeWithKey(subscription, await serverKey())) await subscribeWithCurrentKey(worker);
}

/**
 * At sign-out: this device's endpoint (the server removes it with the session), and a function that ends the
 * subscription in the browser, so the push service answers 410 even if the sign-out never reached the server.
 */
export async function thisDeviceForSignOut(): Promise<{ endpoint?: string; unsubscribe: () => Promise<void> }> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  return {
    endpoint: subscription?.endpoint,
    unsubscribe: async () => {
      forgetAcceptance();
      await subscription?.unsubscribe().catch(() => false);
    },
  };
}
