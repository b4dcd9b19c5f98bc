import { adminOrderQuerySchema } from '@contract/back-office-orders';
import { INTL_LOCALES, toLocaleDigits, type Locale } from '@contract/locale';
import type { OrderStatus, PaymentMethod, PaymentStatus } from '@contract/orders';

/** The order queue's filters as the address keeps them, so a reload or a shared link shows the same list. */
export type OrderFilters = {
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  paymentMethod?: PaymentMethod;
  /** Dhaka days, `YYYY-MM-DD`, both included. */
  from?: string;
  to?: string;
  search?: string;
  page: number;
};

export const FILTER_FIELDS = ['status', 'paymentStatus', 'paymentMethod', 'from', 'to', 'search'] as const;
type FilterField = (typeof FILTER_FIELDS)[number];

const fieldSchemas = adminOrderQuerySchema.shape;

/**
 * The filters the address holds, each read with the server's own schema: one that is not valid is left out rather
 * than sent to be refused. The router reads `?search=123456` as a number; the server reads text, so every value is
 * read as its text. `requested` is what the list is asked for: without either day when `from` is after `to`, the
 * server's message for which is `rangeError`.
 */
export function filtersFromSearch(search: Record<string, unknown>): { filters: OrderFilters; requested: OrderFilters; rangeError?: string } {
  const filters: OrderFilters = { page: fieldSchemas.page.safeParse(textOf(search.page)).data ?? 1 };
  for (const field of FILTER_FIELDS) {
    const parsed = fieldSchemas[field].safeParse(textOf(search[field]));
    if (parsed.success && parsed.data !== undefined) (filters as Record<FilterField, unknown>)[field] = parsed.data;
  }
  const range = adminOrderQuerySchema.safeParse(filters);
  if (range.success) return { filters, requested: filters };
  const { from: _from, to: _to, ...withoutRange } = filters;
  return { filters, requested: withoutRange, rangeError: range.error.issues.find((issue) => issue.path[0] === 'from')?.message };
}

const textOf = (value: unknown) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value);

/** The address's search params for these filters: empty ones and the first page left out, so links stay short. */
export function searchOfFilters(filters: OrderFilters): Record<string, string | number> {
  const search: Record<string, string | number> = {};
  for (const field of FILTER_FIELDS) {
    const value = filters[field];
    if (value) search[field] = value;
  }
  if (filters.page > 1) search.page = filters.page;
  return search;
}

/** What the server is asked for: the filters without the page (the CSV export takes every page). */
export function filterQuery(filters: OrderFilters): Record<string, string> {
  const query: Record<string, string> = {};
  for (const field of FILTER_FIELDS) {
    const value = filters[field];
    if (value) query[field] = value;
  }
  return query;
}

/** Bangladesh keeps UTC+6 all year: the shop's times are Dhaka's, whatever the admin's own clock says. */
const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const BANGLA_MONTH = new Intl.DateTimeFormat(INTL_LOCALES.bn, { month: 'long', timeZone: 'UTC' });

/** '02 Nov 2026, 14:05' in Dhaka time ('০২ নভেম্বর ২০২৬, ১৪:০৫'); an unreadable date gives an empty string. */
export function formatDhakaTime(iso: string, locale: Locale = 'en'): string {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  const dhaka = new Date(instant + DHAKA_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  const month = locale === 'bn' ? BANGLA_MONTH.format(dhaka) : MONTHS[dhaka.getUTCMonth()];
  return toLocaleDigits(`${pad(dhaka.getUTCDate())} ${month} ${dhaka.getUTCFullYear()}, ${pad(dhaka.getUTCHours())}:${pad(dhaka.getUTCMinutes())}`, locale);
}
