import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { Download } from 'lucide-react';
import { useState } from 'react';
import type { AdminOrderSummary } from '@contract/back-office-orders';
import { orderNumber } from '@contract/order-number';
import { Alert } from '@/components/alert';
import { Button } from '@/components/button';
import { PaymentBadge, StatusBadge } from '@/components/order-parts';
import { useFormat, useMessages } from '@/i18n/react';
import { ApiError } from '@/lib/api';
import { backOfficeText } from '@/messages/back-office';
import { backOfficeOrdersText } from '@/messages/back-office-orders';
import { ListStates } from '../../components/list-states';
import { OrderFiltersForm } from '../../components/orders/order-filters-form';
import { OwnerAlertsSetting } from '../../components/owner-alerts-setting';
import { Pager } from '../../components/pager';
import { ResponsiveList, type ListColumn } from '../../components/responsive-list';
import { ScreenTitle } from '../../components/screen-title';
import { adminOrdersQuery, downloadOrdersCsv } from '../../lib/orders/order-api';
import { filtersFromSearch, formatDhakaTime, searchOfFilters, type OrderFilters } from '../../lib/orders/order-filters';
import { paymentMethodShort, paymentStatusLabel, statusLabel } from '../../lib/orders/order-text';
import { ScreenLink } from '../../components/screen-link';
import { useOpenScreen } from '../../lib/screens';

/** The queue's columns, in the language on screen. */
function useColumns(): ListColumn<AdminOrderSummary>[] {
  const text = useMessages(backOfficeOrdersText);
  const words = useMessages(backOfficeText);
  const format = useFormat();
  const number = (order: AdminOrderSummary) => orderNumber(order._id);
  return [
    {
      key: 'number',
      header: text.columnOrder,
      primary: true,
      cell: (order) => (
        <ScreenLink
          area="admin"
          path={`orders/${order._id}`}
          aria-label={text.openOrder(number(order))}
          className="inline-flex min-h-11 min-w-11 items-center font-mono font-bold text-brand-700 underline-offset-2 hover:underline"
        >
          #{number(order)}
        </ScreenLink>
      ),
    },
    { key: 'date', header: text.columnDate, cell: (order) => <span className="whitespace-nowrap">{formatDhakaTime(order.createdAt, format.locale)}</span> },
    { key: 'customer', header: text.columnCustomer, cell: (order) => order.customerName },
    { key: 'phone', header: text.columnPhone, cell: (order) => order.phone },
    { key: 'total', header: text.columnTotal, cell: (order) => <span className="font-semibold whitespace-nowrap">{format.taka(order.totalPrice)}</span> },
    { key: 'status', header: text.columnStatus, cell: (order) => <StatusBadge status={order.status} label={statusLabel(words, order.status)} /> },
    {
      key: 'payment',
      header: text.columnPayment,
      cell: (order) => (
        <span className="inline-flex flex-wrap items-center gap-1.5">
          <PaymentBadge paymentStatus={order.paymentStatus} label={paymentStatusLabel(words, order.paymentStatus)} />
          <span className="text-xs text-gray-700">{paymentMethodShort(words, order.paymentMethod)}</span>
        </span>
      ),
    },
  ];
}

/** The admin's order queue: filters kept in the address, pages from the server, and the filtered list as CSV. */
export function OrderQueuePage() {
  const text = useMessages(backOfficeOrdersText);
  const format = useFormat();
  const columns = useColumns();
  const openScreen = useOpenScreen();
  const search: Record<string, unknown> = useSearch({ strict: false });
  const { filters, requested, rangeError } = filtersFromSearch(search);
  const orders = useQuery(adminOrdersQuery(requested));
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string>();

  const show = (next: OrderFilters) => void openScreen('admin', 'orders', { search: searchOfFilters(next) });
  const exportCsv = () => {
    setExporting(true);
    setExportError(undefined);
    downloadOrdersCsv(requested)
      .catch((error: unknown) => setExportError(!(error instanceof ApiError) ? text.exportFailed : error.isNetworkError ? text.exportOffline : error.message))
      .finally(() => setExporting(false));
  };

  return (
    <div className="flex flex-col gap-4">
      <ScreenTitle title={text.title}>
        <Button variant="secondary" busy={exporting} onClick={exportCsv}>
          <Download aria-hidden="true" className="size-5" />
          {text.exportCsv}
        </Button>
      </ScreenTitle>
      {exportError && <Alert>{exportError}</Alert>}
      <OwnerAlertsSetting />
      <OrderFiltersForm filters={filters} rangeError={rangeError} onChange={show} />
      <ListStates
        query={orders}
        failed={orders.error instanceof ApiError && orders.error.hasServerMessage ? orders.error.message : text.failed}
        notSaved={text.notSaved}
      >
        {(page) => (
          <div>
            <p aria-live="polite" className="mb-2 text-sm text-gray-700">
              {text.orderCount(page.total, format.count(page.total))}
            </p>
            <ResponsiveList items={page.data} columns={columns} itemKey={(order) => order._id} label={text.list} empty={text.empty} />
            <Pager page={page.page} pages={page.pages} total={page.total} label={text.pages} onPageChange={(next) => show({ ...filters, page: next })} />
          </div>
        )}
      </ListStates>
    </div>
  );
}
