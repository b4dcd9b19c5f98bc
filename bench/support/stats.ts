/** The middle value of a sample (the mean of the two middle ones for an even count); null for an empty sample. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The median of the runs that produced a figure, with how many did not (a timed-out visit has no time): a figure
 * is reported only when most runs produced it, so one lucky run cannot stand for a page that usually fails.
 */
export function medianOfRuns(values: readonly (number | null)[]): number | null {
  const measured = values.filter((value): value is number => value !== null);
  return measured.length * 2 > values.length ? median(measured) : null;
}
