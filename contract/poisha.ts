/**
 * Taka and poisha (1 ৳ = 100 poisha): amounts travel in taka and are multiplied and rounded in whole poisha, so
 * 849.15 × 3 is 2547.45 and not 2547.4500000000003. Apart from the rest of money.ts, which re-exports them, so a file
 * that only prices a cart line carries nothing else (src/lib/cart-tap.ts).
 */

export const toPoisha = (taka: number): number => Math.round(taka * 100);
export const toTaka = (poisha: number): number => poisha / 100;

/** Unit price × quantity, exact to the poisha. */
export function lineTotal(price: number, quantity: number): number {
  return toTaka(toPoisha(price) * quantity);
}
