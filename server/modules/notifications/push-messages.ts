import { formatTakaPrecise } from '../../../contract/money';
import { UNPAID_ORDER_MINUTES } from '../../../contract/orders';
import type { PushOptions } from '../../adapters/web-push';
import type { OrderMessageKey } from './messages';

/** What a notification may say about the order. */
export type PushFacts = { number: string; total: number };
export type PushText = { title: string; body: string };

/**
 * The push notification each event shows on the customer's devices: a short title and one sentence (phones show
 * about 40 and 100 characters of them). English; a Bangla table comes beside it, with the same keys.
 */
export const ORDER_PUSH_MESSAGES: Record<OrderMessageKey, (facts: PushFacts) => PushText> = {
  placed: ({ number, total }) => ({ title: `Order #${number} placed`, body: `We got your order (${formatTakaPrecise(total)}, cash on delivery).` }),
  'placed-awaiting-payment': ({ number, total }) => ({
    title: `Pay for order #${number}`,
    body: `Pay ${formatTakaPrecise(total)} within ${UNPAID_ORDER_MINUTES} minutes to keep your order.`,
  }),
  paid: ({ number, total }) => ({ title: `Order #${number} paid`, body: `We received ${formatTakaPrecise(total)}. We will tell you when it ships.` }),
  shipped: ({ number }) => ({ title: `Order #${number} is on its way`, body: 'Your order has left the shop.' }),
  delivered: ({ number }) => ({ title: `Order #${number} delivered`, body: 'Thank you! Tap to review your items.' }),
  'cancelled-by-customer': ({ number }) => ({ title: `Order #${number} cancelled`, body: 'Your order is cancelled, as you asked.' }),
  'cancelled-refund-requested': ({ number }) => ({
    title: `Order #${number} cancelled`,
    body: 'Your refund is requested. We will tell you when it is paid back.',
  }),
  'cancelled-by-shop': ({ number }) => ({ title: `Order #${number} cancelled`, body: 'Sorry, we had to cancel your order.' }),
  'cancelled-by-shop-paid': ({ number, total }) => ({
    title: `Order #${number} cancelled`,
    body: `Sorry, we had to cancel your order. Your ${formatTakaPrecise(total)} will be paid back.`,
  }),
  'cancelled-unpaid': ({ number }) => ({
    title: `Order #${number} cancelled`,
    body: `It was not paid within ${UNPAID_ORDER_MINUTES} minutes.`,
  }),
  refunded: ({ number, total }) => ({ title: `Order #${number} refunded`, body: `We paid back ${formatTakaPrecise(total)}.` }),
  'refund-rejected': ({ number }) => ({ title: `Refund of order #${number} not approved`, body: 'Tap to see why, and what you can do next.' }),
};

const HOUR_SECONDS = 60 * 60;

/**
 * How long a push service keeps the notification for a phone that is off, and how eagerly it wakes one on battery
 * saving. A request to pay is worth nothing once the order is released; the rest stays news for a few days.
 */
export function pushDelivery(key: OrderMessageKey): Pick<PushOptions, 'ttlSeconds' | 'urgency'> {
  if (key === 'placed-awaiting-payment') return { ttlSeconds: UNPAID_ORDER_MINUTES * 60, urgency: 'high' };
  return { ttlSeconds: 3 * 24 * HOUR_SECONDS, urgency: 'normal' };
}
