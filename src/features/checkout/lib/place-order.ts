import { mutationOptions } from '@tanstack/react-query';
import { orderNumber } from '@contract/order-number';
import type { PlacedOrder } from '@contract/orders';
import { textsNow } from '@/i18n/messages';
import { checkoutText } from '@/messages/checkout';
import { removeLines } from '@/lib/cart';
import { notify } from '@/lib/notify';
import { requestPersistentStorage } from '@/lib/persistent-storage';
import { forgetCachedProducts } from '@/lib/runtime-caches';
import { PLACE_ORDER_MUTATION_KEY } from '@/lib/place-order-key';
import type { PlaceOrderVariables } from '../api';
import { orderFailureMessage } from './errors';
import { backgroundSyncSupported } from './sync-support';
import { takeOrderFollower } from './order-followers';

/** Long enough to reach the button of a toast that offers a way on. */
const ACTION_TOAST_MS = 10_000;

/**
 * Placing an order, the same in the checkout page and when a queued order is replayed after a reload. Offline it
 * waits (kept across reloads) and is sent once the connection returns; its Idempotency-Key makes any repeat answer
 * the first order, and the server prices it and checks the stock again. The outcome is told wherever the shopper
 * is: the checkout page still open takes them on, elsewhere a toast offers the way (My Orders, or paying now). Orders
 * go one at a time.
 */
export const placeOrderMutation = mutationOptions<PlacedOrder, Error, PlaceOrderVariables>({
  mutationKey: PLACE_ORDER_MUTATION_KEY,
  scope: { id: 'place-order' },
  // Queued offline where the service worker can place it with the app closed: handed to it before the order waits.
  onMutate: async (variables) => {
    if (!variables.queuedOffline || !backgroundSyncSupported()) return;
    const { queueForBackgroundSync } = await import('./background-sync');
    await queueForBackgroundSync(variables).catch(() => undefined);
  },
  mutationFn: async (variables) => {
    // The order contract brings zod with it, which the first visit does without: loaded when an order is sent.
    const { sendOrder } = await import('../api');
    const send = () => sendOrder(variables);
    // Where the service worker may have placed it (or be placing it), the page sends it only under the shared claim.
    const placed = backgroundSyncSupported() ? await (await import('./background-sync')).placeOnce(variables.idempotencyKey, send) : await send();
    // The stock changed: the service worker's copies of product answers are stale.
    await forgetCachedProducts();
    return placed;
  },
  onSuccess: ({ order, url }, { payload, idempotencyKey, queuedOffline, from }, _context, { client }) => {
    const text = textsNow(checkoutText);
    const number = orderNumber(order._id);
    if (from === 'cart') removeLines(payload.items);
    void requestPersistentStorage();
    void client.invalidateQueries({ queryKey: ['orders'] });
    const follower = takeOrderFollower(idempotencyKey);
    if (url && follower && !queuedOffline) {
      notify.success(text.redirecting);
      follower.goToPayment(url);
    } else if (url) {
      notify.success(text.placedPayNow, {
        duration: Infinity,
        action: { label: text.payNow, onClick: () => window.location.assign(url) },
      });
      follower?.goToOrders(order._id);
    } else if (follower) {
      notify.success(text.placed(number));
      follower.goToOrders(order._id);
    } else {
      notify.success(text.placed(number), {
        duration: ACTION_TOAST_MS,
        action: { label: text.viewOrder, onClick: () => window.location.assign('/user/my-orders') },
      });
    }
  },
  onError: (error, { idempotencyKey }) => {
    notify.error(orderFailureMessage(error));
    takeOrderFollower(idempotencyKey)?.refused(error);
  },
});
