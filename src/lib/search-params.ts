/*
 * Readers for query-string values. Route search validation runs on the first visit, so it is plain code
 * rather than a schema library; each reader drops a malformed value instead of failing the page, because
 * these URLs are shared and typed by hand.
 */

/** Trimmed text (the router reads `?category=123` as a number; ids and names are text), cut to `max` characters. */
export function optionalText(value: unknown, max = 120): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  return String(value).trim().slice(0, max) || undefined;
}

/** A number from `min` to `max`, from a number or numeric text. */
export function optionalNumberIn(value: unknown, min: number, max: number): number | undefined {
  if (typeof value !== 'number' && (typeof value !== 'string' || value.trim() === '')) return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
}

/** A whole number of at least `min`. */
export function optionalInteger(value: unknown, min: number): number | undefined {
  const n = optionalNumberIn(value, min, Number.MAX_SAFE_INTEGER);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

/** One of the allowed values. */
export function optionalOneOf<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}
