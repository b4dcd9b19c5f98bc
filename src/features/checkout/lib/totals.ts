import { roundTaka, sumTaka } from '@contract/money';

/**
 * The Grand Total checkout shows and sends: subtotal plus delivery fee, rounded to whole taka and shown with two
 * decimals. The server prices the order again from its own figures and never trusts this one.
 */
export function orderTotal(subtotal: number, fee: number): number {
  return roundTaka(sumTaka([subtotal, fee]));
}
