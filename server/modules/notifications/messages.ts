import { toLocaleDigits, type Locale } from '../../../contract/locale';
import { formatTakaPrecise } from '../../../contract/money';
import { UNPAID_ORDER_MINUTES } from '../../../contract/orders';
import type { AccountMessage } from '../../adapters/courier';
import { greetingName } from '../auth/messages';

/** What the customer is told about, one message each. */
export type OrderMessageKey =
  | 'placed'
  | 'placed-awaiting-payment'
  | 'paid'
  | 'shipped'
  | 'shipped-tracked'
  | 'delivered'
  | 'cancelled-by-customer'
  | 'cancelled-refund-requested'
  | 'cancelled-by-shop'
  | 'cancelled-by-shop-paid'
  | 'cancelled-unpaid'
  | 'cancelled-unconfirmed'
  | 'cancelled-returned'
  | 'refunded'
  | 'refund-rejected'
  | 'return-requested'
  | 'return-approved-courier'
  | 'return-approved-drop-off'
  | 'return-rejected'
  | 'return-received'
  | 'return-refunded';

/**
 * What a message may say about the order: its parcel's courier, code and the courier's tracking page once it ships.
 * `total` is the order's, or for a return's messages what the return pays back.
 */
export type OrderFacts = { number: string; total: number; link: string; tracking?: { courier: string; code: string; url: string | null } };

/** The courier and code as an SMS carries them: cut so the message keeps to one segment whatever was typed. */
const parcel = (facts: OrderFacts) => `${(facts.tracking?.courier ?? '').slice(0, 20)} ${(facts.tracking?.code ?? '').slice(0, 30)}`;
/** The courier's name and code in ASCII, else the SMS would go Unicode; a Bangla name typed by hand stays in the Bangla message. */
const asciiParcel = (facts: OrderFacts) =>
  parcel(facts)
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

type OrderMessageText = {
  subject: (facts: OrderFacts) => string;
  /** One or two sentences ending with the link; an SMS is this text after 'haat: '. */
  text: (facts: OrderFacts) => string;
};

/**
 * The amount in ASCII ('Tk 1,058'): the taka sign would make an SMS Unicode, which holds 70 characters a segment
 * instead of 160.
 */
const tk = (amount: number) => formatTakaPrecise(amount).replace('৳', 'Tk ');

/**
 * Every message a customer gets about an order, by what happened, in English. Each SMS (with a shop address of up to
 * 40 characters) fits one 160-character segment: messages.test.ts checks it.
 */
