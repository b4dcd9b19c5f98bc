import { useQuery } from '@tanstack/react-query';
import { CircleCheck, CircleMinus, TriangleAlert } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { VitalsReport } from '@contract/client-events';
import { toLocaleDigits, type Locale } from '@contract/locale';
import { VITAL_NAMES, VITALS_PERIODS, type ConnectionType, type VitalName } from '@contract/vitals';
import { Tabs } from '@/components/tabs';
import { useFormat, useMessages } from '@/i18n/react';
import { speedText } from '@/messages/speed';
import { ListStates } from '../components/list-states';
import { ScreenTitle } from '../components/screen-title';
import { VitalsChart } from '../components/vitals-chart';
import { vitalsQuery, type VitalsPeriod } from '../lib/vitals-api';

type Figures = VitalsReport['metrics'][number];
type Verdict = 'good' | 'needsWork' | 'noData' | 'noGoal';

/** A p75 against its goal: good at or under it, needs work over it. */
export function verdictOf(p75: number | null, goal: number | null): Verdict {
  if (p75 === null) return 'noData';
  if (goal === null) return 'noGoal';
  return p75 <= goal ? 'good' : 'needsWork';
}

/** Milliseconds as people read them (820 ms, 2.45 s); CLS is a score (0.08). */
export function formatVital(name: VitalName, value: number, locale: Locale): string {
  const text = name === 'CLS' ? value.toFixed(2) : value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(2)} s`;
  return toLocaleDigits(text, locale);
}

/** Good, needs work or no data, said in words beside an icon: never by colour alone. */
function VerdictBadge({ verdict }: { verdict: Verdict }) {
  const text = useMessages(speedText);
  if (verdict === 'noGoal') return null;
  const Icon = verdict === 'good' ? CircleCheck : verdict === 'needsWork' ? TriangleAlert : CircleMinus;
  const look =
    verdict === 'good'
      ? 'bg-green-50 text-green-800 border-green-300'
      : verdict === 'needsWork'
        ? 'bg-amber-50 text-amber-900 border-amber-300'
        : 'bg-gray-50 text-gray-700 border-gray-300';
  return (
    <span className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-sm font-medium ${look}`}>
      <Icon aria-hidden="true" className="size-4" />
      {text[verdict]}
    </span>
  );
}

const METRIC_LABEL = { LCP: 'lcp', INP: 'inp', CLS: 'cls', FCP: 'fcp', TTFB: 'ttfb' } as const satisfies Record<VitalName, string>;

/** The admin's Speed screen: shoppers' web vitals (p75) over the last 7 or 30 days, per page, connection and day. */
export function SpeedPage() {
  const text = useMessages(speedText);
  const { locale, count } = useFormat();
  const [days, setDays] = useState<VitalsPeriod>(7);
  const [metric, setMetric] = useState<VitalName>('LCP');
  const query = useQuery(vitalsQuery(days));
  const format = useCallback((value: number) => formatVital(metric, value, locale), [metric, locale]);

  return (
    <div className="flex flex-col gap-6">
      <ScreenTitle title={text.title} />
      <p className="text-gray-700">{text.intro}</p>
      <Tabs
        label={text.period}
        look="segmented"
        tabs={VITALS_PERIODS.map((period) => ({ id: String(period), label: period === 7 ? text.last7Days : text.last30Days }))}
        selected={String(days)}
        onSelect={(id) => setDays(Number(id) as VitalsPeriod)}
        sharedPanel={
          <ListStates query={query} failed={text.failed} notSaved={text.notSaved} offlineList={text.offlineShown}>
            {(report) => {
              const shown = report.metrics.find((figures) => figures.name === metric);
              return (
                <div className="flex flex-col gap-6">
                  <Overview metrics={report.metrics} />
                  <Tabs
                    label={text.metric}
                    tabs={VITAL_NAMES.map((name) => ({ id: name, label: name }))}
                    selected={metric}
                    onSelect={setMetric}
                    sharedPanel={
                      shown && (
                        <div className="flex flex-col gap-6">
                          <VitalsChart metric={metric} days={shown.daily} goal={shown.goal} format={format} locale={locale} />
                          <FiguresTable
                            title={text.byPage(metric)}
                            heading={text.page}
                            rows={shown.byPage.map((row) => ({ key: row.route, label: row.route, ...row }))}
                            figures={shown}
                            format={format}
                            count={count}
                          />
                          <FiguresTable
                            title={text.byConnection(metric)}
                            heading={text.connection}
                            rows={shown.byConnection.map((row) => ({
                              key: row.connection,
                              label: connectionLabel(row.connection, text.unknownConnection),
                              ...row,
                            }))}
                            figures={shown}
                            format={format}
                            count={count}
                          />
                        </div>
                      )
                    }
                  />
                </div>
              );
            }}
          </ListStates>
        }
      />
    </div>
  );
}

const connectionLabel = (connection: ConnectionType, unknown: string) => (connection === 'unknown' ? unknown : connection);

/** Each metric's p75 over the period, against its goal, with its samples. */
function Overview({ metrics }: { metrics: readonly Figures[] }) {
  const text = useMessages(speedText);
  const { locale, count } = useFormat();
  return (
    <section aria-label={text.overview}>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {metrics.map((figures) => (
          <li key={figures.name} aria-label={figures.name} className="min-w-0 rounded-lg border border-gray-200 bg-white p-4">
            <p className="text-sm font-medium text-gray-700">
              {figures.name} · {text[METRIC_LABEL[figures.name]]}
            </p>
            <p className="mt-1 text-2xl font-bold text-gray-900">
              {figures.overall.p75 === null ? '—' : formatVital(figures.name, figures.overall.p75, locale)}
            </p>
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-700">
              <VerdictBadge verdict={verdictOf(figures.overall.p75, figures.goal)} />
              <span>{text.samples(figures.overall.samples, count(figures.overall.samples))}</span>
            </p>
            <p className="mt-1 text-sm text-gray-700">{figures.goal === null ? text.noGoal : text.goal(formatVital(figures.name, figures.goal, locale))}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

type Row = { key: string; label: string; p75: number | null; samples: number };

function FiguresTable({
  title,
  heading,
  rows,
  figures,
  format,
  count,
}: {
  title: string;
  heading: string;
  rows: Row[];
  figures: Figures;
  format: (value: number) => string;
  count: (value: number) => string;
}) {
  const text = useMessages(speedText);
  return (
    <section className="min-w-0">
      <h2 className="mb-2 text-lg font-semibold text-gray-900">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-gray-700">{text.noSamples}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="bg-gray-100 text-gray-800">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {heading}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {text.p75}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {text.samplesColumn}
                </th>
                {figures.goal !== null && (
                  <th scope="col" className="px-3 py-2 font-semibold">
                    {text.status}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-t border-gray-200">
                  <th scope="row" className="px-3 py-2 font-normal break-all text-gray-900">
                    {row.label}
                  </th>
                  <td className="px-3 py-2 text-right text-gray-800">{row.p75 === null ? '—' : format(row.p75)}</td>
                  <td className="px-3 py-2 text-right text-gray-800">{count(row.samples)}</td>
                  {figures.goal !== null && (
                    <td className="px-3 py-2">
                      <VerdictBadge verdict={verdictOf(row.p75, figures.goal)} />
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
