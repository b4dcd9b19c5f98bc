import { INSIDE_DHAKA_DIVISION, type ShippingFees } from '@contract/orders';

/** A fee the server did not send, or sent as something other than a finite number, counts as 0 (spec section 9). */
const feeOrZero = (fee: number | null | undefined): number => (typeof fee === 'number' && Number.isFinite(fee) ? fee : 0);

/** The inside-Dhaka fee when the division is Dhaka, otherwise the outside fee; no fees yet → 0. */
export function deliveryFee(division: string, fees: Partial<ShippingFees> | null | undefined): number {
  const insideDhaka = division.trim().toLowerCase() === INSIDE_DHAKA_DIVISION.toLowerCase();
  return feeOrZero(insideDhaka ? fees?.shippingFee : fees?.shippingFeeOutside);
}

/** The rounded sum of subtotal and delivery fee (spec section 9); shown with two decimals as the Grand Total. */
export function orderTotal(subtotal: number, fee: number): number {
  return Math.round(subtotal + fee);
}

/** Sum of unit price × quantity in whole poisha, for a hand-over that did not say its subtotal. */
export function linesSubtotal(lines: readonly { price: number; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.quantity, 0) / 100;
}
