import { toLocaleDigits, type Locale } from '../../../contract/locale';
import { formatTakaPrecise } from '../../../contract/money';
import { UNPAID_ORDER_MINUTES } from '../../../contract/orders';
import type { PushOptions } from '../../adapters/web-push';
import type { OrderMessageKey } from './messages';

/** What a notification may say about the order. */
export type PushFacts = { number: string; total: number; tracking?: { courier: string; code: string } };
export type PushText = { title: string; body: string };

/**
 * The push notification each event shows on the customer's devices: a short title and one sentence (phones show
 * about 40 and 100 characters of them), in English and in Bangla.
 */
const ENGLISH: Record<OrderMessageKey, (facts: PushFacts) => PushText> = {
  placed: ({ number, total }) => ({ title: `Order #${number} placed`, body: `We got your order (${formatTakaPrecise(total)}, cash on delivery).` }),
  'placed-awaiting-payment': ({ number, total }) => ({
    title: `Pay for order #${number}`,
    body: `Pay ${formatTakaPrecise(total)} within ${UNPAID_ORDER_MINUTES} minutes to keep your order.`,
  }),
  paid: ({ number, total }) => ({ title: `Order #${number} paid`, body: `We received ${formatTakaPrecise(total)}. We will tell you when it ships.` }),
  shipped: ({ number }) => ({ title: `Order #${number} is on its way`, body: 'Your order has left the shop.' }),
  'shipped-tracked': ({ number, tracking }) => ({
    title: `Order #${number} is on its way`,
    body: `With ${tracking?.courier}, tracking code ${tracking?.code}.`,
  }),
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
  'cancelled-unconfirmed': ({ number }) => ({ title: `Order #${number} cancelled`, body: 'The cash order was not confirmed in time.' }),
  'cancelled-returned': ({ number }) => ({ title: `Order #${number} cancelled`, body: 'The parcel came back to us undelivered.' }),
  refunded: ({ number, total }) => ({ title: `Order #${number} refunded`, body: `We paid back ${formatTakaPrecise(total)}.` }),
  'refund-rejected': ({ number }) => ({ title: `Refund of order #${number} not approved`, body: 'Tap to see why, and what you can do next.' }),
  'return-requested': ({ number }) => ({ title: `Return of order #${number} asked`, body: 'We will tell you what we decide.' }),
  'return-approved-courier': ({ number }) => ({ title: `Return of order #${number} approved`, body: 'Our courier will collect the items: keep them packed.' }),
  'return-approved-drop-off': ({ number }) => ({ title: `Return of order #${number} approved`, body: 'Please bring the items to our shop.' }),
  'return-rejected': ({ number }) => ({ title: `Return of order #${number} not approved`, body: 'Tap to see why.' }),
  'return-received': ({ number, total }) => ({
    title: `Returned items of order #${number} received`,
    body: `Your ${formatTakaPrecise(total)} will be paid back next.`,
  }),
  'return-refunded': ({ number, total }) => ({ title: `Return of order #${number} refunded`, body: `We paid back ${formatTakaPrecise(total)}.` }),
};

const bnTaka = (amount: number) => formatTakaPrecise(amount, 'bn');
const bnMinutes = toLocaleDigits(String(UNPAID_ORDER_MINUTES), 'bn');

