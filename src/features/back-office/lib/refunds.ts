import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { adminRefundQuerySchema, REFUND_REFERENCE_REQUIRED, refundApproveSchema, type AdminRefund } from '@contract/back-office-orders';
import { refundPayouts } from '@contract/orders';
import type { Page } from '@contract/pages';
import { api } from '@/lib/api';
import { toLocaleDigits, type Locale } from '@contract/locale';
import { formatDateDmy } from '@/lib/dates';

/** The queue's tabs: waiting requests to settle, and the settled ones to look back on. */
export const REFUND_TABS = ['pending', 'refunded', 'rejected'] as const;
export type RefundTab = (typeof REFUND_TABS)[number];

export type RefundQueueSearch = { status: RefundTab; page: number };

/** The screen's search params, read with the server's own rule; anything it refuses (or a status without a tab) opens the waiting list. */
export function refundQueueSearch(search: Record<string, unknown>): RefundQueueSearch {
  const parsed = adminRefundQuerySchema.safeParse(search);
  if (!parsed.success) return { status: 'pending', page: 1 };
  const { status, page } = parsed.data;
  return (REFUND_TABS as readonly string[]).includes(status) ? { status: status as RefundTab, page } : { status: 'pending', page: 1 };
}

export const adminRefundKeys = {
  all: ['back-office', 'refunds'] as QueryKey,
  list: (search: RefundQueueSearch): QueryKey => ['back-office', 'refunds', search.status, search.page],
};

export const adminRefundsQuery = (search: RefundQueueSearch) =>
  queryOptions({
    queryKey: adminRefundKeys.list(search),
    queryFn: async ({ signal }) => (await api<Page<AdminRefund>>('/admin/refunds', { query: { status: search.status, page: search.page }, signal })).data,
  });

/** The approval's rule: the server's, and a refund sent by hand needs its transaction id (the server says the same). */
export const approveFormSchema = refundApproveSchema
  .extend({ payout: z.enum(refundPayouts) })
  .refine((values) => values.payout === 'gateway' || Boolean(values.reference), { message: REFUND_REFERENCE_REQUIRED, path: ['reference'] });
export type ApproveFormValues = z.input<typeof approveFormSchema>;

/** '02 Nov 2026, 14:05' in the admin's own time zone ('০২ নভেম্বর ২০২৬, ১৪:০৫'). */
export function formatDateTime(value: string, locale: Locale = 'en'): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${formatDateDmy(date, locale)}, ${toLocaleDigits(`${pad(date.getHours())}:${pad(date.getMinutes())}`, locale)}`;
}
