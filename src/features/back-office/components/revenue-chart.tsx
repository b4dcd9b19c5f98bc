import { useCallback, useId, useState } from 'react';
import { INTL_LOCALES, type Locale } from '@contract/locale';
import { Button } from '@/components/button';
import { useFormat, useMessages } from '@/i18n/react';
import { backOfficeText } from '@/messages/back-office';
import { useLazyPlot } from '../lib/use-lazy-plot';

export type RevenueDay = { date: string; orders: number; revenue: number };

/** '2025-11-26' (a Dhaka day) → '26 Nov' ('২৬ নভেম্বর'); read as UTC so the browser's own time zone cannot move it a day. */
const dayLabel = (date: string, locale: Locale) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(locale === 'en' ? 'en-GB' : INTL_LOCALES[locale], {
    day: 'numeric',
    month: locale === 'en' ? 'short' : 'long',
    timeZone: 'UTC',
  });

/** The chart's library comes with its own chunk, downloaded when a chart is first shown. */
const loadPlot = () => import('../lib/revenue-plot');
type RevenueLibrary = Awaited<ReturnType<typeof loadPlot>>;

/**
 * Revenue per day as bars, as wide as its container; the canvas is hidden from screen readers, which get a summary
 * and, like anyone who asks, the same figures as a table.
 */
export function RevenueChart({ days }: { days: readonly RevenueDay[] }) {
  const text = useMessages(backOfficeText);
  const format = useFormat();
  const { locale } = format;
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  const headingId = useId();
  // Offline before the chunk was ever downloaded, or without a canvas: the table shows the figures instead.
  const draw = useCallback(
    (library: RevenueLibrary, element: HTMLElement, width: number) =>
      library.plotRevenue(
        element,
        {
          labels: days.map((day) => dayLabel(day.date, locale)),
          revenue: days.map((day) => day.revenue),
          names: { day: text.day, revenue: text.revenue },
          locale,
        },
        width,
      ),
    [days, locale, text],
  );
  const { target, failed } = useLazyPlot(loadPlot, draw);

  const total = days.reduce((sum, day) => sum + day.revenue, 0);
  const best = days.reduce<RevenueDay | null>((top, day) => (day.revenue > (top?.revenue ?? 0) ? day : top), null);
  const showTable = tableShown || failed;

  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {text.chartTitle}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{`${text.chartSummary(format.takaExact(total))} ${best ? text.chartBestDay(dayLabel(best.date, locale), format.takaExact(best.revenue)) : text.chartNoSales}`}</p>
      <div ref={target} aria-hidden="true" className="mt-3 w-full min-w-0 overflow-hidden" />
      {failed && <p className="mt-3 text-sm text-gray-700">{text.chartFailed}</p>}
      {!failed && (
        <Button variant="secondary" aria-expanded={tableShown} aria-controls={tableId} onClick={() => setTableShown((shown) => !shown)} className="mt-3">
          {tableShown ? text.hideTable : text.showTable}
        </Button>
      )}
      <div id={tableId} hidden={!showTable} className="mt-3">
        {showTable && (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{text.chartTitle}</caption>
            <thead className="bg-gray-100 text-gray-800">
              <tr>
                <th scope="col" className="px-2 py-1 font-semibold">
                  {text.day}
                </th>
                <th scope="col" className="px-2 py-1 text-right font-semibold">
                  {text.orders}
                </th>
                <th scope="col" className="px-2 py-1 text-right font-semibold">
                  {text.revenue}
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date} className="border-t border-gray-200">
                  <th scope="row" className="px-2 py-1 font-normal text-gray-900">
                    {dayLabel(day.date, locale)}
                  </th>
                  <td className="px-2 py-1 text-right text-gray-800">{format.count(day.orders)}</td>
                  <td className="px-2 py-1 text-right text-gray-800">{format.takaExact(day.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
