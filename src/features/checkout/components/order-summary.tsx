import { lineTotal, roundingOf } from '@contract/money';
import { useFormat, useMessages } from '@/i18n/react';
import { checkoutText } from '@/messages/checkout';
import { lineKey } from '@/lib/cart';
import type { CheckoutLine } from '../lib/payload';
import type { AppliedCoupon } from '../lib/totals';

export type FeeState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; fee: number };

/**
 * Order Summary: the lines, Total Price (the items), an applied coupon's discount, Delivery Fee, the rounding to whole
 * taka and Grand Total with two decimals; the figures add up. Until the fee is known no total is shown, never a
 * smaller one.
 */
export function OrderSummary({
  items,
  subtotal,
  coupon,
  fee,
  total,
}: {
  items: readonly CheckoutLine[];
  subtotal: number;
  coupon: AppliedCoupon | null;
  fee: FeeState;
  total: number;
}) {
  const text = useMessages(checkoutText);
  const format = useFormat();
  const rounding = fee.status === 'ready' ? roundingOf({ subTotal: subtotal, discount: coupon?.discount ?? 0, deliveryFee: fee.fee, totalPrice: total }) : 0;
  return (
    <section aria-labelledby="order-summary-heading" className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id="order-summary-heading" className="text-lg font-bold text-gray-900">
        {text.orderSummary}
      </h2>
      <ul aria-label={text.items} className="mt-3 divide-y divide-gray-200 border-y border-gray-200">
        {items.map((item) => (
          <li key={lineKey(item)} className="flex justify-between gap-3 py-2 text-sm">
            <span className="min-w-0 break-words text-gray-800">
              {item.productName} × {format.count(item.quantity)}
              {(item.color || item.size) && (
                <span className="block text-gray-600">
                  {[item.color && text.colour(item.color), item.size && text.size(item.size)].filter(Boolean).join(' · ')}
                </span>
              )}
            </span>
            <span className="shrink-0 font-medium text-gray-900">{format.takaPrecise(lineTotal(item.price, item.quantity))}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-2 text-base">
        <div className="flex justify-between gap-3">
          <dt className="text-gray-700">{text.totalPrice}</dt>
          <dd className="font-medium text-gray-900" data-testid="checkout-total-price">
            {format.takaPrecise(subtotal)}
          </dd>
        </div>
        {coupon && (
          <div className="flex justify-between gap-3">
            <dt className="text-gray-700">{text.coupon(coupon.code)}</dt>
            <dd className="font-medium text-accent-700" data-testid="checkout-discount">
              {format.takaPrecise(-coupon.discount)}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-3">
          <dt className="text-gray-700">{text.deliveryFee}</dt>
          {/* aria-live: the fee changes with the division chosen further down the form. */}
          <dd aria-live="polite" className="font-medium text-gray-900" data-testid="checkout-delivery-fee">
            {fee.status === 'loading' ? text.loading : fee.status === 'error' ? text.feeError : format.takaPrecise(fee.fee)}
          </dd>
        </div>
        {rounding !== 0 && (
          <div className="flex justify-between gap-3">
            <dt className="text-gray-700">{text.rounding}</dt>
            <dd className="font-medium text-gray-900">{`${rounding > 0 ? '+' : ''}${format.takaExact(rounding)}`}</dd>
          </div>
        )}
        <div className="flex justify-between gap-3 border-t border-gray-200 pt-2 text-lg font-bold">
          <dt>{text.grandTotal}</dt>
          <dd className="text-right text-brand-700" data-testid="checkout-grand-total">
            {fee.status === 'ready' ? format.takaExact(total) : <span className="text-base font-medium text-gray-700">{text.totalPending}</span>}
          </dd>
        </div>
      </dl>
    </section>
  );
}