const ENGLISH: Record<OrderMessageKey, OrderMessageText> = {
  placed: {
    subject: ({ number }) => `We got your haat order #${number}`,
    text: ({ number, total, link }) => `We got your order #${number} (${tk(total)}, cash on delivery). Track it: ${link}`,
  },
  'placed-awaiting-payment': {
    subject: ({ number }) => `Pay for your haat order #${number}`,
    text: ({ number, total, link }) => `We got your order #${number} (${tk(total)}). Pay within ${UNPAID_ORDER_MINUTES} minutes to keep it: ${link}`,
  },
  paid: {
    subject: ({ number }) => `Payment received for your haat order #${number}`,
    text: ({ number, total, link }) => `We received ${tk(total)} for your order #${number}. Track it: ${link}`,
  },
  shipped: {
    subject: ({ number }) => `Your haat order #${number} is on its way`,
    text: ({ number, link }) => `Your order #${number} is on its way. Track it: ${link}`,
  },
  'shipped-tracked': {
    subject: ({ number }) => `Your haat order #${number} is on its way`,
    text: (facts) => `Order #${facts.number} is on its way: ${asciiParcel(facts)}. Track: ${facts.link}`,
  },
  delivered: {
    subject: ({ number }) => `Your haat order #${number} was delivered`,
    text: ({ number, link }) => `Your order #${number} was delivered. Thank you! Review your items: ${link}`,
  },
  'cancelled-by-customer': {
    subject: ({ number }) => `Your haat order #${number} is cancelled`,
    text: ({ number, link }) => `Your order #${number} is cancelled, as you asked. Details: ${link}`,
  },
  'cancelled-refund-requested': {
    subject: ({ number }) => `Your haat order #${number} is cancelled`,
    text: ({ number, link }) => `Order #${number} is cancelled and your refund is requested. We will tell you when it is paid back: ${link}`,
  },
  'cancelled-by-shop': {
    subject: ({ number }) => `Your haat order #${number} is cancelled`,
    text: ({ number, link }) => `Sorry, we had to cancel your order #${number}. Details: ${link}`,
  },
  'cancelled-by-shop-paid': {
    subject: ({ number }) => `Your haat order #${number} is cancelled`,
    text: ({ number, total, link }) => `Sorry, we had to cancel your order #${number}. Your ${tk(total)} will be paid back. Details: ${link}`,
  },
  'cancelled-unpaid': {
    subject: ({ number }) => `Your haat order #${number} is cancelled`,
    text: ({ number, link }) => `Your order #${number} is cancelled: it was not paid within ${UNPAID_ORDER_MINUTES} minutes. Details: ${link}`,
  },
  'cancelled-unconfirmed': {
    subject: ({ number }) => `Your haat order #${number} is cancelled`,
    text: ({ number, link }) => `Your cash order #${number} is cancelled: it was not confirmed in time. Details: ${link}`,
  },
  'cancelled-returned': {
    subject: ({ number }) => `Your haat order #${number} is cancelled`,
    text: ({ number, link }) => `Your order #${number} came back to us undelivered, so it is cancelled. Details: ${link}`,
  },
  refunded: {
    subject: ({ number }) => `Your haat order #${number} is refunded`,
    text: ({ number, total, link }) => `We paid back ${tk(total)} for your order #${number}. Details: ${link}`,
  },
  'refund-rejected': {
    subject: ({ number }) => `Your refund request for haat order #${number}`,
    text: ({ number, link }) => `We could not approve the refund of your order #${number}. Why, and what next: ${link}`,
  },
  'return-requested': {
    subject: ({ number }) => `Your return of haat order #${number}`,
    text: ({ number, link }) => `We got your return request for order #${number}. We will tell you what we decide: ${link}`,
  },
  'return-approved-courier': {
    subject: ({ number }) => `Your return of haat order #${number} is approved`,
    text: ({ number, link }) => `Return of order #${number} approved: our courier will collect the items. Details: ${link}`,
  },
  'return-approved-drop-off': {
    subject: ({ number }) => `Your return of haat order #${number} is approved`,
    text: ({ number, link }) => `Return of order #${number} approved: please bring the items to our shop. Details: ${link}`,
  },
  'return-rejected': {
    subject: ({ number }) => `Your return of haat order #${number}`,
    text: ({ number, link }) => `We could not approve the return of your order #${number}. Why: ${link}`,
  },
  'return-received': {
    subject: ({ number }) => `We got your returned items of haat order #${number}`,
    text: ({ number, total, link }) => `We got the items returned from order #${number}. We will pay back ${tk(total)} next: ${link}`,
  },
  'return-refunded': {
    subject: ({ number }) => `Your return of haat order #${number} is refunded`,
    text: ({ number, total, link }) => `We paid back ${tk(total)} for your return of order #${number}. Details: ${link}`,
  },
};

/** Amounts in Bangla digits ('৳১,০৫৮'); the order number stays as it is everywhere ('#3840ab'). Bangla makes an SMS Unicode anyway. */
const bnTaka = (amount: number) => formatTakaPrecise(amount, 'bn');
const bnMinutes = toLocaleDigits(String(UNPAID_ORDER_MINUTES), 'bn');

/**
 * The same messages in Bangla. A Unicode SMS holds 70 characters a segment (67 in a long message): each fits three
 * segments with a 40-character shop address (messages.test.ts checks it).
 */
