import { IDEMPOTENCY_HEADER, type PlacedOrder } from '@contract/orders';
import { currentLocale, textsNow } from '@/i18n/messages';
import { ApiError } from '@/lib/api';
import {
  claimQueuedOrder,
  PLACE_QUEUED_ORDERS_TAG,
  queuedOrderTexts,
  releaseQueuedOrder,
  removeQueuedOrder,
  saveQueuedOrder,
  type Claim,
} from '@/lib/queued-orders';
import { session } from '@/lib/session';
import { orderUpdatesText } from '@/messages/order-updates';
import type { PlaceOrderVariables } from '../api';

/** Background Sync's part of a registration (Chromium); the DOM's types leave it out. */
type SyncRegistration = ServiceWorkerRegistration & { sync: { register: (tag: string) => Promise<void> } };

/**
 * An order queued offline is also handed to the service worker: saved where it can read it (with its request and the
 * texts of its notification in the shopper's language) and registered for the sync the browser fires when the
 * connection returns, also after the app was closed. The worker asks the refresh cookie for an access token then.
 */
export async function queueForBackgroundSync({ payload, idempotencyKey }: PlaceOrderVariables): Promise<void> {
  const worker = await navigator.serviceWorker.getRegistration();
  const userId = session.get().user?._id;
  if (!worker?.active || !userId) return;
  await saveQueuedOrder({
    idempotencyKey,
    userId,
    body: JSON.stringify(payload),
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    locale: currentLocale(),
    texts: queuedOrderTexts(textsNow(orderUpdatesText)),
    queuedAt: Date.now(),
    state: 'queued',
  });
  await (worker as SyncRegistration).sync.register(PLACE_QUEUED_ORDERS_TAG);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The page's replay of a queued order, under the claim it shares with the service worker: an order the worker placed
 * or had refused is taken from its outcome without being sent; one the worker is sending is waited for; else the page
 * claims and sends it. An order that was never handed to the worker is simply sent.
 */
export async function placeOnce(idempotencyKey: string, send: () => Promise<PlacedOrder>): Promise<PlacedOrder> {
  for (;;) {
    const claim: Claim = await claimQueuedOrder(idempotencyKey, 'page').catch((): Claim => ({ kind: 'none' }));
    switch (claim.kind) {
      case 'none':
        return send();
      case 'placed':
        await removeQueuedOrder(idempotencyKey);
        return claim.order.placed as PlacedOrder;
      case 'refused': {
        await removeQueuedOrder(idempotencyKey);
        const refusal = claim.order.refusal ?? { message: 'Request failed', status: 400 };
        // With its code, the page says the worker's refusal in the shopper's language, as it would its own.
        throw new ApiError(refusal.message, refusal.status, undefined, true, refusal.code, refusal.values);
      }
      case 'busy':
        await pause(Math.min(1000, Math.max(100, claim.until - Date.now())));
        break;
      case 'yours':
        try {
          const placed = await send();
          await removeQueuedOrder(idempotencyKey);
          return placed;
        } catch (error) {
          // Lost on the way: it waits again, for the next of the page's tries or the worker's sync.
          if (error instanceof ApiError && error.isNetworkError) await releaseQueuedOrder(idempotencyKey, 'page');
          else await removeQueuedOrder(idempotencyKey);
          throw error;
        }
    }
  }
}
