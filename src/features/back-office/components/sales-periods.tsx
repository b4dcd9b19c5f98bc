import { useFormat, useMessages } from '@/i18n/react';
import { backOfficeText } from '@/messages/back-office';

type Period = { orders: number; revenue: number; placed?: number };
export type SalesPeriodsProps = { today: Period; last7Days: Period; last30Days: Period; label: string };

/** Revenue and paid orders today and over the last 7 and 30 days, as three cards side by side from a tablet's width. */
export function SalesPeriods({ label, ...periods }: SalesPeriodsProps) {
  const text = useMessages(backOfficeText);
  const format = useFormat();
  return (
    <section aria-label={label}>
      <ul className="grid gap-3 sm:grid-cols-3">
        {(['today', 'last7Days', 'last30Days'] as const).map((key) => {
          const period = periods[key];
          return (
            <li key={key} aria-label={text[key]} className="rounded-lg border border-gray-200 bg-white p-4">
              <p className="text-sm font-medium text-gray-700">{text[key]}</p>
              <p className="mt-1 text-2xl font-bold break-words text-gray-900">{format.takaExact(period.revenue)}</p>
              <p className="mt-1 text-sm text-gray-700">
                {text.ordersPaid(period.orders, format.count(period.orders))}
                {period.placed !== undefined && <span> · {text.ordersPlaced(format.count(period.placed))}</span>}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
