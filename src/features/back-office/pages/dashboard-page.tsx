import { useQuery } from '@tanstack/react-query';
import { orderStatuses } from '@contract/orders';
import { LOW_STOCK_THRESHOLD, type Dashboard } from '@contract/back-office-orders';
import { variantLabel } from '@contract/variants';
import { Alert } from '@/components/alert';
import { buttonClassName } from '@/components/button';
import { OfflineNotice } from '@/components/offline-notice';
import { PageHead } from '@/components/page-head';
import { Skeleton } from '@/components/skeleton';
import { useFormat, useMessages } from '@/i18n/react';
import { isWaitingForNetwork, useOnline } from '@/lib/online';
import { backOfficeText } from '@/messages/back-office';
import { ResponsiveList } from '../components/responsive-list';
import { RevenueChart } from '../components/revenue-chart';
import { SalesPeriods } from '../components/sales-periods';
import { statusLabel } from '../lib/orders/order-text';
import { dashboardQuery } from '../lib/sales-api';
import { ScreenLink } from '../components/screen-link';
import type { ScreenProps } from '../lib/screens';

const CARD = 'min-w-0 rounded-lg border border-gray-200 bg-white p-4';
const LINK = 'inline-flex min-h-11 items-center font-medium break-words text-brand-700 underline underline-offset-2';

/** The admin's first screen: how the shop sells, what waits for them, and what is running out. */
export function DashboardPage({ area }: ScreenProps) {
  const query = useQuery(dashboardQuery());
  const online = useOnline();
  const text = useMessages(backOfficeText);
  const format = useFormat();
  const figures = query.data;
  return (
    <div className="flex flex-col gap-6">
      <PageHead title={text.dashboardTitle} />
      <h1 className="text-2xl font-bold text-gray-900">{text.dashboardTitle}</h1>
      {isWaitingForNetwork(query) ? (
        <OfflineNotice detail={text.dashboardNotSaved} />
      ) : query.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : !figures ? (
        <Alert>{text.dashboardFailed}</Alert>
      ) : (
        <>
          {!online && <p className="text-sm text-gray-700">{text.offlineShown}</p>}
          <SalesPeriods label={text.sales} today={figures.today} last7Days={figures.last7Days} last30Days={figures.last30Days} />
          <div className="grid gap-4 lg:grid-cols-2">
            <OrdersByStatus area={area} counts={figures.ordersByStatus} />
            <section aria-labelledby="dashboard-refunds" className={CARD}>
              <h2 id="dashboard-refunds" className="text-lg font-semibold text-gray-900">
                {text.refundsWaiting}
              </h2>
              <p className="mt-2 text-3xl font-bold text-gray-900">{format.count(figures.refundsWaiting)}</p>
              <p className="mt-1 text-sm text-gray-700">{text.refundsCount(figures.refundsWaiting, format.count(figures.refundsWaiting))}</p>
              <ScreenLink area={area} path="refunds" className={buttonClassName('secondary', 'mt-3')}>
                {text.reviewRefunds}
              </ScreenLink>
            </section>
          </div>
          <RevenueChart days={figures.revenueByDay} />
          <div className="grid gap-4 lg:grid-cols-2">
            <LowStock area={area} products={figures.lowStock} />
            <section aria-labelledby="dashboard-top" className="min-w-0">
              <h2 id="dashboard-top" className="mb-2 text-lg font-semibold text-gray-900">
                {text.topProducts}
              </h2>
              <ResponsiveList
                items={figures.topProducts}
                itemKey={(product) => product.productId}
                label={text.topProducts}
                empty={text.topNone}
                columns={[
                  { key: 'name', header: text.product, primary: true, cell: (product) => product.name },
                  { key: 'quantity', header: text.unitsSold, cell: (product) => format.count(product.quantity) },
                  { key: 'revenue', header: text.revenue, cell: (product) => format.takaExact(product.revenue) },
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
  const text = useMessages(backOfficeText);
  const format = useFormat();
  return (
    <section aria-labelledby="dashboard-statuses" className={CARD}>
      <h2 id="dashboard-statuses" className="text-lg font-semibold text-gray-900">
        {text.byStatus}
      </h2>
      <ul className="mt-2 divide-y divide-gray-200">
        {orderStatuses.map((status) => (
          <li key={status} className="flex items-center justify-between gap-3">
            <ScreenLink area={area} path="orders" search={{ status }} className={LINK}>
              {statusLabel(text, status)}
            </ScreenLink>
            <span className="font-semibold text-gray-900">{format.count(counts[status] ?? 0)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LowStock({ area, products }: { area: ScreenProps['area']; products: Dashboard['lowStock'] }) {
  const text = useMessages(backOfficeText);
  const format = useFormat();
  return (
    <section aria-labelledby="dashboard-low-stock" className={CARD}>
      <h2 id="dashboard-low-stock" className="text-lg font-semibold text-gray-900">
        {text.lowStock}
      </h2>
      <p className="text-sm text-gray-700">{text.lowStockHint(format.count(LOW_STOCK_THRESHOLD))}</p>
      {products.length === 0 ? (
        <p className="mt-2 text-gray-800">{text.lowStockNone}</p>
      ) : (
        <ul className="mt-2 divide-y divide-gray-200">
          {products.map((product) => (
            <li key={`${product._id} ${product.variantId ?? ''}`} className="flex items-center justify-between gap-3">
              <ScreenLink area={area} path={`products/${product._id}`} className={`${LINK} min-w-0`}>
                {product.variantId ? `${product.name} (${variantLabel(product)})` : product.name}
              </ScreenLink>
              <span className={`shrink-0 text-sm font-semibold ${product.remaining === 0 ? 'text-red-700' : 'text-gray-900'}`}>
                {text.left(format.count(product.remaining))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
