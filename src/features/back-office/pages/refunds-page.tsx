import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { AdminRefund } from '@contract/back-office-orders';
import { orderNumber } from '@contract/order-number';
import { Button } from '@/components/button';
import { Tabs } from '@/components/tabs';
import { useFormat, useMessages } from '@/i18n/react';
import { refundDestination } from '@/lib/refund-methods';
import { backOfficeOrdersText } from '@/messages/back-office-orders';
import type orderTexts from '@/messages/back-office-orders/en';
import { ListStates } from '../components/list-states';
import { Pager } from '../components/pager';
import { ApproveRefundDialog, RejectRefundDialog } from '../components/refund-dialogs';
import { ResponsiveList, type ListColumn } from '../components/responsive-list';
import { ScreenTitle } from '../components/screen-title';
import { adminRefundsQuery, formatDateTime, refundQueueSearch, type RefundQueueSearch, type RefundTab } from '../lib/refunds';
import { useOpenScreen, type ScreenProps } from '../lib/screens';

type OrderTexts = typeof orderTexts;
type Format = ReturnType<typeof useFormat>;

const orderLabel = (refund: AdminRefund) => `#${orderNumber(refund.orderId._id)}`;

const TAB_KEYS = { pending: 'tabPending', refunded: 'tabRefunded', rejected: 'tabRejected' } as const satisfies Record<RefundTab, keyof OrderTexts>;
const LIST_KEYS = { pending: 'listPending', refunded: 'listRefunded', rejected: 'listRejected' } as const satisfies Record<RefundTab, keyof OrderTexts>;
const EMPTY_KEYS = { pending: 'emptyPending', refunded: 'emptyRefunded', rejected: 'emptyRejected' } as const satisfies Record<RefundTab, keyof OrderTexts>;

function columnsFor(status: RefundTab, text: OrderTexts, format: Format): ListColumn<AdminRefund>[] {
  const columns: ListColumn<AdminRefund>[] = [
    { key: 'order', header: text.columnOrder, primary: true, cell: (refund) => orderLabel(refund) },
    { key: 'customer', header: text.columnCustomer, cell: (refund) => refund.customerName },
    { key: 'phone', header: text.columnPhone, cell: (refund) => refund.phone },
    { key: 'amount', header: text.amount, cell: (refund) => format.takaExact(refund.orderId.totalPrice) },
    { key: 'refund-to', header: text.refundTo, cell: (refund) => refundDestination(refund, text, format.locale) },
    { key: 'requested', header: text.requested, cell: (refund) => format.dateDmy(refund.createdAt) },
  ];
  const settledAt = (at: string, by: string | null) => {
    const when = formatDateTime(at, format.locale);
    return by ? text.settledBy(when, by) : when;
  };
  const settled: ListColumn<AdminRefund> = {
    key: 'settled',
    header: text.settled,
    cell: (refund) => (refund.settledAt ? settledAt(refund.settledAt, refund.settledBy) : '—'),
  };
  if (status === 'refunded') {
    const paidBack: ListColumn<AdminRefund> = {
      key: 'paid-back',
      header: text.paidBackColumn,
      cell: (refund) => (refund.payout === 'gateway' ? text.throughGatewayShort : text.byHandShort(refund.manualReference ?? '—')),
    };
    return [...columns, paidBack, settled];
  }
  if (status === 'rejected') return [...columns, { key: 'reason', header: text.reason, cell: (refund) => refund.rejectReason ?? '—' }, settled];
  return columns;
}

/** The refund requests: the waiting ones to approve or reject, oldest first, and the settled ones with how they ended. */
export function RefundsPage({ area }: ScreenProps) {
  const text = useMessages(backOfficeOrdersText);
  const format = useFormat();
  const search = refundQueueSearch(useSearch({ strict: false }));
  const openScreen = useOpenScreen();
  const query = useQuery(adminRefundsQuery(search));
  const [approving, setApproving] = useState<AdminRefund | null>(null);
  const [rejecting, setRejecting] = useState<AdminRefund | null>(null);
  const show = (next: RefundQueueSearch) => void openScreen(area, 'refunds', { search: next });

  const page = query.data;
  const waiting = search.status === 'pending';
  // Settling the last request of the last page leaves that page empty: the last page that has any is shown instead.
  const beyondLastPage = page !== undefined && page.data.length === 0 && search.page > page.pages;
  useEffect(() => {
    if (beyondLastPage) void openScreen(area, 'refunds', { search: { ...search, page: page.pages }, replace: true });
  });

  return (
    <div className="flex flex-col gap-4">
      <ScreenTitle title={text.refundsTitle} />
      <Tabs
        label={text.refundTabs}
        tabs={(['pending', 'refunded', 'rejected'] as const).map((id) => ({ id, label: text[TAB_KEYS[id]] }))}
        selected={search.status}
        onSelect={(status) => show({ status, page: 1 })}
        panelClassName="pt-4"
        sharedPanel={
          <ListStates
            query={query}
            failed={text.refundsFailed}
            notSaved={text.refundsNotSaved}
            offlineList={text.refundsOffline}
            skeletonClassName="h-48 w-full"
          >
            {(shown) => (
              <div>
                <ResponsiveList
                  items={shown.data}
                  columns={columnsFor(search.status, text, format)}
                  itemKey={(refund) => refund._id}
                  label={text[LIST_KEYS[search.status]]}
                  empty={text[EMPTY_KEYS[search.status]]}
                  actions={
                    waiting
                      ? (refund) => (
                          <>
                            <Button onClick={() => setApproving(refund)} className="px-3">
                              {text.approve}
                              <span className="sr-only"> {orderLabel(refund)}</span>
                            </Button>
                            <Button variant="ghost" onClick={() => setRejecting(refund)} className="px-3 text-red-700 hover:bg-red-50">
                              {text.reject}
                              <span className="sr-only"> {orderLabel(refund)}</span>
                            </Button>
                          </>
                        )
                      : undefined
                  }
                />
                <Pager
                  page={shown.page}
                  pages={shown.pages}
                  total={shown.total}
                  label={text.refundPages}
                  onPageChange={(next) => show({ ...search, page: next })}
                />
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
