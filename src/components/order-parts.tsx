import { formatTakaPrecise } from '@contract/money';
import { orderTotalsLines, type Order } from '@contract/orders';
import { cn } from './cn';

/*
 * What the shop's order screens and the back office's show of an order: its status, payment and refund as badges, and
 * its sums. One module on purpose: the pages that show orders then share one chunk of it, rather than a chunk per part,
 * each a file name more in the route table every first visit downloads.
 */
const BADGE = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize';

/** Status colours: cancelled red, delivered green, shipped blue, processing yellow, anything else grey. */
const STATUS_COLOURS: Record<string, string> = {
  cancelled: 'bg-red-100 text-red-800',
  delivered: 'bg-green-100 text-green-800',
  shipped: 'bg-blue-100 text-blue-800',
  processing: 'bg-yellow-100 text-yellow-900',
};
const NEUTRAL = 'bg-gray-100 text-gray-800';

/** `label`: the status in the language on screen, where the page has it; else the status as the API names it. */
export function StatusBadge({ status, label = status }: { status: string; label?: string }) {
  return <span className={cn(BADGE, STATUS_COLOURS[status] ?? NEUTRAL)}>{label}</span>;
}

/** Paid green; unpaid yellow; anything else (e.g. refunded) neutral. */
export function PaymentBadge({ paymentStatus, label = paymentStatus }: { paymentStatus: string; label?: string }) {
  const colour = paymentStatus === 'paid' ? 'bg-green-100 text-green-800' : paymentStatus === 'unpaid' ? 'bg-yellow-100 text-yellow-900' : NEUTRAL;
  return <span className={cn(BADGE, colour)}>{label}</span>;
}

/** The dashboard colours only pending, delivered and cancelled; the rest stay neutral. */
const DASHBOARD_COLOURS: Record<string, string> = {
  pending: 'bg-yellow-100 text-yellow-900',
  delivered: 'bg-green-100 text-green-800',
  cancelled: 'bg-red-100 text-red-800',
};

export function DashboardStatusBadge({ status }: { status: string }) {
  return <span className={cn(BADGE, DASHBOARD_COLOURS[status] ?? NEUTRAL)}>{status}</span>;
}

/** Refund requests: settled green, refused red, waiting yellow. */
const REFUND_COLOURS: Record<string, string> = {
  pending: 'bg-yellow-100 text-yellow-900',
  approved: 'bg-green-100 text-green-800',
  refunded: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
};

export function RefundStatusBadge({ status }: { status: string }) {
  return <span className={cn(BADGE, REFUND_COLOURS[status] ?? NEUTRAL)}>{status}</span>;
}

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
