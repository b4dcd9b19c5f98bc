import type { VitalName } from '../../../contract/vitals';

/**
 * A fixed, log-spaced bucket scale per metric: bucket 0 holds values up to `base`, bucket i values above
 * base·10^((i-1)/20) up to base·10^(i/20), each about 12 % wider than the one before, and the last bucket everything
 * beyond. 80 buckets span four decades: 10 ms to 89 s for the timings, 0.001 to 8.9 for CLS. A p75 read from it is
 * within a bucket's width (±6 %) of the true one, whatever the number of samples, and a day's page costs one row.
 */
export const BUCKETS = 80;
const STEPS_PER_DECADE = 20;
const BASE: Record<VitalName, number> = { LCP: 10, INP: 10, FCP: 10, TTFB: 10, CLS: 0.001 };
/** Figures are given to the nearest millisecond, and CLS to three decimals. */
const ROUNDING: Record<VitalName, number> = { LCP: 1, INP: 1, FCP: 1, TTFB: 1, CLS: 1000 };

const upperEdge = (metric: VitalName, bucket: number) => BASE[metric] * 10 ** (bucket / STEPS_PER_DECADE);

export function bucketOf(metric: VitalName, value: number): number {
  if (value <= BASE[metric]) return 0;
  const bucket = Math.ceil(Math.log10(value / BASE[metric]) * STEPS_PER_DECADE - 1e-9);
  return Math.min(BUCKETS - 1, bucket);
}

export const emptyHistogram = (): number[] => new Array<number>(BUCKETS).fill(0);

/** Adds `from` into `into`, bucket by bucket. */
export function addInto(into: number[], from: readonly number[]): number[] {
  for (let i = 0; i < BUCKETS; i += 1) into[i] = (into[i] ?? 0) + (from[i] ?? 0);
  return into;
}

/** The 75th percentile, placed linearly inside the bucket it falls in; null for no samples. */
export function p75(metric: VitalName, histogram: readonly number[]): number | null {
  const samples = histogram.reduce((sum, count) => sum + count, 0);
  if (samples === 0) return null;
  const rank = samples * 0.75;
  let below = 0;
  for (let bucket = 0; bucket < BUCKETS; bucket += 1) {
    const count = histogram[bucket] ?? 0;
    if (count > 0 && below + count >= rank) {
      const lower = bucket === 0 ? 0 : upperEdge(metric, bucket - 1);
      const value = lower + ((rank - below) / count) * (upperEdge(metric, bucket) - lower);
      return Math.round(value * ROUNDING[metric]) / ROUNDING[metric];
    }
    below += count;
  }
  return null;
}
