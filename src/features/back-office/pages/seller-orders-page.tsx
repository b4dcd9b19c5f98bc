import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { sellerOrderQuerySchema, type SellerOrder } from '@contract/back-office-orders';
import { orderNumber } from '@contract/order-number';
import { formatCount, formatTakaExact, formatTakaPrecise } from '@contract/money';
import { orderStatuses, type OrderStatus, type PaymentMethod } from '@contract/orders';
import { Alert } from '@/components/alert';
import { OfflineNotice } from '@/components/offline-notice';
import { PageHead } from '@/components/page-head';
import { SelectField } from '@/components/select-field';
import { Skeleton } from '@/components/skeleton';
import { isWaitingForNetwork, useOnline } from '@/lib/online';
import { Pager } from '../components/pager';
import { ResponsiveList } from '../components/responsive-list';
import { SalesPeriods } from '../components/sales-periods';
import { sellerOrdersQuery, sellerRevenueQuery } from '../lib/sales-api';
import { screenLink, type ScreenProps } from '../lib/screens';

const TEXT = {
  title: 'Orders',
  revenue: 'Your revenue',
  revenueFailed: 'Your revenue could not be loaded.',
  statusFilter: 'Status',
  anyStatus: 'Any status',
  status: { pending: 'Pending', processing: 'Processing', shipped: 'Shipped', delivered: 'Delivered', cancelled: 'Cancelled' } satisfies Record<OrderStatus, string>,
  payment: { cash: 'Cash on delivery', 'mobile-banking': 'Mobile banking', ssl: 'Card or online' } satisfies Record<PaymentMethod, string>,
  list: 'Orders with your products',
  pages: 'Order pages',
  empty: 'No orders with your products yet.',
  emptyFiltered: 'No orders with this status.',
  failed: 'The orders could not be loaded. Try again.',
  offlineDetail: 'These orders have not been saved for offline use.',
  offlineShown: 'You are offline — showing what you saw last.',
  order: 'Order',
  placed: 'Placed',
  customer: 'Customer',
  deliverTo: 'Deliver to',
  items: 'Your items',
  itemsTotal: 'Your total',
  orderStatus: 'Status',
  line: (item: SellerOrder['items'][number]) =>
    [`${formatCount(item.quantity)} × ${item.productName}`, item.color, item.size].filter(Boolean).join(', ') + ` — ${formatTakaPrecise(item.subTotal)}`,
};

const placedAt = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dhaka' });

/** The seller's orders: only their own lines of each, with what delivering them needs; their revenue on top. */
export function SellerOrdersPage({ area }: ScreenProps) {
  const online = useOnline();
  const navigate = useNavigate();
  const parsed = sellerOrderQuerySchema.safeParse(useSearch({ strict: false }));
  const { status, page } = parsed.success ? parsed.data : { status: undefined, page: 1 };
  const revenue = useQuery(sellerRevenueQuery());
  const orders = useQuery(sellerOrdersQuery({ page, status }));
  const list = orders.data;

  const show = (search: { status?: OrderStatus; page?: number }) =>
    void navigate({ ...screenLink(area, 'orders'), search: { ...(search.status ? { status: search.status } : {}), ...(search.page && search.page > 1 ? { page: search.page } : {}) } });

  return (
    <div className="flex flex-col gap-6">
      <PageHead title={TEXT.title} />
      <h1 className="text-2xl font-bold text-gray-900">{TEXT.title}</h1>
      {revenue.data ? (
        <SalesPeriods label={TEXT.revenue} {...revenue.data} />
      ) : revenue.isError ? (
        <Alert>{TEXT.revenueFailed}</Alert>
      ) : isWaitingForNetwork(revenue) ? null : (
        <Skeleton className="h-28 w-full" />
      )}
      <SelectField
        label={TEXT.statusFilter}
        placeholder={TEXT.anyStatus}
        options={orderStatuses.map((value) => ({ value, label: TEXT.status[value] }))}
        value={status ?? ''}
        onChange={(event) => show({ status: (event.target.value || undefined) as OrderStatus | undefined })}
        className="max-w-xs"
      />
      {!online && list && <p className="text-sm text-gray-700">{TEXT.offlineShown}</p>}
      <div>
        {isWaitingForNetwork(orders) ? (
          <OfflineNotice detail={TEXT.offlineDetail} />
        ) : orders.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : !list ? (
          <Alert>{TEXT.failed}</Alert>
        ) : (
          <>
            <ResponsiveList
              items={list.data}
              itemKey={(order) => order._id}
              label={TEXT.list}
              empty={status ? TEXT.emptyFiltered : TEXT.empty}
              columns={[
                { key: 'order', header: TEXT.order, primary: true, cell: (order) => `#${orderNumber(order._id)}` },
                { key: 'placed', header: TEXT.placed, cell: (order) => placedAt(order.createdAt) },
                {
                  key: 'customer',
                  header: TEXT.customer,
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
                  header: TEXT.deliverTo,
                  cell: ({ deliveryAddress: address }) => [address.addressDetails, address.city, address.district, address.division].filter(Boolean).join(', '),
                },
                {
                  key: 'items',
                  header: TEXT.items,
                  cell: (order) => (
                    <ul>
                      {order.items.map((item, index) => (
                        <li key={`${item.productId ?? item.productName}-${index}`}>{TEXT.line(item)}</li>
                      ))}
                    </ul>
                  ),
                },
                { key: 'total', header: TEXT.itemsTotal, cell: (order) => formatTakaExact(order.itemsTotal) },
                { key: 'status', header: TEXT.orderStatus, cell: (order) => `${TEXT.status[order.status]} · ${TEXT.payment[order.paymentMethod]}` },
              ]}
            />
            <Pager page={list.page} pages={list.pages} total={list.total} label={TEXT.pages} onPageChange={(next) => show({ status, page: next })} />
          </>
        )}
      </div>
    </div>
  );
}