const BANGLA: Record<OrderMessageKey, OrderMessageText> = {
  placed: {
    subject: ({ number }) => `হাট অর্ডার #${number} পেয়েছি`,
    text: ({ number, total, link }) => `অর্ডার #${number} (${bnTaka(total)}, ক্যাশ অন ডেলিভারি) পেয়েছি। ট্র্যাক করুন: ${link}`,
  },
  'placed-awaiting-payment': {
    subject: ({ number }) => `হাট অর্ডার #${number}-এর টাকা পরিশোধ করুন`,
    text: ({ number, total, link }) => `অর্ডার #${number} (${bnTaka(total)}) রাখতে ${bnMinutes} মিনিটের মধ্যে পরিশোধ করুন: ${link}`,
  },
  paid: {
    subject: ({ number }) => `হাট অর্ডার #${number}-এর টাকা পেয়েছি`,
    text: ({ number, total, link }) => `অর্ডার #${number}-এর ${bnTaka(total)} পেয়েছি। ট্র্যাক করুন: ${link}`,
  },
  shipped: {
    subject: ({ number }) => `হাট অর্ডার #${number} পাঠানো হয়েছে`,
    text: ({ number, link }) => `আপনার অর্ডার #${number} পথে আছে। ট্র্যাক করুন: ${link}`,
  },
  'shipped-tracked': {
    subject: ({ number }) => `হাট অর্ডার #${number} পাঠানো হয়েছে`,
    text: (facts) => `অর্ডার #${facts.number} পথে আছে: ${parcel(facts)}। ট্র্যাক করুন: ${facts.link}`,
  },
  delivered: {
    subject: ({ number }) => `হাট অর্ডার #${number} পৌঁছে গেছে`,
    text: ({ number, link }) => `অর্ডার #${number} পৌঁছে গেছে। ধন্যবাদ! রিভিউ দিন: ${link}`,
  },
  'cancelled-by-customer': {
    subject: ({ number }) => `হাট অর্ডার #${number} বাতিল হয়েছে`,
    text: ({ number, link }) => `আপনার কথামতো অর্ডার #${number} বাতিল হয়েছে। বিস্তারিত: ${link}`,
  },
  'cancelled-refund-requested': {
    subject: ({ number }) => `হাট অর্ডার #${number} বাতিল হয়েছে`,
    text: ({ number, link }) => `অর্ডার #${number} বাতিল, রিফান্ডের অনুরোধ জমা হয়েছে। টাকা ফেরত দিলে জানাব: ${link}`,
  },
  'cancelled-by-shop': {
    subject: ({ number }) => `হাট অর্ডার #${number} বাতিল হয়েছে`,
    text: ({ number, link }) => `দুঃখিত, অর্ডার #${number} আমাদের বাতিল করতে হয়েছে। বিস্তারিত: ${link}`,
  },
  'cancelled-by-shop-paid': {
    subject: ({ number }) => `হাট অর্ডার #${number} বাতিল হয়েছে`,
    text: ({ number, total, link }) => `দুঃখিত, অর্ডার #${number} বাতিল করতে হয়েছে। আপনার ${bnTaka(total)} ফেরত দেওয়া হবে: ${link}`,
  },
  'cancelled-unpaid': {
    subject: ({ number }) => `হাট অর্ডার #${number} বাতিল হয়েছে`,
    text: ({ number, link }) => `${bnMinutes} মিনিটে পরিশোধ না হওয়ায় অর্ডার #${number} বাতিল হয়েছে। বিস্তারিত: ${link}`,
  },
  'cancelled-unconfirmed': {
    subject: ({ number }) => `হাট অর্ডার #${number} বাতিল হয়েছে`,
    text: ({ number, link }) => `সময়মতো নিশ্চিত না হওয়ায় ক্যাশ অর্ডার #${number} বাতিল হয়েছে। বিস্তারিত: ${link}`,
  },
  'cancelled-returned': {
    subject: ({ number }) => `হাট অর্ডার #${number} বাতিল হয়েছে`,
    text: ({ number, link }) => `অর্ডার #${number} পৌঁছে দেওয়া যায়নি, পার্সেল ফেরত এসেছে, তাই বাতিল হয়েছে। বিস্তারিত: ${link}`,
  },
  refunded: {
    subject: ({ number }) => `হাট অর্ডার #${number}-এর টাকা ফেরত দেওয়া হয়েছে`,
    text: ({ number, total, link }) => `অর্ডার #${number}-এর ${bnTaka(total)} ফেরত দিয়েছি। বিস্তারিত: ${link}`,
  },
  'refund-rejected': {
    subject: ({ number }) => `হাট অর্ডার #${number}-এর রিফান্ড অনুরোধ`,
    text: ({ number, link }) => `অর্ডার #${number}-এর রিফান্ড অনুমোদন করা যায়নি। কারণ ও করণীয়: ${link}`,
  },
  'return-requested': {
    subject: ({ number }) => `হাট অর্ডার #${number} ফেরতের অনুরোধ`,
    text: ({ number, link }) => `অর্ডার #${number}-এর পণ্য ফেরতের অনুরোধ পেয়েছি। সিদ্ধান্ত জানাব: ${link}`,
  },
  'return-approved-courier': {
    subject: ({ number }) => `হাট অর্ডার #${number} ফেরত অনুমোদিত`,
    text: ({ number, link }) => `অর্ডার #${number} ফেরত অনুমোদিত। আমাদের কুরিয়ার পণ্য নিয়ে আসবে, গুছিয়ে রাখুন। বিস্তারিত: ${link}`,
  },
  'return-approved-drop-off': {
    subject: ({ number }) => `হাট অর্ডার #${number} ফেরত অনুমোদিত`,
    text: ({ number, link }) => `অর্ডার #${number} ফেরত অনুমোদিত। পণ্যগুলো আমাদের দোকানে দিয়ে যান। বিস্তারিত: ${link}`,
  },
  'return-rejected': {
    subject: ({ number }) => `হাট অর্ডার #${number} ফেরতের অনুরোধ`,
    text: ({ number, link }) => `অর্ডার #${number} ফেরতের অনুরোধ অনুমোদন করা যায়নি। কারণ: ${link}`,
  },
  'return-received': {
    subject: ({ number }) => `হাট অর্ডার #${number}-এর ফেরত পণ্য পেয়েছি`,
    text: ({ number, total, link }) => `অর্ডার #${number}-এর ফেরত পণ্য পেয়েছি। এরপর ${bnTaka(total)} ফেরত দেব: ${link}`,
  },
  'return-refunded': {
    subject: ({ number }) => `হাট অর্ডার #${number} ফেরতের টাকা দেওয়া হয়েছে`,
    text: ({ number, total, link }) => `অর্ডার #${number}-এর ফেরত পণ্যের ${bnTaka(total)} ফেরত দিয়েছি। বিস্তারিত: ${link}`,
  },
};

