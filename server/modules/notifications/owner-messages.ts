import { toLocaleDigits, type Locale } from '../../../contract/locale';
import { formatTakaPrecise } from '../../../contract/money';
import type { PaymentMethod } from '../../../contract/orders';
import type { AccountMessage } from '../../adapters/courier';
import type { PushText } from './push-messages';

/** What the shop's own people are told, beside the customer's messages in `customer_messages`. */
export const OWNER_ALERT_KINDS = ['owner-new-order', 'morning-summary'] as const;
export type OwnerAlertKind = (typeof OWNER_ALERT_KINDS)[number];
export const isOwnerAlert = (kind: string): kind is OwnerAlertKind => (OWNER_ALERT_KINDS as readonly string[]).includes(kind);

/** The lines an alert lists at most; the rest are counted. */
export const ALERT_LINES_SHOWN = 10;

/**
 * What an owner is told of a new order. An admin's alert is of the whole order; a seller's of their own lines only
 * (`items`, `total` and `lines` theirs), without the customer's name: they pack what the shop ships.
 */
export type NewOrderFacts = {
  number: string;
  /** Pieces: the lines' quantities summed. */
  items: number;
  total: number;
  paymentMethod: PaymentMethod;
  /** A cash order still waiting for the customer's code or the shop's call. */
  awaitingConfirmation: boolean;
  district: string;
  /** The customer's name, for an admin only. */
  customerName: string | null;
  lines: { name: string; quantity: number }[];
  /** The lines not listed. */
  moreLines: number;
  /** The order in the back office: the admin's order page, the seller's orders. */
  link: string;
  seller: boolean;
};

/** What waits for the shop this morning: counts, each from one bounded query. */
export type SummaryCounts = {
  /** Cash orders waiting for the customer's code or the shop's call. */
  awaitingConfirmation: number;
  /** Pending orders the shop can accept: cash confirmed or needing no confirmation, or paid online. */
  toAccept: number;
  /** Processing orders not yet shipped. */
  toShip: number;
  /** Refund requests waiting for a decision. */
  refundRequests: number;
  /** Returns to decide, or approved and waiting for their parcel. */
  returns: number;
  /** Products (or variants) with stock at or below the low-stock mark. */
  lowStock: number;
};

const PAYMENT: Record<Locale, Record<PaymentMethod, string>> = {
  en: { cash: 'cash on delivery', 'mobile-banking': 'paid by mobile banking', ssl: 'paid by card' },
  bn: { cash: 'ক্যাশ অন ডেলিভারি', 'mobile-banking': 'মোবাইল ব্যাংকিংয়ে পরিশোধিত', ssl: 'কার্ডে পরিশোধিত' },
};

const count = (n: number, locale: Locale) => toLocaleDigits(String(n), locale);
const taka = (amount: number, locale: Locale) => formatTakaPrecise(amount, locale);

type OwnerTexts = {
  newOrderSubject: (f: NewOrderFacts) => string;
  newOrderHead: (f: NewOrderFacts) => string;
  awaiting: string;
  customer: (name: string) => string;
  district: (district: string) => string;
  more: (n: number) => string;
  open: string;
  newOrderPush: (f: NewOrderFacts) => PushText;
  summarySubject: string;
  summaryLines: (c: SummaryCounts) => string[];
  summaryPush: (c: SummaryCounts) => PushText;
  nothingWaits: string;
  turnOff: string;
};

const ENGLISH: OwnerTexts = {
  newOrderSubject: (f) => `New order #${f.number}: ${taka(f.total, 'en')}`,
  newOrderHead: (f) =>
    `${f.seller ? `New order #${f.number} with your products` : `New order #${f.number}`}: ${f.items} ${f.items === 1 ? 'item' : 'items'}, ${taka(f.total, 'en')}${f.seller ? ' (your lines)' : ''}, ${PAYMENT.en[f.paymentMethod]}.`,
  awaiting: 'It waits for the customer to confirm (code by SMS) or for your call.',
  customer: (name) => `Customer: ${name}`,
  district: (district) => `Delivery to: ${district}`,
  more: (n) => `and ${n} more ${n === 1 ? 'line' : 'lines'}`,
  open: 'Open it',
  newOrderPush: (f) => ({
    title: `New order #${f.number}`,
    body: `${f.items} ${f.items === 1 ? 'item' : 'items'}, ${taka(f.total, 'en')}, ${PAYMENT.en[f.paymentMethod]}${f.awaitingConfirmation ? ' (awaits confirmation)' : ''}.`,
  }),
  summarySubject: 'haat this morning: what waits',
  summaryLines: (c) => [
    `Cash orders awaiting confirmation: ${c.awaitingConfirmation}`,
    `Orders to accept: ${c.toAccept}`,
    `Processing orders not yet shipped: ${c.toShip}`,
    `Refund requests to decide: ${c.refundRequests}`,
    `Returns to decide or receive: ${c.returns}`,
    `Products low on stock: ${c.lowStock}`,
  ],
  summaryPush: (c) => ({
    title: 'What waits this morning',
    body: `${c.awaitingConfirmation} to confirm, ${c.toAccept} to accept, ${c.toShip} to ship, ${c.refundRequests} refunds, ${c.returns} returns, ${c.lowStock} low on stock.`,
  }),
  nothingWaits: 'Nothing waits: a good morning.',
  turnOff: 'You get this because your order alerts are on (the switch on the Orders screen of the back office).',
};

