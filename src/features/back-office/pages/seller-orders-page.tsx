import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { sellerOrderQuerySchema, type SellerOrder } from '@contract/back-office-orders';
import { orderNumber } from '@contract/order-number';
import { INTL_LOCALES, type Locale } from '@contract/locale';
import { addressLine } from '@contract/place-names';
import { orderStatuses, type OrderStatus, type PaymentMethod } from '@contract/orders';
import { Alert } from '@/components/alert';
import { OfflineNotice } from '@/components/offline-notice';
import { PageHead } from '@/components/page-head';
import { SelectField } from '@/components/select-field';
import { Skeleton } from '@/components/skeleton';
import { useFormat, useMessages } from '@/i18n/react';
import { isWaitingForNetwork, useOnline } from '@/lib/online';
import { usePlaceNames } from '@/lib/place-names';
import { backOfficeText } from '@/messages/back-office';
import { backOfficeOrdersText } from '@/messages/back-office-orders';
import type orderTexts from '@/messages/back-office-orders/en';
import { OwnerAlertsSetting } from '../components/owner-alerts-setting';
import { Pager } from '../components/pager';
import { ResponsiveList } from '../components/responsive-list';
import { SalesPeriods } from '../components/sales-periods';
import { statusLabel } from '../lib/orders/order-text';
import { sellerOrdersQuery, sellerRevenueQuery } from '../lib/sales-api';
import { useOpenScreen, type ScreenProps } from '../lib/screens';

const PAYMENT_KEYS = { cash: 'sellerCash', 'mobile-banking': 'sellerMobileBanking', ssl: 'sellerSsl' } as const satisfies Record<
  PaymentMethod,
  keyof typeof orderTexts
>;

const placedAt = (iso: string, locale: Locale) =>
  new Date(iso).toLocaleString(locale === 'en' ? 'en-GB' : INTL_LOCALES[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dhaka' });

/** The seller's orders: only their own lines of each, with what delivering them needs; their revenue on top. */
export function SellerOrdersPage({ area }: ScreenProps) {
  const text = useMessages(backOfficeOrdersText);
  const words = useMessages(backOfficeText);
  const format = useFormat();
  const placeNames = usePlaceNames();
  const online = useOnline();
  const openScreen = useOpenScreen();
  const parsed = sellerOrderQuerySchema.safeParse(useSearch({ strict: false }));
  const { status, page } = parsed.success ? parsed.data : { status: undefined, page: 1 };
  const revenue = useQuery(sellerRevenueQuery());
  const orders = useQuery(sellerOrdersQuery({ page, status }));
  const list = orders.data;
  const line = (item: SellerOrder['items'][number]) =>
    [`${format.count(item.quantity)} × ${item.productName}`, item.color, item.size].filter(Boolean).join(', ') + ` — ${format.takaPrecise(item.subTotal)}`;

  const show = (search: { status?: OrderStatus; page?: number }) =>
    void openScreen(area, 'orders', {
      search: { ...(search.status ? { status: search.status } : {}), ...(search.page && search.page > 1 ? { page: search.page } : {}) },
    });

  return (
    <div className="flex flex-col gap-6">
      <PageHead title={text.title} />
      <h1 className="text-2xl font-bold text-gray-900">{text.title}</h1>
      <OwnerAlertsSetting />
      {revenue.data ? (
        <SalesPeriods label={text.yourRevenue} {...revenue.data} />
      ) : revenue.isError ? (
        <Alert>{text.revenueFailed}</Alert>
      ) : isWaitingForNetwork(revenue) ? null : (
        <Skeleton className="h-28 w-full" />
      )}
      <SelectField
        label={text.status}
        placeholder={text.anyStatus}
        options={orderStatuses.map((value) => ({ value, label: statusLabel(words, value) }))}
        value={status ?? ''}
        onChange={(event) => show({ status: (event.target.value || undefined) as OrderStatus | undefined })}
        className="max-w-xs"
      />
      {!online && list && <p className="text-sm text-gray-700">{words.offlineShown}</p>}
      <div>
        {isWaitingForNetwork(orders) ? (
          <OfflineNotice detail={text.notSaved} />
        ) : orders.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : !list ? (
          <Alert>{text.failed}</Alert>
        ) : (
          <>
            <ResponsiveList
              items={list.data}
              itemKey={(order) => order._id}
              label={text.sellerList}
              empty={status ? text.sellerEmptyFiltered : text.sellerEmpty}
              columns={[
                { key: 'order', header: text.columnOrder, primary: true, cell: (order) => `#${orderNumber(order._id)}` },
                { key: 'placed', header: text.placedColumn, cell: (order) => placedAt(order.createdAt, format.locale) },
                {
                  key: 'customer',
                  header: text.columnCustomer,
                  cell: (order) => (
                    <>
                      {order.customerName}
                      <br />
                      <a href={`tel:${order.phone}`} className="text-brand-700 underline underline-offset-2">
                        {order.phone}
                      </a>
                    </>
                  ),
                },
                {
                  key: 'address',
                  header: text.deliverTo,
                  cell: (order) => addressLine(order.deliveryAddress, placeNames),
                },
                {
                  key: 'items',
                  header: text.yourItems,
                  cell: (order) => (
                    <ul>
                      {order.items.map((item, index) => (
                        <li key={`${item.productId ?? item.productName}-${index}`}>{line(item)}</li>
                      ))}
                    </ul>
                  ),
                },
                { key: 'total', header: text.yourTotal, cell: (order) => format.takaExact(order.itemsTotal) },
                {
                  key: 'status',
                  header: text.columnStatus,
                  cell: (order) => `${statusLabel(words, order.status)} · ${text[PAYMENT_KEYS[order.paymentMethod]]}`,
                },
              ]}
            />
            <Pager page={list.page} pages={list.pages} total={list.total} label={text.orderPages} onPageChange={(next) => show({ status, page: next })} />
          </>
        )}
      </div>
    </div>
  );
}
