import { textsNow } from '@/i18n/messages';
import { notify } from '@/lib/notify';
import { pushSupport } from '@/lib/order-updates';
import { session } from '@/lib/session';
import { pwaText } from '@/messages/pwa';
import { checkForUpdates, watchForUpdates } from './service-worker-updates';

/** One update toast at a time: a later offer replaces the one on screen. */
const UPDATE_TOAST_ID = 'app-update';

/** Registers the service worker and keeps looking for new versions, each offered in a toast that stays until answered. */
export async function registerServiceWorker(): Promise<void> {
  const container = navigator.serviceWorker;
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await container.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
  } catch {
    // Service workers blocked (some private modes, storage turned off): the shop works online without one.
    return;
  }
  // A browser that blocks service workers may resolve with nothing rather than refuse.
  if (!registration) return;
  watchForUpdates({
    container,
    registration,
    reload: () => window.location.reload(),
    offer: (accept) => {
      const text = textsNow(pwaText);
      notify.message(text.updateReady, { id: UPDATE_TOAST_ID, duration: Infinity, action: { label: text.reloadToUpdate, onClick: accept } });
    },
  });
  checkForUpdates(registration);
  // A device that gets order notifications keeps its subscription on the server's current key (loaded only there).
  // The session first: reading the notification permission waits on the browser, which a first visit need not do.
  if (session.get().user && pushSupport() === 'granted') {
    void import('@/lib/push-subscription').then(({ keepSubscriptionCurrent }) => keepSubscriptionCurrent()).catch(() => undefined);
  }
}
