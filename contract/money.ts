/**
 * Money. Amounts travel and are shown in taka; they are added, multiplied and rounded in whole poisha
 * (1 ৳ = 100 poisha), so 849.15 × 3 is 2547.45 and not 2547.4500000000003. Rounding is to the nearest poisha or
 * taka, halves up. Free of zod: the browser's first visit formats prices with it.
 */

import { DEFAULT_LOCALE, toLocaleDigits, type Locale } from './locale';

export const toPoisha = (taka: number): number => Math.round(taka * 100);
export const toTaka = (poisha: number): number => poisha / 100;

/** Whether an amount in taka is a whole number of poisha: stored as given, never rounded to another amount. */
export const isWholePoisha = (taka: number): boolean => Math.abs(taka * 100 - toPoisha(taka)) < 1e-6;

/** The sum of taka amounts, exact to the poisha. */
export function sumTaka(amounts: Iterable<number>): number {
  let poisha = 0;
  for (const amount of amounts) poisha += toPoisha(amount);
  return toTaka(poisha);
}

/** Unit price × quantity, exact to the poisha. */
export function lineTotal(price: number, quantity: number): number {
  return toTaka(toPoisha(price) * quantity);
}

/** The sum of unit price × quantity over lines; a line's own stated subtotal is never trusted. */
export function linesTotal(lines: Iterable<{ price: number; quantity: number }>): number {
  let poisha = 0;
  for (const line of lines) poisha += toPoisha(line.price) * line.quantity;
  return toTaka(poisha);
}

/** An amount to whole taka: ৳99.50 is ৳100, ৳99.49 is ৳99. */
export function roundTaka(amount: number): number {
  return Math.round(toPoisha(amount) / 100);
}

/**
 * What an order costs the shopper: its items, less the coupon's discount, plus delivery, to whole taka (halves up).
 * The order, the gateway's charge, the invoice and a refund all carry this one figure.
 */
export function orderTotal({ subTotal, discount, deliveryFee }: { subTotal: number; discount: number; deliveryFee: number }): number {
  return roundTaka(sumTaka([subTotal, -discount, deliveryFee]));
}

/** What rounding adds to (or takes off) the exact sum to reach the total, shown so the figures on screen add up. */
export function roundingOf({
  subTotal,
  discount,
  deliveryFee,
  totalPrice,
}: {
  subTotal: number;
  discount: number;
  deliveryFee: number;
  totalPrice: number;
}): number {
  return sumTaka([totalPrice, -subTotal, discount, -deliveryFee]);
}

/**
 * Digits grouped the Bangladeshi way (lakh and crore): the last three, then pairs: 1,42,800, and ১,৪২,৮০০ in Bangla.
 * Written out rather than left to `Intl.NumberFormat('en-IN')`: the first formatter a page builds loads the browser's
 * locale data, about 20 ms of a first visit's hydration on a desktop and 80 ms on a phone's CPU.
 */
function grouped(wholeNumber: number, locale: Locale): string {
  const digits = String(wholeNumber);
  if (digits.length <= 3 || !/^\d+$/.test(digits)) return toLocaleDigits(digits, locale);
  return toLocaleDigits(`${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`, locale);
}

/** A negative amount (a discount on an invoice) has a true minus before the taka sign: −৳270. */
const MINUS = '\u2212';

/** A count with Bangladeshi digit grouping: 1,42,800 sold. */
export function formatCount(count: number, locale: Locale = DEFAULT_LOCALE): string {
  const rounded = Math.round(Math.abs(count));
  return `${count < 0 && rounded > 0 ? '-' : ''}${grouped(rounded, locale)}`;
}

/** ৳1,42,800 — the taka sign before the amount, Bangladeshi grouping, whole taka (cards, listings, order lists). */
export function formatTaka(amount: number, locale: Locale = DEFAULT_LOCALE): string {
  const taka = roundTaka(Math.abs(amount));
  return `${amount < 0 && taka > 0 ? MINUS : ''}৳${grouped(taka, locale)}`;
}

/** ৳1,42,800.00 — two decimals, where the shop shows an exact amount (grand totals, the dashboard, invoices). */
export function formatTakaExact(amount: number, locale: Locale = DEFAULT_LOCALE): string {
  const poisha = toPoisha(Math.abs(amount));
  return `${amount < 0 && poisha > 0 ? MINUS : ''}৳${grouped(Math.floor(poisha / 100), locale)}.${toLocaleDigits(String(poisha % 100).padStart(2, '0'), locale)}`;
}

/** ৳938 or ৳937.50: whole taka when the amount is whole, else to the poisha, where a rounded figure would not add up (unit prices, subtotals beside a total). */
export function formatTakaPrecise(amount: number, locale: Locale = DEFAULT_LOCALE): string {
  return toPoisha(amount) % 100 === 0 ? formatTaka(amount, locale) : formatTakaExact(amount, locale);
}
