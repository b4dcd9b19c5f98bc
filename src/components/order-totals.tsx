import { formatTakaPrecise } from '@contract/money';
import { orderTotalsLines, type Order } from '@contract/orders';
import { cn } from './cn';

/** An order's sums as the shop shows them: subtotal, discount, delivery, any rounding and the total; they add up. */
export function OrderTotals({ order, className }: { order: Pick<Order, 'subTotal' | 'discount' | 'coupon' | 'deliveryFee' | 'totalPrice'>; className?: string }) {
  return (
    <dl className={cn('border-t border-gray-200 pt-2', className)}>
      {orderTotalsLines(order).map((line) => (
        <div key={line.label} className={cn('flex justify-between gap-3 py-1', line.total && 'text-lg font-bold')}>
          <dt>{line.label}</dt>
          <dd>{formatTakaPrecise(line.amount)}</dd>
        </div>
      ))}
    </dl>
  );
}
