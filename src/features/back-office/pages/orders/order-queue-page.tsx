import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { useState } from 'react';
import type { AdminOrderSummary } from '@contract/back-office-orders';
import { formatTaka } from '@contract/money';
import { orderNumber } from '@contract/order-number';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { PaymentBadge, StatusBadge } from '@/components/order-parts';
import { ApiError } from '@/lib/api';
import { countOf } from '@/lib/plural';
import { ListStates } from '../../components/list-states';
import { OrderFiltersForm } from '../../components/orders/order-filters-form';
import { Pager } from '../../components/pager';
import { ResponsiveList, type ListColumn } from '../../components/responsive-list';
import { ScreenTitle } from '../../components/screen-title';
import { adminOrdersQuery, downloadOrdersCsv } from '../../lib/orders/order-api';
import { filtersFromSearch, formatDhakaTime, searchOfFilters, type OrderFilters } from '../../lib/orders/order-filters';
import { PAYMENT_METHOD_SHORT } from '../../lib/orders/order-text';
import { screenLink } from '../../lib/screens';

const TEXT = {
  title: 'Orders',
  export: 'Export CSV',
  exportOffline: 'Exporting needs a connection. You are offline.',
  exportFailed: 'The orders could not be exported. Try again.',
  list: 'Orders',
  pages: 'Orders pages',
  empty: 'No orders match these filters.',
  failed: 'The orders could not be loaded. Try again.',
  notSaved: 'These orders have not been saved for offline use.',
  open: (number: string) => `Order #${number}`,
  columns: { number: 'Order', date: 'Date', customer: 'Customer', phone: 'Phone', total: 'Total', status: 'Status', payment: 'Payment' },
};

const columns: ListColumn<AdminOrderSummary>[] = [
  {
    key: 'number',
    header: TEXT.columns.number,
    primary: true,
    cell: (order) => (
      <Link
        {...screenLink('admin', `orders/${order._id}`)}
        aria-label={TEXT.open(orderNumber(order._id))}
        className="inline-flex min-h-11 min-w-11 items-center font-mono font-bold text-brand-700 underline-offset-2 hover:underline"
      >
        #{orderNumber(order._id)}
      </Link>
    ),
  },
  { key: 'date', header: TEXT.columns.date, cell: (order) => <span className="whitespace-nowrap">{formatDhakaTime(order.createdAt)}</span> },
  { key: 'customer', header: TEXT.columns.customer, cell: (order) => order.customerName },
  { key: 'phone', header: TEXT.columns.phone, cell: (order) => order.phone },
  { key: 'total', header: TEXT.columns.total, cell: (order) => <span className="font-semibold whitespace-nowrap">{formatTaka(order.totalPrice)}</span> },
  { key: 'status', header: TEXT.columns.status, cell: (order) => <StatusBadge status={order.status} /> },
  {
    key: 'payment',
    header: TEXT.columns.payment,
    cell: (order) => (
      <span className="inline-flex flex-wrap items-center gap-1.5">
        <PaymentBadge paymentStatus={order.paymentStatus} />
        <span className="text-xs text-gray-700">{PAYMENT_METHOD_SHORT[order.paymentMethod]}</span>
      </span>
    ),
  },
];

/** The admin's order queue: filters kept in the address, pages from the server, and the filtered list as CSV. */
export function OrderQueuePage() {
  const navigate = useNavigate();
  const search: Record<string, unknown> = useSearch({ strict: false });
  const { filters, requested, rangeError } = filtersFromSearch(search);
  const orders = useQuery(adminOrdersQuery(requested));
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string>();

  const show = (next: OrderFilters) => void navigate({ ...screenLink('admin', 'orders'), search: searchOfFilters(next) });
  const exportCsv = () => {
    setExporting(true);
    setExportError(undefined);
    downloadOrdersCsv(requested)
      .catch((error: unknown) =>
        setExportError(!(error instanceof ApiError) ? TEXT.exportFailed : error.isNetworkError ? TEXT.exportOffline : error.message),
      )
      .finally(() => setExporting(false));
  };

  return (
    <div className="flex flex-col gap-4">
      <ScreenTitle title={TEXT.title}>
        <Button variant="secondary" busy={exporting} onClick={exportCsv}>
          <Download aria-hidden="true" className="size-5" />
          {TEXT.export}
        </Button>
      </ScreenTitle>
      {exportError && <Alert>{exportError}</Alert>}
      <OrderFiltersForm filters={filters} rangeError={rangeError} onChange={show} />
      <ListStates query={orders} failed={orders.error instanceof ApiError && orders.error.hasServerMessage ? orders.error.message : TEXT.failed} notSaved={TEXT.notSaved}>
        {(page) => (
          <div>
            <p aria-live="polite" className="mb-2 text-sm text-gray-700">
              {countOf(page.total, 'order')}
            </p>
            <ResponsiveList items={page.data} columns={columns} itemKey={(order) => order._id} label={TEXT.list} empty={TEXT.empty} />
            <Pager page={page.page} pages={page.pages} total={page.total} label={TEXT.pages} onPageChange={(next) => show({ ...filters, page: next })} />
          </div>
        )}
      </ListStates>
    </div>
  );
}
