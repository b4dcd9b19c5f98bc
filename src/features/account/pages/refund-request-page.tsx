import { formatTaka } from '@contract/money';
import type { Order, Refund } from '@contract/orders';
import { Alert } from '@/components/alert';
import { OfflineNotice } from '@/components/offline-notice';
import { Page } from '@/components/page';
import { formatDateDmy } from '@/lib/dates';
import { isWaitingForNetwork } from '@/lib/online';
import { useOrders, useRefunds } from '../api';
import { RefundStatusBadge } from '@/components/order-parts';
import { shortId } from '../lib/orders';

const METHOD_LABELS: Record<string, string> = { bkash: 'bKash', nagad: 'Nagad', rocket: 'Rocket' };

/** What became of a request: waiting, or when and how it was paid back, or why it was rejected. */
const OUTCOME = {
  waiting: 'Waiting for the shop to review your request.',
  refundedOn: 'Refunded On',
  refundedVia: 'Refunded Via',
  gateway: 'Payment gateway',
  transferId: 'Transaction ID of the refund',
  rejectedOn: 'Rejected On',
  reason: 'Reason',
};

/** The rows a settled request adds to its card, and a line under them: that it waits, or why it was rejected. */
function outcomeOf(refund: Refund): { rows: { label: string; value: string }[]; note?: string } {
  const on = refund.settledAt ? formatDateDmy(refund.settledAt) : '—';
  if (refund.refundStatus === 'refunded') {
    const via = refund.payout === 'gateway' ? OUTCOME.gateway : `${METHOD_LABELS[refund.refundMethod] ?? refund.refundMethod} ${refund.refundNumber}`;
    const rows = [
      { label: OUTCOME.refundedOn, value: on },
      { label: OUTCOME.refundedVia, value: via },
    ];
    return { rows: refund.manualReference ? [...rows, { label: OUTCOME.transferId, value: refund.manualReference }] : rows };
  }
  if (refund.refundStatus === 'rejected') return { rows: [{ label: OUTCOME.rejectedOn, value: on }], note: `${OUTCOME.reason}: ${refund.rejectReason ?? '—'}` };
  return { rows: [], note: OUTCOME.waiting };
}

/** Only refunds of the customer's own orders, whatever else the answer holds. */
export function refundsOfOrders(refunds: readonly Refund[], orders: readonly Pick<Order, '_id'>[]): Refund[] {
  const own = new Set(orders.map((order) => order._id));
  return refunds.filter((refund) => own.has(refund.orderId._id));
}

export function RefundRequestPage() {
  const refunds = useRefunds();
  const orders = useOrders();
  const loading = refunds.isPending || orders.isPending;
  const shown = refundsOfOrders(refunds.data ?? [], orders.data ?? []);

  return (
    <Page title="Refund Request">
      {(refunds.isError || orders.isError) && <Alert className="mt-4">Could not load your refund requests. Check your connection and try again.</Alert>}
      {isWaitingForNetwork(refunds) || isWaitingForNetwork(orders) ? (
        <OfflineNotice detail="Your refund requests have not been saved for offline use. Connect to the internet to see them." />
      ) : loading ? (
        <p role="status" className="mt-6 text-gray-700">
          Loading...
        </p>
      ) : shown.length === 0 ? (
        <p className="mt-6 text-center text-gray-700">No refund request found</p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((refund) => {
            const outcome = outcomeOf(refund);
            const rows = [
              { label: 'Date', value: formatDateDmy(refund.createdAt) },
              { label: 'Order ID', value: `#${shortId(refund.orderId._id)}` },
              { label: 'Transaction ID', value: refund.orderId.transaction_id ?? '—' },
              { label: 'Refund Method', value: METHOD_LABELS[refund.refundMethod] ?? refund.refundMethod },
              { label: 'Refund Number', value: refund.refundNumber },
              { label: 'Amount', value: formatTaka(refund.orderId.totalPrice) },
              ...outcome.rows,
            ];
            return (
              <li key={refund._id} className="rounded-lg border border-gray-200 bg-white p-4">
                <dl className="flex flex-col gap-1 text-sm">
                  {rows.map((row) => (
                    <div key={row.label} className="flex justify-between gap-3">
                      <dt className="text-gray-700">{row.label}</dt>
                      <dd className="text-right font-medium break-all text-gray-900">{row.value}</dd>
                    </div>
                  ))}
                  <div className="flex items-center justify-between gap-3">
                    <dt className="text-gray-700">Status</dt>
                    <dd>
                      <RefundStatusBadge status={refund.refundStatus} />
                    </dd>
                  </div>
                </dl>
                {outcome.note && <p className="mt-2 text-sm break-words text-gray-800">{outcome.note}</p>}
              </li>
            );
          })}
        </ul>
      )}
    </Page>
  );
}
