import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { AdminRefund } from '@contract/back-office-orders';
import { formatTakaExact } from '@contract/money';
import { orderNumber } from '@contract/order-number';
import { Button } from '@/components/button';
import { Tabs } from '@/components/tabs';
import { formatDateDmy } from '@/lib/dates';
import { ListStates } from '../components/list-states';
import { Pager } from '../components/pager';
import { ApproveRefundDialog, RejectRefundDialog } from '../components/refund-dialogs';
import { ResponsiveList, type ListColumn } from '../components/responsive-list';
import { ScreenTitle } from '../components/screen-title';
import { adminRefundsQuery, formatDateTime, REFUND_METHOD_LABELS, refundQueueSearch, type RefundQueueSearch, type RefundTab } from '../lib/refunds';
import { screenLink, type ScreenProps } from '../lib/screens';

const TEXT = {
  title: 'Refunds',
  tabs: 'Refund requests',
  tab: { pending: 'Waiting', refunded: 'Refunded', rejected: 'Rejected' } satisfies Record<RefundTab, string>,
  list: { pending: 'Refunds waiting', refunded: 'Refunds paid back', rejected: 'Refunds rejected' } satisfies Record<RefundTab, string>,
  empty: { pending: 'No refund is waiting.', refunded: 'No refund has been paid back yet.', rejected: 'No refund has been rejected.' } satisfies Record<RefundTab, string>,
  order: 'Order',
  customer: 'Customer',
  phone: 'Phone',
  amount: 'Amount',
  refundTo: 'Refund to',
  requested: 'Requested',
  paidBack: 'Paid back',
  throughGateway: 'Through the gateway',
  byHand: (reference: string | null) => `By hand, transaction id ${reference ?? '—'}`,
  reason: 'Reason',
  settled: 'Settled',
  settledBy: (when: string, who: string | null) => (who ? `${when} by ${who}` : when),
  approve: 'Approve',
  reject: 'Reject',
  pages: 'Refund pages',
  failed: 'The refunds could not be loaded. Try again.',
  notSaved: 'These refunds have not been saved for offline use.',
  offlineList: 'You are offline — showing the refunds as you saw them last.',
};

const orderLabel = (refund: AdminRefund) => `#${orderNumber(refund.orderId._id)}`;

function columnsFor(status: RefundTab): ListColumn<AdminRefund>[] {
  const columns: ListColumn<AdminRefund>[] = [
    { key: 'order', header: TEXT.order, primary: true, cell: orderLabel },
    { key: 'customer', header: TEXT.customer, cell: (refund) => refund.customerName },
    { key: 'phone', header: TEXT.phone, cell: (refund) => refund.phone },
    { key: 'amount', header: TEXT.amount, cell: (refund) => formatTakaExact(refund.orderId.totalPrice) },
    { key: 'refund-to', header: TEXT.refundTo, cell: (refund) => `${REFUND_METHOD_LABELS[refund.refundMethod]} ${refund.refundNumber}` },
    { key: 'requested', header: TEXT.requested, cell: (refund) => formatDateDmy(refund.createdAt) },
  ];
  const settled: ListColumn<AdminRefund> = {
    key: 'settled',
    header: TEXT.settled,
    cell: (refund) => (refund.settledAt ? TEXT.settledBy(formatDateTime(refund.settledAt), refund.settledBy) : '—'),
  };
  if (status === 'refunded') {
    const paidBack: ListColumn<AdminRefund> = {
      key: 'paid-back',
      header: TEXT.paidBack,
      cell: (refund) => (refund.payout === 'gateway' ? TEXT.throughGateway : TEXT.byHand(refund.manualReference)),
    };
    return [...columns, paidBack, settled];
  }
  if (status === 'rejected') return [...columns, { key: 'reason', header: TEXT.reason, cell: (refund) => refund.rejectReason ?? '—' }, settled];
  return columns;
}

/** The refund requests: the waiting ones to approve or reject, oldest first, and the settled ones with how they ended. */
export function RefundsPage({ area }: ScreenProps) {
  const search = refundQueueSearch(useSearch({ strict: false }));
  const navigate = useNavigate();
  const query = useQuery(adminRefundsQuery(search));
  const [approving, setApproving] = useState<AdminRefund | null>(null);
  const [rejecting, setRejecting] = useState<AdminRefund | null>(null);
  const show = (next: RefundQueueSearch) => void navigate({ ...screenLink(area, 'refunds'), search: next });

  const page = query.data;
  const waiting = search.status === 'pending';
  // Settling the last request of the last page leaves that page empty: the last page that has any is shown instead.
  const beyondLastPage = page !== undefined && page.data.length === 0 && search.page > page.pages;
  useEffect(() => {
    if (beyondLastPage) void navigate({ ...screenLink(area, 'refunds'), search: { ...search, page: page.pages }, replace: true });
  });

  return (
    <div className="flex flex-col gap-4">
      <ScreenTitle title={TEXT.title} />
      <Tabs
        label={TEXT.tabs}
        tabs={(['pending', 'refunded', 'rejected'] as const).map((id) => ({ id, label: TEXT.tab[id] }))}
        selected={search.status}
        onSelect={(status) => show({ status, page: 1 })}
        panelClassName="pt-4"
        sharedPanel={
          <ListStates query={query} failed={TEXT.failed} notSaved={TEXT.notSaved} offlineList={TEXT.offlineList} skeletonClassName="h-48 w-full">
            {(shown) => (
              <div>
                <ResponsiveList
                  items={shown.data}
                  columns={columnsFor(search.status)}
                  itemKey={(refund) => refund._id}
                  label={TEXT.list[search.status]}
                  empty={TEXT.empty[search.status]}
                  actions={
                    waiting
                      ? (refund) => (
                          <>
                            <Button onClick={() => setApproving(refund)} className="px-3">
                              {TEXT.approve}
                              <span className="sr-only"> {orderLabel(refund)}</span>
                            </Button>
                            <Button variant="ghost" onClick={() => setRejecting(refund)} className="px-3 text-red-700 hover:bg-red-50">
                              {TEXT.reject}
                              <span className="sr-only"> {orderLabel(refund)}</span>
                            </Button>
                          </>
                        )
                      : undefined
                  }
                />
                <Pager page={shown.page} pages={shown.pages} total={shown.total} label={TEXT.pages} onPageChange={(next) => show({ ...search, page: next })} />
              </div>
            )}
          </ListStates>
        }
      />
      <ApproveRefundDialog refund={approving} onClose={() => setApproving(null)} />
      <RejectRefundDialog refund={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}
