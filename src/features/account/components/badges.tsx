import { cn } from '@/components/cn';

const BADGE = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize';

/** Status colours: cancelled red, delivered green, shipped blue, processing yellow, anything else grey. */
const STATUS_COLOURS: Record<string, string> = {
  cancelled: 'bg-red-100 text-red-800',
  delivered: 'bg-green-100 text-green-800',
  shipped: 'bg-blue-100 text-blue-800',
  processing: 'bg-yellow-100 text-yellow-900',
};
const NEUTRAL = 'bg-gray-100 text-gray-800';

export function StatusBadge({ status }: { status: string }) {
  return <span className={cn(BADGE, STATUS_COLOURS[status] ?? NEUTRAL)}>{status}</span>;
}

/** Paid green; unpaid yellow; anything else (e.g. refunded) neutral. */
export function PaymentBadge({ paymentStatus }: { paymentStatus: string }) {
  const colour = paymentStatus === 'paid' ? 'bg-green-100 text-green-800' : paymentStatus === 'unpaid' ? 'bg-yellow-100 text-yellow-900' : NEUTRAL;
  return <span className={cn(BADGE, colour)}>{paymentStatus}</span>;
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
