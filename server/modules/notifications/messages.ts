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
  | 'delivered'
  | 'cancelled-by-customer'
  | 'cancelled-refund-requested'
  | 'cancelled-by-shop'
  | 'cancelled-by-shop-paid'
  | 'cancelled-unpaid'
  | 'refunded'
  | 'refund-rejected';

/** What a message may say about the order. */
export type OrderFacts = { number: string; total: number; link: string };

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
 * Every message a customer gets about an order, by what happened. English; a Bangla table comes beside it. Each SMS
 * (with a shop address of up to 40 characters) fits one 160-character segment: messages.test.ts checks it.
 */
export const ORDER_MESSAGES: Record<OrderMessageKey, OrderMessageText> = {
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
  refunded: {
    subject: ({ number }) => `Your haat order #${number} is refunded`,
    text: ({ number, total, link }) => `We paid back ${tk(total)} for your order #${number}. Details: ${link}`,
  },
  'refund-rejected': {
    subject: ({ number }) => `Your refund request for haat order #${number}`,
    text: ({ number, link }) => `We could not approve the refund of your order #${number}. Why, and what next: ${link}`,
  },
};

/** The SMS: the text alone, named as the shop's. */
export function orderSms(key: OrderMessageKey, facts: OrderFacts): string {
  return `haat: ${ORDER_MESSAGES[key].text(facts)}`;
}

/** The email: the subject, and the text greeting the customer by name. */
export function orderEmail(key: OrderMessageKey, facts: OrderFacts, name: string): AccountMessage {
  const message = ORDER_MESSAGES[key];
  return { subject: message.subject(facts), text: `Hello ${greetingName(name)},\n\n${message.text(facts)}\n\nhaat` };
}
