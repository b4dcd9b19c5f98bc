import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Locale } from '@contract/locale';
import { formatTaka } from '@contract/money';

/*
 * The revenue chart's drawing, with its library: the dashboard imports this module dynamically, and the build keeps
 * it out of the back office's chunk (vite.config.ts), so only opening the dashboard downloads uPlot.
 */

/**
 * The days' names on the axis ('26 Nov') and their revenue in taka, oldest first; the series' names and the language
 * the amounts are written in.
 */
export type RevenueSeries = { labels: readonly string[]; revenue: readonly number[]; names: { day: string; revenue: string }; locale: Locale };
export type RevenuePlot = { resize: (width: number) => void; destroy: () => void };

const HEIGHT_PX = 220;
const BRAND = '#006a4e';
const BRAND_FILL = 'rgba(0, 106, 78, 0.75)';
/** Whole taka between the amount axis' ticks: 1, 2, 5, 10, 20, 50 … up to 5 crore. */
const WHOLE_TAKA_STEPS = Array.from({ length: 8 }, (_, power) => [1, 2, 5].map((step) => step * 10 ** power)).flat();

/** Draws the days as bars into `target`, `width` px wide; the caller resizes it with its container and destroys it. */
export function plotRevenue(target: HTMLElement, { labels, revenue, names, locale }: RevenueSeries, width: number): RevenuePlot {
  // The page's own faces, which carry the taka sign; the canvas' default font may not.
  const font = `12px ${getComputedStyle(target).fontFamily}`;
  const labelAt = (index: number | null) => (index === null ? '' : (labels[Math.round(index)] ?? ''));
  const plot = new uPlot(
    {
      width,
      height: HEIGHT_PX,
      scales: { x: { time: false, range: (_self, min, max) => [min - 0.5, max + 0.5] }, y: { range: (_self, _min, max) => [0, max > 0 ? max * 1.1 : 100] } },
      series: [
        { label: names.day, value: (_self, index) => labelAt(index) },
        {
          label: names.revenue,
          stroke: BRAND,
          fill: BRAND_FILL,
          width: 1,
          paths: uPlot.paths.bars?.({ size: [0.7, 24] }),
          points: { show: false },
          value: (_self, amount) => (amount === null ? '' : formatTaka(amount, locale)),
        },
      ],
      axes: [
        {
          values: (_self, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? labelAt(tick) : '')),
          incrs: [1, 2, 3, 5, 7, 10, 15],
          space: 48,
          gap: 4,
          font,
        },
        { values: (_self, ticks) => ticks.map((tick) => formatTaka(tick, locale)), incrs: WHOLE_TAKA_STEPS, size: 72, space: 40, font },
      ],
      cursor: { drag: { x: false, y: false } },
    },
    [labels.map((_label, index) => index), [...revenue]],
    target,
  );
  return { resize: (newWidth) => plot.setSize({ width: newWidth, height: HEIGHT_PX }), destroy: () => plot.destroy() };
}
