import { toLocaleDigits } from '@contract/locale';
import type { Order, Refund } from '@contract/orders';
import { Alert } from '@/components/alert';
import { OfflineNotice } from '@/components/offline-notice';
import { Page } from '@/components/page';
import { useFormat, useMessages } from '@/i18n/react';
import { accountText } from '@/messages/account';
import type AccountText from '@/messages/account/en';
import { isWaitingForNetwork } from '@/lib/online';
import { refundDestination, refundMethodName } from '@/lib/refund-methods';
import { useOrders, useRefunds } from '../api';
import { RefundStatusBadge } from '@/components/order-parts';
import { shortId } from '../lib/orders';

/**
 * The rows a settled request adds to its card, and a line under them: that it waits, when and how it was paid back,
 * or why it was rejected.
 */
function outcomeOf(
  refund: Refund,
  text: typeof AccountText,
  format: ReturnType<typeof useFormat>,
): { rows: { label: string; value: string }[]; note?: string } {
  const on = refund.settledAt ? format.dateDmy(refund.settledAt) : '—';
  if (refund.refundStatus === 'refunded') {
    const via = refund.payout === 'gateway' ? text.paymentGateway : refundDestination(refund, text, format.locale);
    const rows = [
      { label: text.refundedOn, value: on },
      { label: text.refundedVia, value: via },
    ];
    return { rows: refund.manualReference ? [...rows, { label: text.refundTransferId, value: refund.manualReference }] : rows };
  }
  if (refund.refundStatus === 'rejected') return { rows: [{ label: text.rejectedOn, value: on }], note: text.reason(refund.rejectReason ?? '—') };
  return { rows: [], note: text.refundWaiting };
}

/** Only refunds of the customer's own orders, whatever else the answer holds. */
export function refundsOfOrders(refunds: readonly Refund[], orders: readonly Pick<Order, '_id'>[]): Refund[] {
  const own = new Set(orders.map((order) => order._id));
  return refunds.filter((refund) => own.has(refund.orderId._id));
}

export function RefundRequestPage() {
  const text = useMessages(accountText);
  const format = useFormat();
  const refunds = useRefunds();
  const orders = useOrders();
  const loading = refunds.isPending || orders.isPending;
  const shown = refundsOfOrders(refunds.data ?? [], orders.data ?? []);

  return (
    <Page title={text.refundRequest}>
      {(refunds.isError || orders.isError) && <Alert className="mt-4">{text.refundsLoadFailed}</Alert>}
      {isWaitingForNetwork(refunds) || isWaitingForNetwork(orders) ? (
        <OfflineNotice detail={text.refundsNotSaved} />
      ) : loading ? (
        <p role="status" className="mt-6 text-gray-700">
          {text.loading}
        </p>
      ) : shown.length === 0 ? (
        <p className="mt-6 text-center text-gray-700">{text.noRefunds}</p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((refund) => {
            const outcome = outcomeOf(refund, text, format);
            const rows = [
              { label: text.date, value: format.dateDmy(refund.createdAt) },
              { label: text.orderId, value: `#${shortId(refund.orderId._id)}` },
              { label: text.transactionId, value: refund.orderId.transaction_id ?? '—' },
              { label: text.refundMethod, value: refundMethodName(refund.refundMethod, text) },
              { label: text.refundNumber, value: toLocaleDigits(refund.refundNumber, format.locale) },
              { label: text.amount, value: format.taka(refund.orderId.totalPrice) },
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
                    <dt className="text-gray-700">{text.status}</dt>
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
