import type { OrderStatus, PaymentMethod, PaymentStatus } from '@contract/orders';
// The `back-office` texts name statuses, payment statuses and methods under the same keys as the `orders` texts.
import { METHOD_KEYS, PAYMENT_KEYS, STATUS_KEYS } from '@/components/order-parts';
import type texts from '@/messages/back-office/en';

type BackOfficeTexts = typeof texts;

/** Short enough for a table cell; the order's page gives the whole name. */
const METHOD_SHORT_KEYS = {
  cash: 'methodCashShort',
  'mobile-banking': 'methodMobileBankingShort',
  ssl: 'methodSslShort',
} as const satisfies Record<PaymentMethod, keyof BackOfficeTexts>;

export const statusLabel = (text: BackOfficeTexts, status: OrderStatus): string => text[STATUS_KEYS[status]];
export const paymentStatusLabel = (text: BackOfficeTexts, status: PaymentStatus): string => text[PAYMENT_KEYS[status]];
export const paymentMethodLabel = (text: BackOfficeTexts, method: PaymentMethod): string => text[METHOD_KEYS[method]];
export const paymentMethodShort = (text: BackOfficeTexts, method: PaymentMethod): string => text[METHOD_SHORT_KEYS[method]];
