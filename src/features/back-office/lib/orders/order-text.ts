import type { OrderStatus, PaymentMethod, PaymentStatus } from '@contract/orders';
import type texts from '@/messages/back-office/en';

type BackOfficeTexts = typeof texts;

/** Where each order status, payment status and method finds its words in the `back-office` texts. */
const STATUS_KEYS = {
  pending: 'statusPending',
  processing: 'statusProcessing',
  shipped: 'statusShipped',
  delivered: 'statusDelivered',
  cancelled: 'statusCancelled',
} as const satisfies Record<OrderStatus, keyof BackOfficeTexts>;

const PAYMENT_STATUS_KEYS = { unpaid: 'paymentUnpaid', paid: 'paymentPaid', refunded: 'paymentRefunded' } as const satisfies Record<PaymentStatus, keyof BackOfficeTexts>;

const METHOD_KEYS = { cash: 'methodCash', 'mobile-banking': 'methodMobileBanking', ssl: 'methodSsl' } as const satisfies Record<PaymentMethod, keyof BackOfficeTexts>;

/** Short enough for a table cell; the order's page gives the whole name. */
const METHOD_SHORT_KEYS = {
  cash: 'methodCashShort',
  'mobile-banking': 'methodMobileBankingShort',
  ssl: 'methodSslShort',
} as const satisfies Record<PaymentMethod, keyof BackOfficeTexts>;

export const statusLabel = (text: BackOfficeTexts, status: OrderStatus): string => text[STATUS_KEYS[status]];
export const paymentStatusLabel = (text: BackOfficeTexts, status: PaymentStatus): string => text[PAYMENT_STATUS_KEYS[status]];
export const paymentMethodLabel = (text: BackOfficeTexts, method: PaymentMethod): string => text[METHOD_KEYS[method]];
export const paymentMethodShort = (text: BackOfficeTexts, method: PaymentMethod): string => text[METHOD_SHORT_KEYS[method]];
