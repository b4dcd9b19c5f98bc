import type { CancelCode, CancelReason, OrderStatus, PaymentMethod, PaymentStatus } from '@contract/orders';
// The `back-office` texts name statuses, payment statuses and methods under the same keys as the `orders` texts.
import { METHOD_KEYS, PAYMENT_KEYS, STATUS_KEYS } from '@/components/order-parts';
import type texts from '@/messages/back-office/en';
import type orderTexts from '@/messages/back-office-orders/en';

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

type OrderTexts = typeof orderTexts;

/** The words of each reason an order may be cancelled for, the customer's and the shop's. */
const CANCEL_CODE_KEYS = {
  'ordered-by-mistake': 'customerCancelMistake',
  'found-cheaper': 'customerCancelCheaper',
  'delivery-too-slow': 'customerCancelSlow',
  'change-order': 'customerCancelChange',
  'customer-asked': 'shopCancelCustomerAsked',
  'customer-unreachable': 'shopCancelUnreachable',
  'out-of-stock': 'shopCancelOutOfStock',
  'suspected-fake': 'shopCancelSuspectedFake',
  other: 'cancelOtherReason',
} as const satisfies Record<CancelCode, keyof OrderTexts>;

/** Who cancelled, or which of the shop's own rules did. */
const CANCELLED_BY_KEYS = {
  customer: 'byCustomer',
  shop: 'byShop',
  'not-paid-in-time': 'byNotPaid',
  'not-confirmed': 'byNotConfirmed',
  returned: 'byReturned',
} as const satisfies Record<CancelReason, keyof OrderTexts>;

export const cancelCodeLabel = (text: OrderTexts, code: CancelCode): string => text[CANCEL_CODE_KEYS[code]];
export const cancelledByLabel = (text: OrderTexts, by: CancelReason): string => text[CANCELLED_BY_KEYS[by]];
