import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { orderStatuses, type OrderStatus } from '@contract/orders';
import { LOW_STOCK_THRESHOLD, type Dashboard } from '@contract/back-office-orders';
import { formatCount, formatTakaExact } from '@contract/money';
import { Alert } from '@/components/alert';
import { buttonClassName } from '@/components/button';
import { OfflineNotice } from '@/components/offline-notice';
import { PageHead } from '@/components/page-head';
import { Skeleton } from '@/components/skeleton';
import { isWaitingForNetwork, useOnline } from '@/lib/online';
import { ResponsiveList } from '../components/responsive-list';
import { RevenueChart } from '../components/revenue-chart';
import { SalesPeriods } from '../components/sales-periods';
import { dashboardQuery } from '../lib/sales-api';
import { screenLink, type ScreenProps } from '../lib/screens';

const TEXT = {
  title: 'Dashboard',
  sales: 'Sales',
  failed: 'The dashboard could not be loaded. Try again.',
  offlineDetail: 'The dashboard has not been saved for offline use.',
  offlineShown: 'You are offline — showing what you saw last.',
  byStatus: 'Orders by status',
  status: { pending: 'Pending', processing: 'Processing', shipped: 'Shipped', delivered: 'Delivered', cancelled: 'Cancelled' } satisfies Record<OrderStatus, string>,
  refunds: 'Refunds waiting',
  refundsCount: (count: number) => (count === 1 ? '1 refund request waits for a decision.' : `${formatCount(count)} refund requests wait for a decision.`),
  reviewRefunds: 'Review refunds',
  lowStock: 'Low on stock',
  lowStockHint: `Products with ${LOW_STOCK_THRESHOLD} or fewer left.`,
  lowStockNone: 'Every product has enough stock.',
  left: (count: number) => `${formatCount(count)} left`,
  topProducts: 'Top products, last 30 days',
  topNone: 'No sales in the last 30 days.',
  product: 'Product',
  units: 'Units sold',
  revenue: 'Revenue',
};

const CARD = 'min-w-0 rounded-lg border border-gray-200 bg-white p-4';
const LINK = 'inline-flex min-h-11 items-center font-medium break-words text-brand-700 underline underline-offset-2';

/** The admin's first screen: how the shop sells, what waits for them, and what is running out. */
export function DashboardPage({ area }: ScreenProps) {
  const query = useQuery(dashboardQuery());
  const online = useOnline();
  const figures = query.data;
  return (
    <div className="flex flex-col gap-6">
      <PageHead title={TEXT.title} />
      <h1 className="text-2xl font-bold text-gray-900">{TEXT.title}</h1>
      {isWaitingForNetwork(query) ? (
        <OfflineNotice detail={TEXT.offlineDetail} />
      ) : query.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : !figures ? (
        <Alert>{TEXT.failed}</Alert>
      ) : (
        <>
          {!online && <p className="text-sm text-gray-700">{TEXT.offlineShown}</p>}
          <SalesPeriods label={TEXT.sales} today={figures.today} last7Days={figures.last7Days} last30Days={figures.last30Days} />
          <div className="grid gap-4 lg:grid-cols-2">
            <OrdersByStatus area={area} counts={figures.ordersByStatus} />
            <section aria-labelledby="dashboard-refunds" className={CARD}>
              <h2 id="dashboard-refunds" className="text-lg font-semibold text-gray-900">
                {TEXT.refunds}
              </h2>
              <p className="mt-2 text-3xl font-bold text-gray-900">{formatCount(figures.refundsWaiting)}</p>
              <p className="mt-1 text-sm text-gray-700">{TEXT.refundsCount(figures.refundsWaiting)}</p>
              <Link {...screenLink(area, 'refunds')} className={buttonClassName('secondary', 'mt-3')}>
                {TEXT.reviewRefunds}
              </Link>
            </section>
          </div>
          <RevenueChart days={figures.revenueByDay} />
          <div className="grid gap-4 lg:grid-cols-2">
            <LowStock area={area} products={figures.lowStock} />
            <section aria-labelledby="dashboard-top" className="min-w-0">
              <h2 id="dashboard-top" className="mb-2 text-lg font-semibold text-gray-900">
                {TEXT.topProducts}
              </h2>
              <ResponsiveList
                items={figures.topProducts}
                itemKey={(product) => product.productId}
                label={TEXT.topProducts}
                empty={TEXT.topNone}
                columns={[
                  { key: 'name', header: TEXT.product, primary: true, cell: (product) => product.name },
                  { key: 'quantity', header: TEXT.units, cell: (product) => formatCount(product.quantity) },
                  { key: 'revenue', header: TEXT.revenue, cell: (product) => formatTakaExact(product.revenue) },
                ]}
              />
            </section>
          </div>
        </>
      )}
    </div>
  );
}

function OrdersByStatus({ area, counts }: { area: ScreenProps['area']; counts: Dashboard['ordersByStatus'] }) {
  return (
    <section aria-labelledby="dashboard-statuses" className={CARD}>
      <h2 id="dashboard-statuses" className="text-lg font-semibold text-gray-900">
        {TEXT.byStatus}
      </h2>
      <ul className="mt-2 divide-y divide-gray-200">
        {orderStatuses.map((status) => (
          <li key={status} className="flex items-center justify-between gap-3">
            <Link {...screenLink(area, 'orders')} search={{ status }} className={LINK}>
              {TEXT.status[status]}
            </Link>
            <span className="font-semibold text-gray-900">{formatCount(counts[status] ?? 0)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LowStock({ area, products }: { area: ScreenProps['area']; products: Dashboard['lowStock'] }) {
  return (
    <section aria-labelledby="dashboard-low-stock" className={CARD}>
      <h2 id="dashboard-low-stock" className="text-lg font-semibold text-gray-900">
        {TEXT.lowStock}
      </h2>
      <p className="text-sm text-gray-700">{TEXT.lowStockHint}</p>
      {products.length === 0 ? (
        <p className="mt-2 text-gray-800">{TEXT.lowStockNone}</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-200">
          {products.map((product) => (
            <li key={product._id} className="flex items-center justify-between gap-3">
              <Link {...screenLink(area, `products/${product._id}`)} className={`${LINK} min-w-0`}>
                {product.name}
              </Link>
              <span className={`shrink-0 text-sm font-semibold ${product.remaining === 0 ? 'text-red-700' : 'text-gray-900'}`}>{TEXT.left(product.remaining)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
