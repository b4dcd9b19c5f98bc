import { cn } from './cn';

/** The pill every order badge is drawn as, in the shop's order lists and the back office's. */
export const BADGE = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize';
export const NEUTRAL_BADGE = 'bg-gray-100 text-gray-800';

/** Status colours: cancelled red, delivered green, shipped blue, processing yellow, anything else grey. */
const STATUS_COLOURS: Record<string, string> = {
  cancelled: 'bg-red-100 text-red-800',
  delivered: 'bg-green-100 text-green-800',
  shipped: 'bg-blue-100 text-blue-800',
  processing: 'bg-yellow-100 text-yellow-900',
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={cn(BADGE, STATUS_COLOURS[status] ?? NEUTRAL_BADGE)}>{status}</span>;
}

/** Paid green; unpaid yellow; anything else (e.g. refunded) neutral. */
export function PaymentBadge({ paymentStatus }: { paymentStatus: string }) {
  const colour = paymentStatus === 'paid' ? 'bg-green-100 text-green-800' : paymentStatus === 'unpaid' ? 'bg-yellow-100 text-yellow-900' : NEUTRAL_BADGE;
  return <span className={cn(BADGE, colour)}>{paymentStatus}</span>;
}