export const ORDER_MESSAGES: Record<Locale, Record<OrderMessageKey, OrderMessageText>> = { en: ENGLISH, bn: BANGLA };

/** The shop's name and greeting in each language. */
const SIGNATURE: Record<Locale, { sms: string; hello: (name: string) => string; shop: string }> = {
  en: { sms: 'haat: ', hello: (name) => `Hello ${name},`, shop: 'haat' },
  bn: { sms: 'হাট: ', hello: (name) => `প্রিয় ${name},`, shop: 'হাট' },
};

/** The SMS: the text alone, named as the shop's, in the language the customer shopped in. */
export function orderSms(key: OrderMessageKey, facts: OrderFacts, locale: Locale = 'en'): string {
  return `${SIGNATURE[locale].sms}${ORDER_MESSAGES[locale][key].text(facts)}`;
}

/** The email: the subject, and the text greeting the customer by name. */
export function orderEmail(key: OrderMessageKey, facts: OrderFacts, name: string, locale: Locale = 'en'): AccountMessage {
  const message = ORDER_MESSAGES[locale][key];
  const { hello, shop } = SIGNATURE[locale];
  // An email has room for the courier's own tracking page beside the shop's.
  const courierPage = facts.tracking?.url ? `\n\n${facts.tracking.courier}: ${facts.tracking.url}` : '';
  return { subject: message.subject(facts), text: `${hello(greetingName(name))}\n\n${message.text(facts)}${courierPage}\n\n${shop}` };
}
