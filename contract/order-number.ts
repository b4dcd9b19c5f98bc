import { toAsciiDigits } from './locale';

/** How many characters of an order's id make its number. */
export const ORDER_NUMBER_LENGTH = 6;

/**
 * The number an order is shown and told by, on every screen, message, invoice and slip, in every language: the last
 * 6 characters of its id, as ASCII text. It is never put in Bangla digits: it is an id the shop searches by, and a
 * number half in Bangla digits and half in Latin letters matches nothing.
 */
export function orderNumber(id: string): string {
  return id.slice(-ORDER_NUMBER_LENGTH);
}

/**
 * The order number or id a search names, as ids are stored (lower-case hex), or null when the text cannot be one:
 * typed with or without '#', in any case, and with Bangla digits read as the digits they are.
 */
export function orderNumberSearch(search: string): string | null {
  const text = toAsciiDigits(search.trim()).replace(/^#\s*/, '').toLowerCase();
  return /^[0-9a-f]{4,64}$/.test(text) ? text : null;
}