const BANGLA: Record<OrderMessageKey, (facts: PushFacts) => PushText> = {
  placed: ({ number, total }) => ({ title: `অর্ডার #${number} হয়েছে`, body: `আপনার অর্ডার পেয়েছি (${bnTaka(total)}, ক্যাশ অন ডেলিভারি)।` }),
  'placed-awaiting-payment': ({ number, total }) => ({
    title: `অর্ডার #${number}-এর টাকা পরিশোধ করুন`,
    body: `অর্ডার রাখতে ${bnMinutes} মিনিটের মধ্যে ${bnTaka(total)} পরিশোধ করুন।`,
  }),
  paid: ({ number, total }) => ({ title: `অর্ডার #${number}-এর টাকা পেয়েছি`, body: `${bnTaka(total)} পেয়েছি। পাঠানোর সময় জানাব।` }),
  shipped: ({ number }) => ({ title: `অর্ডার #${number} পথে আছে`, body: 'আপনার অর্ডার দোকান থেকে রওনা হয়েছে।' }),
  'shipped-tracked': ({ number, tracking }) => ({ title: `অর্ডার #${number} পথে আছে`, body: `${tracking?.courier}, ট্র্যাকিং কোড ${tracking?.code}।` }),
  delivered: ({ number }) => ({ title: `অর্ডার #${number} পৌঁছে গেছে`, body: 'ধন্যবাদ! পণ্যের রিভিউ দিতে চাপুন।' }),
  'cancelled-by-customer': ({ number }) => ({ title: `অর্ডার #${number} বাতিল`, body: 'আপনার কথামতো অর্ডার বাতিল হয়েছে।' }),
  'cancelled-refund-requested': ({ number }) => ({
    title: `অর্ডার #${number} বাতিল`,
    body: 'রিফান্ডের অনুরোধ জমা হয়েছে। টাকা ফেরত দিলে জানাব।',
  }),
  'cancelled-by-shop': ({ number }) => ({ title: `অর্ডার #${number} বাতিল`, body: 'দুঃখিত, আপনার অর্ডার আমাদের বাতিল করতে হয়েছে।' }),
  'cancelled-by-shop-paid': ({ number, total }) => ({
    title: `অর্ডার #${number} বাতিল`,
    body: `দুঃখিত, অর্ডার বাতিল করতে হয়েছে। আপনার ${bnTaka(total)} ফেরত দেওয়া হবে।`,
  }),
  'cancelled-unpaid': ({ number }) => ({ title: `অর্ডার #${number} বাতিল`, body: `${bnMinutes} মিনিটের মধ্যে পরিশোধ হয়নি।` }),
  'cancelled-unconfirmed': ({ number }) => ({ title: `অর্ডার #${number} বাতিল`, body: 'ক্যাশ অর্ডারটি সময়মতো নিশ্চিত করা হয়নি।' }),
  'cancelled-returned': ({ number }) => ({ title: `অর্ডার #${number} বাতিল`, body: 'পার্সেলটি পৌঁছে দেওয়া যায়নি, ফেরত এসেছে।' }),
  refunded: ({ number, total }) => ({ title: `অর্ডার #${number}-এর টাকা ফেরত`, body: `${bnTaka(total)} ফেরত দিয়েছি।` }),
  'refund-rejected': ({ number }) => ({ title: `অর্ডার #${number}-এর রিফান্ড অনুমোদন হয়নি`, body: 'কারণ ও করণীয় দেখতে চাপুন।' }),
  'return-requested': ({ number }) => ({ title: `অর্ডার #${number} ফেরতের অনুরোধ`, body: 'সিদ্ধান্ত জানাব।' }),
  'return-approved-courier': ({ number }) => ({ title: `অর্ডার #${number} ফেরত অনুমোদিত`, body: 'আমাদের কুরিয়ার পণ্য নিয়ে আসবে, গুছিয়ে রাখুন।' }),
  'return-approved-drop-off': ({ number }) => ({ title: `অর্ডার #${number} ফেরত অনুমোদিত`, body: 'পণ্যগুলো আমাদের দোকানে দিয়ে যান।' }),
  'return-rejected': ({ number }) => ({ title: `অর্ডার #${number} ফেরত অনুমোদন হয়নি`, body: 'কারণ দেখতে চাপুন।' }),
  'return-received': ({ number, total }) => ({ title: `অর্ডার #${number}-এর ফেরত পণ্য পেয়েছি`, body: `এরপর ${bnTaka(total)} ফেরত দেব।` }),
  'return-refunded': ({ number, total }) => ({ title: `অর্ডার #${number} ফেরতের টাকা`, body: `${bnTaka(total)} ফেরত দিয়েছি।` }),
};

export const ORDER_PUSH_MESSAGES: Record<Locale, Record<OrderMessageKey, (facts: PushFacts) => PushText>> = { en: ENGLISH, bn: BANGLA };

const HOUR_SECONDS = 60 * 60;

/**
 * How long a push service keeps the notification for a phone that is off, and how eagerly it wakes one on battery
 * saving. A request to pay is worth nothing once the order is released; the rest stays news for a few days.
 */
export function pushDelivery(key: OrderMessageKey): Pick<PushOptions, 'ttlSeconds' | 'urgency'> {
  if (key === 'placed-awaiting-payment') return { ttlSeconds: UNPAID_ORDER_MINUTES * 60, urgency: 'high' };
  return { ttlSeconds: 3 * 24 * HOUR_SECONDS, urgency: 'normal' };
}

/** An owner's alert is news for a day: an order to pack, or this morning's summary. */
export const ownerPushDelivery: Pick<PushOptions, 'ttlSeconds' | 'urgency'> = { ttlSeconds: 24 * HOUR_SECONDS, urgency: 'normal' };
