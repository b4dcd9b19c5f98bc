import { formatTaka, formatTakaExact, lineTotal } from '@contract/money';
import { lineKey } from '@/lib/cart';
import type { CheckoutLine } from '../lib/payload';

export type FeeState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; fee: number };

/** Order Summary: the lines, Total Price (rounded subtotal), Delivery Fee and Grand Total with two decimals. */
export function OrderSummary({ items, subtotal, fee, total }: { items: readonly CheckoutLine[]; subtotal: number; fee: FeeState; total: number }) {
  return (
    <section aria-labelledby="order-summary-heading" className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id="order-summary-heading" className="text-lg font-bold text-gray-900">
        Order Summary
      </h2>
      <ul aria-label="Items" className="mt-3 divide-y divide-gray-200 border-y border-gray-200">
        {items.map((item) => (
          <li key={lineKey(item)} className="flex justify-between gap-3 py-2 text-sm">
            <span className="min-w-0 break-words text-gray-800">
              {item.productName} × {item.quantity}
              {(item.color || item.size) && (
                <span className="block text-gray-600">{[item.color && `Colour: ${item.color}`, item.size && `Size: ${item.size}`].filter(Boolean).join(' · ')}</span>
              )}
            </span>
            <span className="shrink-0 font-medium text-gray-900">{formatTaka(lineTotal(item.price, item.quantity))}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-2 text-base">
        <div className="flex justify-between gap-3">
          <dt className="text-gray-700">Total Price</dt>
          <dd className="font-medium text-gray-900" data-testid="checkout-total-price">
            {formatTaka(subtotal)}
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt className="text-gray-700">Delivery Fee</dt>
          {/* aria-live: the fee changes with the division chosen further down the form. */}
          <dd aria-live="polite" className="font-medium text-gray-900" data-testid="checkout-delivery-fee">
            {fee.status === 'loading' ? 'Loading...' : fee.status === 'error' ? 'Error loading fee' : formatTaka(fee.fee)}
          </dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-gray-200 pt-2 text-lg font-bold">
          <dt>Grand Total</dt>
          <dd className="text-brand-700" data-testid="checkout-grand-total">
            {formatTakaExact(total)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
