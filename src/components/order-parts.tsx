import { orderTotalsLines, type Order, type OrderStatus, type PaymentMethod, type PaymentStatus, type RefundStatus, type TotalsLine } from '@contract/orders';
import { useFormat, useMessages } from '@/i18n/react';
import { ordersText } from '@/messages/orders';
import type ordersEn from '@/messages/orders/en';
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

type OrdersText = typeof ordersEn;

/** Where each order status, payment status and method finds its words; the back office's texts use the same keys. */
export const STATUS_KEYS = {
  pending: 'statusPending',
  processing: 'statusProcessing',
  shipped: 'statusShipped',
  delivered: 'statusDelivered',
  cancelled: 'statusCancelled',
} as const satisfies Record<OrderStatus, keyof OrdersText>;
export const PAYMENT_KEYS = { unpaid: 'paymentUnpaid', paid: 'paymentPaid', refunded: 'paymentRefunded' } as const satisfies Record<
  PaymentStatus,
  keyof OrdersText
>;
const REFUND_KEYS = {
  pending: 'refundPending',
  approved: 'refundApproved',
  refunded: 'refundRefunded',
  rejected: 'refundRejected',
} as const satisfies Record<RefundStatus, keyof OrdersText>;
export const METHOD_KEYS = { cash: 'methodCash', 'mobile-banking': 'methodMobileBanking', ssl: 'methodSsl' } as const satisfies Record<
  PaymentMethod,
  keyof OrdersText
>;

/** A value's name in the language on screen; a value the app does not know (a newer server's) as it is. */
function named<K extends string>(keys: Record<K, keyof OrdersText>, text: OrdersText, value: string): string {
  const key = Object.hasOwn(keys, value) ? keys[value as K] : undefined;
  const name = key === undefined ? undefined : text[key];
  return typeof name === 'string' ? name : value;
}

/** An order status in the language on screen ('pending', 'অপেক্ষমাণ'). */
export function useOrderNames() {
  const text = useMessages(ordersText);
  return {
    status: (status: string) => named(STATUS_KEYS, text, status),
    payment: (paymentStatus: string) => named(PAYMENT_KEYS, text, paymentStatus),
    refund: (refundStatus: string) => named(REFUND_KEYS, text, refundStatus),
    method: (method: string) => named(METHOD_KEYS, text, method),
  };
}

/** `label`: the status as the page names it; else its name in the language on screen. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  const names = useOrderNames();
  return <span className={cn(BADGE, STATUS_COLOURS[status] ?? NEUTRAL)}>{label ?? names.status(status)}</span>;
}

/** Paid green; unpaid yellow; anything else (e.g. refunded) neutral. */
export function PaymentBadge({ paymentStatus, label }: { paymentStatus: string; label?: string }) {
  const names = useOrderNames();
  const colour = paymentStatus === 'paid' ? 'bg-green-100 text-green-800' : paymentStatus === 'unpaid' ? 'bg-yellow-100 text-yellow-900' : NEUTRAL;
  return <span className={cn(BADGE, colour)}>{label ?? names.payment(paymentStatus)}</span>;
}

/** The dashboard colours only pending, delivered and cancelled; the rest stay neutral. */
const DASHBOARD_COLOURS: Record<string, string> = {
  pending: 'bg-yellow-100 text-yellow-900',
  delivered: 'bg-green-100 text-green-800',
  cancelled: 'bg-red-100 text-red-800',
};

export function DashboardStatusBadge({ status }: { status: string }) {
  return <span className={cn(BADGE, DASHBOARD_COLOURS[status] ?? NEUTRAL)}>{useOrderNames().status(status)}</span>;
}

/** Refund requests: settled green, refused red, waiting yellow. */
const REFUND_COLOURS: Record<string, string> = {
  pending: 'bg-yellow-100 text-yellow-900',
  approved: 'bg-green-100 text-green-800',
  refunded: 'bg-green-100 text-green-800',
  rejected: 'bg-red-100 text-red-800',
};

export function RefundStatusBadge({ status }: { status: string }) {
  return <span className={cn(BADGE, REFUND_COLOURS[status] ?? NEUTRAL)}>{useOrderNames().refund(status)}</span>;
}

/** An order's sums as the shop shows them: subtotal, discount, delivery, any rounding and the total; they add up. */
export function OrderTotals({
  order,
  className,
}: {
  order: Pick<Order, 'subTotal' | 'discount' | 'coupon' | 'deliveryFee' | 'totalPrice'>;
  className?: string;
}) {
  const text = useMessages(ordersText);
  const format = useFormat();
  const label = (line: TotalsLine): string => {
    switch (line.kind) {
      case 'subtotal':
        return text.subtotal;
      case 'discount':
        return order.coupon ? text.discountWithCoupon(order.coupon) : text.discount;
      case 'delivery':
        return text.deliveryFee;
      case 'rounding':
        return text.rounding;
      case 'total':
        return text.total;
    }
  };
  return (
    <dl className={cn('border-t border-gray-200 pt-2', className)}>
      {orderTotalsLines(order).map((line) => (
        <div key={line.kind} className={cn('flex justify-between gap-3 py-1', line.total && 'text-lg font-bold')}>
          <dt>{label(line)}</dt>
          <dd>{format.takaPrecise(line.amount)}</dd>
        </div>
      ))}
    </dl>
  );
}
