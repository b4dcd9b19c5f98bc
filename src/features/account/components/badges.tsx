import { cn } from '@/components/cn';
import { BADGE, NEUTRAL_BADGE as NEUTRAL } from '@/components/order-badges';

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
