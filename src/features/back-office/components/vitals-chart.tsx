import { useCallback, useId } from 'react';
import { useMessages } from '@/i18n/react';
import { speedText } from '@/messages/speed';
import { useLazyPlot } from '../lib/use-lazy-plot';

export type VitalsDay = { day: string; p75: number | null; samples: number };

/** '2025-11-26' (a Dhaka day) → '26 Nov', read as UTC so the browser's own time zone cannot move it a day. */
export const dayLabel = (day: string, locale: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(locale === 'bn' ? 'bn-BD' : 'en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** The chart's library comes with its own chunk, downloaded when a chart is first shown. */
const loadPlot = () => import('../lib/vitals-plot');
type VitalsLibrary = Awaited<ReturnType<typeof loadPlot>>;

/**
 * A metric's daily p75 as a line against its goal, as wide as its container. The canvas is hidden from screen readers,
 * which get a summary; the screen's tables hold the figures, and say them when the chart cannot load.
 */
export function VitalsChart({
  metric,
  days,
  goal,
  format,
  locale,
}: {
  metric: string;
  days: readonly VitalsDay[];
  goal: number | null;
  format: (value: number) => string;
  locale: string;
}) {
  const text = useMessages(speedText);
  const headingId = useId();
  const draw = useCallback(
    (library: VitalsLibrary, element: HTMLElement, width: number) =>
      library.plotVitals(element, { labels: days.map((day) => dayLabel(day.day, locale)), p75: days.map((day) => day.p75), goal, format }, width),
    [days, goal, format, locale],
  );
  const { target, failed } = useLazyPlot(loadPlot, draw);

  const withSamples = days.filter((day) => day.samples > 0).length;
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {text.chartTitle(metric)}
      </h2>
      <p className="mt-1 text-sm text-gray-700">{goal === null ? text.chartSummaryNoGoal(withSamples) : text.chartSummary(withSamples, format(goal))}</p>
      <div ref={target} aria-hidden="true" className="mt-3 w-full min-w-0 overflow-hidden" />
      {failed && <p className="mt-3 text-sm text-gray-700">{text.chartFailed}</p>}
    </section>
  );
}
