import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/*
 * The Speed screen's chart, with its library: imported dynamically, and kept out of the back office's chunk like the
 * dashboard's revenue chart (vite.config.ts), so only opening the chart downloads uPlot.
 */

/** Each day's name on the axis ('26 Nov') and its p75 (null without samples), oldest first, and the goal if any. */
export type VitalsSeries = { labels: readonly string[]; p75: readonly (number | null)[]; goal: number | null; format: (value: number) => string };
export type VitalsPlot = { resize: (width: number) => void; destroy: () => void };

const HEIGHT_PX = 220;
const BRAND = '#006a4e';
const GOAL = '#8a4b00';

/** Draws the days' p75 as a line (gaps where a day had no samples) and the goal as a dashed line, `width` px wide. */
export function plotVitals(target: HTMLElement, { labels, p75, goal, format }: VitalsSeries, width: number): VitalsPlot {
  const font = `12px ${getComputedStyle(target).fontFamily}`;
  const labelAt = (index: number | null) => (index === null ? '' : (labels[Math.round(index)] ?? ''));
  const highest = Math.max(goal ?? 0, ...p75.map((value) => value ?? 0));
  const plot = new uPlot(
    {
      width,
      height: HEIGHT_PX,
      scales: { x: { time: false }, y: { range: () => [0, highest > 0 ? highest * 1.15 : 1] } },
      series: [
        { label: 'Day', value: (_self, index) => labelAt(index) },
        {
          label: 'p75',
          stroke: BRAND,
          width: 2,
          spanGaps: false,
          points: { show: true, size: 5 },
          value: (_self, value) => (value === null ? '' : format(value)),
        },
        { label: 'Goal', stroke: GOAL, width: 1, dash: [6, 4], points: { show: false }, value: (_self, value) => (value === null ? '' : format(value)) },
      ],
      axes: [
        {
          values: (_self, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? labelAt(tick) : '')),
          incrs: [1, 2, 3, 5, 7, 10, 15],
          space: 48,
          gap: 4,
          font,
        },
        { values: (_self, ticks) => ticks.map((tick) => format(tick)), size: 64, space: 40, font },
      ],
      cursor: { drag: { x: false, y: false } },
    },
    [labels.map((_label, index) => index), [...p75], labels.map(() => goal)],
    target,
  );
  return { resize: (newWidth) => plot.setSize({ width: newWidth, height: HEIGHT_PX }), destroy: () => plot.destroy() };
}
