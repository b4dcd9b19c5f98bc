import { Page } from '@/components/page';
import { Skeleton } from '@/components/skeleton';
import { Alert } from '@/components/alert';
import { OfflineNotice } from '@/components/offline-notice';
import { useFormat, useMessages } from '@/i18n/react';
import { accountText } from '@/messages/account';
import { isWaitingForNetwork } from '@/lib/online';
import { useOrders } from '../api';
import { DashboardStatusBadge } from '@/components/order-parts';
import { dashboardTotals, RECENT_ORDERS, shortId } from '../lib/orders';

export function DashboardPage() {
  const text = useMessages(accountText);
  const format = useFormat();
  const ordersResult = useOrders();
  const { data: orders, isPending, isError } = ordersResult;
  const totals = dashboardTotals(orders ?? []);
  const recent = (orders ?? []).slice(0, RECENT_ORDERS);

  const stats = [
    { label: text.totalOrders, value: format.count(totals.totalOrders) },
    { label: text.totalSpent, value: format.takaExact(totals.totalSpent) },
    { label: text.deliveredOrders, value: format.count(totals.deliveredOrders) },
  ];

  if (isWaitingForNetwork(ordersResult)) {
    return (
      <Page title={text.dashboard}>
        <OfflineNotice detail={text.ordersNotSaved} />
      </Page>
    );
  }

  return (
    <Page title={text.dashboard}>
      {isError && <Alert className="mt-4">{text.ordersLoadFailed}</Alert>}
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-lg border border-gray-200 bg-white p-4">
            <dt className="text-sm font-medium text-gray-700">{stat.label}</dt>
            <dd className="mt-1 text-2xl font-bold text-gray-900">{isPending ? <Skeleton className="h-8 w-24" /> : stat.value}</dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="recent-orders" className="mt-6">
        <h2 id="recent-orders" className="text-lg font-semibold text-gray-900">
          {text.recentOrders}
        </h2>
        <div className="mt-2 overflow-x-auto rounded-lg border border-gray-200">
          <table className="w-full min-w-[420px] text-left text-sm">
            <thead className="bg-gray-50 text-gray-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {text.orderId}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {text.date}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {text.total}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {text.status}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-200">
              {isPending
                ? Array.from({ length: 3 }, (_, i) => (
                    <tr key={i}>
                      <td colSpan={4} className="px-3 py-2">
                        <Skeleton className="h-6 w-full" />
                      </td>
                    </tr>
                  ))
                : recent.map((order) => (
                    <tr key={order._id}>
                      <td className="px-3 py-2 font-mono">#{shortId(order._id)}</td>
                      <td className="px-3 py-2">{format.dateMdy(order.createdAt)}</td>
                      <td className="px-3 py-2">{format.takaExact(order.totalPrice)}</td>
                      <td className="px-3 py-2">
                        <DashboardStatusBadge status={order.status} />
                      </td>
                    </tr>
                  ))}
              {!isPending && recent.length === 0 && (
                <tr>
                  <td colSpan={4} className="px-3 py-4 text-center text-gray-700">
                    {text.noOrders}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </section>
    </Page>
  );
}