const BANGLA: OwnerTexts = {
  newOrderSubject: (f) => `নতুন অর্ডার #${f.number}: ${taka(f.total, 'bn')}`,
  newOrderHead: (f) =>
    `${f.seller ? `আপনার পণ্যসহ নতুন অর্ডার #${f.number}` : `নতুন অর্ডার #${f.number}`}: ${count(f.items, 'bn')}টি পণ্য, ${taka(f.total, 'bn')}${f.seller ? ' (আপনার অংশ)' : ''}, ${PAYMENT.bn[f.paymentMethod]}।`,
  awaiting: 'গ্রাহকের নিশ্চিতকরণ (এসএমএস কোড) বা আপনার ফোনের অপেক্ষায় আছে।',
  customer: (name) => `গ্রাহক: ${name}`,
  district: (district) => `ডেলিভারি: ${district}`,
  more: (n) => `আরও ${count(n, 'bn')}টি লাইন`,
  open: 'খুলুন',
  newOrderPush: (f) => ({
    title: `নতুন অর্ডার #${f.number}`,
    body: `${count(f.items, 'bn')}টি পণ্য, ${taka(f.total, 'bn')}, ${PAYMENT.bn[f.paymentMethod]}${f.awaitingConfirmation ? ' (নিশ্চিতকরণের অপেক্ষায়)' : ''}।`,
  }),
  summarySubject: 'হাট আজ সকালে: যা অপেক্ষায় আছে',
  summaryLines: (c) => [
    `নিশ্চিতকরণের অপেক্ষায় ক্যাশ অর্ডার: ${count(c.awaitingConfirmation, 'bn')}`,
    `গ্রহণের অপেক্ষায় অর্ডার: ${count(c.toAccept, 'bn')}`,
    `প্রসেসিংয়ে, এখনও পাঠানো হয়নি: ${count(c.toShip, 'bn')}`,
    `সিদ্ধান্তের অপেক্ষায় রিফান্ড অনুরোধ: ${count(c.refundRequests, 'bn')}`,
    `সিদ্ধান্ত বা পার্সেলের অপেক্ষায় ফেরত: ${count(c.returns, 'bn')}`,
    `স্টক কম এমন পণ্য: ${count(c.lowStock, 'bn')}`,
  ],
  summaryPush: (c) => ({
    title: 'আজ সকালে যা অপেক্ষায় আছে',
    body: `নিশ্চিত করতে ${count(c.awaitingConfirmation, 'bn')}, গ্রহণ করতে ${count(c.toAccept, 'bn')}, পাঠাতে ${count(c.toShip, 'bn')}, রিফান্ড ${count(c.refundRequests, 'bn')}, ফেরত ${count(c.returns, 'bn')}, স্টক কম ${count(c.lowStock, 'bn')}।`,
  }),
  nothingWaits: 'কিছুই অপেক্ষায় নেই: শুভ সকাল।',
  turnOff: 'অর্ডারের খবর চালু আছে বলে এটি পাচ্ছেন (ব্যাক অফিসের অর্ডার পাতায় সুইচটি আছে)।',
};

const OWNER_TEXTS: Record<Locale, OwnerTexts> = { en: ENGLISH, bn: BANGLA };

/** The email of a new order: the order's number, pieces, total, payment, the lines and the back office's link. */
export function newOrderEmail(facts: NewOrderFacts, locale: Locale): AccountMessage {
  const t = OWNER_TEXTS[locale];
  const lines = facts.lines.map((line) => `- ${line.name} × ${count(line.quantity, locale)}`);
  if (facts.moreLines > 0) lines.push(`- ${t.more(facts.moreLines)}`);
  const about = [facts.customerName ? t.customer(facts.customerName) : null, t.district(facts.district)].filter(Boolean);
  const paragraphs = [
    [t.newOrderHead(facts), facts.awaitingConfirmation ? t.awaiting : null].filter(Boolean).join(' '),
    lines.join('\n'),
    about.join('\n'),
    `${t.open}: ${facts.link}`,
    t.turnOff,
  ];
  return { subject: t.newOrderSubject(facts), text: paragraphs.join('\n\n') };
}

export const newOrderPush = (facts: NewOrderFacts, locale: Locale): PushText => OWNER_TEXTS[locale].newOrderPush(facts);

/** The morning summary's email: one line a count, and the back office's link. */
export function summaryEmail(counts: SummaryCounts, link: string, locale: Locale): AccountMessage {
  const t = OWNER_TEXTS[locale];
  const nothing = Object.values(counts).every((n) => n === 0);
  const paragraphs = [nothing ? t.nothingWaits : t.summaryLines(counts).join('\n'), `${t.open}: ${link}`, t.turnOff];
  return { subject: t.summarySubject, text: paragraphs.join('\n\n') };
}

export const summaryPush = (counts: SummaryCounts, locale: Locale): PushText => OWNER_TEXTS[locale].summaryPush(counts);
