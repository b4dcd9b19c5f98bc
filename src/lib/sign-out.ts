import type { QueryClient } from '@tanstack/react-query';
import { textsNow } from '@/i18n/messages';
import { appText } from '@/messages/app';
import { notify } from './notify';
import { api } from './api';
import { clearCart } from './cart';
import { pushSupport } from './order-updates';
import { forgetSavedDelivery } from './forget-saved-delivery';
import { forgetSavedQueries } from './saved-queries';
import { session } from './session';

/** This device's push subscription, where there may be one: its code loads only then. */
async function pushDevice() {
  if (pushSupport() !== 'granted') return null;
  const { thisDeviceForSignOut } = await import('./push-subscription');
  return thisDeviceForSignOut().catch(() => null);
}

/** Orders queued for the service worker to place: none is placed for this account after it signed out. */
async function forgetQueuedOrders() {
  if (typeof indexedDB === 'undefined') return;
  const { clearQueuedOrders } = await import('./queued-orders');
  await clearQueuedOrders().catch(() => undefined);
}

/**
 * Logout: revoke the refresh token on the server with this device's push endpoint (its order notifications stop), end
 * the local session and the device's push subscription, drop the saved cart and delivery address, the orders queued
 * offline and the cached user data, in memory and its saved copy (which would otherwise open offline for whoever uses
 * the phone next).
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  const device = await pushDevice();
  try {
    await api('/user/logout', { method: 'POST', body: device?.endpoint ? { pushEndpoint: device.endpoint } : undefined });
  } catch {
    // Offline or already revoked: the local session ends all the same.
  }
  await device?.unsubscribe();
  session.logout();
  clearCart();
  forgetSavedDelivery();
  queryClient.clear();
  await Promise.all([forgetSavedQueries(), forgetQueuedOrders()]);
  notify.success(textsNow(appText).signedOut);
}
