import { orderTotal } from '@contract/money';

/** A coupon the server accepted for this checkout's lines, with the discount it gives on them. */
export type AppliedCoupon = { code: string; discount: number };

/**
 * The Grand Total checkout shows and sends: the items, less an applied coupon's discount, plus the delivery fee, to
 * whole taka. The server prices the order again and refuses it if its total is not this one.
 */
export function checkoutTotal(subtotal: number, fee: number, coupon: AppliedCoupon | null): number {
  return orderTotal({ subTotal: subtotal, discount: coupon?.discount ?? 0, deliveryFee: fee });
}

/** The applied coupon while the field still holds its code (in any case); editing the code takes it off. */
export function couponInForce(applied: AppliedCoupon | null, typed: string | undefined): AppliedCoupon | null {
  return applied && applied.code.toLowerCase() === (typed ?? '').trim().toLowerCase() ? applied : null;
}
