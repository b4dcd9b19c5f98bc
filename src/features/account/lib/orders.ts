import { sumTaka } from '@contract/money';
import { orderNumber, orderNumberSearch } from '@contract/order-number';
import {
  isOnlinePayment,
  paymentMethods,
  paymentStatuses,
  UNPAID_ORDER_MINUTES,
  type CustomerCancelCode,
  type Order,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '@contract/orders';
import type AccountText from '@/messages/account/en';
import type { CartItem } from '@/lib/cart';
import { calendarDay } from '@/lib/dates';

/** Orders are shown by their order number (the last 6 characters of their id). */
export function shortId(id: string): string {
  return orderNumber(id);
}

/* ---------- cancelling ---------- */

export type CancelAction = 'refund' | 'confirm' | 'none';

/**
 * What Cancel Order opens: only pending orders can be cancelled; paid online (card or mobile banking) → the refund
 * dialog; unpaid → the plain confirmation; anything else (refunded) does nothing.
 */
export function cancelAction(order: Pick<Order, 'status' | 'paymentStatus' | 'paymentMethod'>): CancelAction {
  if (order.status !== 'pending') return 'none';
  if (order.paymentStatus === 'paid' && isOnlinePayment(order.paymentMethod)) return 'refund';
  if (order.paymentStatus === 'unpaid') return 'confirm';
  return 'none';
}

/** An online order still waiting for its payment: it can be paid now, until it is released unpaid. */
export const awaitsOnlinePayment = (order: Pick<Order, 'status' | 'paymentStatus' | 'paymentMethod'>): boolean =>
  order.status === 'pending' && order.paymentStatus === 'unpaid' && isOnlinePayment(order.paymentMethod);

/** A cash order waiting for the code texted to its phone (or the shop's call) before the shop prepares it. */
export const awaitsCashConfirmation = (order: Pick<Order, 'status' | 'cashConfirmation'>): boolean =>
  order.status === 'pending' && order.cashConfirmation === 'awaiting';

/* ---------- status tabs ---------- */

/** My Orders' tabs, each with the key of its label. */
export const STATUS_TABS = [
  { id: 'all', label: 'tabAll' },
  { id: 'pending', label: 'tabPending' },
  { id: 'processing', label: 'tabProcessing' },
  { id: 'shipped', label: 'tabShipped' },
  { id: 'delivered', label: 'tabDelivered' },
  { id: 'cancelled', label: 'tabCancelled' },
] as const satisfies readonly { id: OrderStatus | 'all'; label: keyof typeof AccountText }[];
export type StatusTab = (typeof STATUS_TABS)[number]['id'];

/* ---------- the Filter panel ---------- */

/**
 * What the Filter panel narrows the orders to; '' is any. `from` and `to` are calendar days in the shopper's time
 * zone, 'YYYY-MM-DD' as a date input gives them, both included.
 */
export type OrderFilters = { from: string; to: string; paymentStatus: PaymentStatus | ''; paymentMethod: PaymentMethod | '' };

export const NO_ORDER_FILTERS: OrderFilters = { from: '', to: '', paymentStatus: '', paymentMethod: '' };

export const PAYMENT_STATUS_CHOICES: readonly { value: PaymentStatus }[] = paymentStatuses.map((value) => ({ value }));
export const PAYMENT_METHOD_CHOICES: readonly { value: PaymentMethod }[] = paymentMethods.map((value) => ({ value }));

/** The choice a select's value names, or '' (any) for a value that is none of them. */
export function chosen<V extends string>(choices: readonly { value: V }[], value: string): V | '' {
  return choices.find((choice) => choice.value === value)?.value ?? '';
}

/** How many filters are on, for the Filter button: the date range counts once. */
export function activeFilterCount(filters: OrderFilters): number {
  return [filters.from || filters.to, filters.paymentStatus, filters.paymentMethod].filter(Boolean).length;
}

/** The days between `from` and `to` whichever way round they were typed; `reversed` when 'From' came after 'To'. */
export function dayRange({ from, to }: Pick<OrderFilters, 'from' | 'to'>): { first: string; last: string; reversed: boolean } {
  const reversed = from !== '' && to !== '' && from > to;
  return reversed ? { first: to, last: from, reversed } : { first: from, last: to, reversed };
}

/* ---------- search, tabs and filters together ---------- */

type FilteredOrder = Pick<Order, '_id' | 'status' | 'items' | 'createdAt' | 'paymentStatus' | 'paymentMethod'>;

/**
 * Orders in the tab whose id or any item's product name contains the search text, ignoring case, and that pass the
 * Filter panel's choices. The id is found by its number as shown, with or without '#' and in either digit set.
 */
export function filterOrders<T extends FilteredOrder>(orders: readonly T[], search: string, tab: StatusTab, filters: OrderFilters = NO_ORDER_FILTERS): T[] {
  const needle = search.trim().toLowerCase();
  const idNeedle = orderNumberSearch(search);
  const { first, last } = dayRange(filters);
  const inRange = (order: T) => {
    if (!first && !last) return true;
    // The day its card shows: the shopper's own calendar day.
    const day = calendarDay(order.createdAt);
    return day !== '' && (!first || day >= first) && (!last || day <= last);
  };
  return orders.filter(
    (order) =>
      (tab === 'all' || order.status === tab) &&
      (!needle || order._id.toLowerCase().includes(idNeedle ?? needle) || order.items.some((item) => item.productName.toLowerCase().includes(needle))) &&
      (!filters.paymentStatus || order.paymentStatus === filters.paymentStatus) &&
      (!filters.paymentMethod || order.paymentMethod === filters.paymentMethod) &&
      inRange(order),
  );
}

/* ---------- dashboard ---------- */

export const RECENT_ORDERS = 5;

export type DashboardTotals = { totalOrders: number; totalSpent: number; deliveredOrders: number };

/** Whether the shopper has spent an order's total: paid online, or cash on delivery not cancelled. Unpaid online and refunded orders cost nothing. */
const spentOn = (order: Pick<Order, 'status' | 'paymentMethod' | 'paymentStatus'>) =>
  order.status !== 'cancelled' && (isOnlinePayment(order.paymentMethod) ? order.paymentStatus === 'paid' : order.paymentStatus !== 'refunded');

export function dashboardTotals(orders: readonly Pick<Order, 'status' | 'paymentMethod' | 'paymentStatus' | 'totalPrice'>[]): DashboardTotals {
  return {
    totalOrders: orders.length,
    totalSpent: sumTaka(orders.filter(spentOn).map((o) => o.totalPrice)),
    deliveredOrders: orders.filter((o) => o.status === 'delivered').length,
  };
}

/* ---------- order details ---------- */

export function itemCount(order: Pick<Order, 'items'>): number {
  return order.items.reduce((sum, item) => sum + item.quantity, 0);
}

/* ---------- buy again ---------- */

export type BuyAgainState = { cartItems: CartItem[]; from: 'buy again' };

/**
 * The order's lines as cart items for /checkout: unit price from the line's subTotal, stock capped at the quantity
 * bought. Lines whose product no longer exists (productId null) cannot be bought again and are left out.
 */
export function buyAgainState(order: Pick<Order, 'items'>, owner: { id?: string; name?: string }): BuyAgainState {
  const cartItems: CartItem[] = order.items.flatMap((item) =>
    item.productId && item.quantity > 0
      ? [
          {
            productId: item.productId,
            productName: item.productName,
            productCategory: 'Unknown Category',
            price: item.subTotal / item.quantity,
            quantity: item.quantity,
            subTotal: item.subTotal,
            maxStock: item.quantity,
            image: item.image ?? '',
            ...(item.variantId ? { variantId: item.variantId } : {}),
            ...(item.color ? { color: item.color } : {}),
            ...(item.size ? { size: item.size } : {}),
            OwnerId: owner.id ?? '',
            OwnerName: owner.name ?? '',
          },
        ]
      : [],
  );
  return { cartItems, from: 'buy again' };
}

/** The texts an order's notice is made of, in the language on screen. */
export type NoticeText = Pick<
  typeof AccountText,
  | 'awaitingPayment'
  | 'cancelledNotPaid'
  | 'cancelledNotConfirmed'
  | 'cancelledByShop'
  | 'cancelledByYou'
  | 'paidBack'
  | 'yourCancelReason'
  | (typeof CANCEL_KEYS)[CustomerCancelCode]
>;

/** The words of each reason a customer may cancel for. */
export const CANCEL_KEYS = {
  'ordered-by-mistake': 'cancelMistake',
  'found-cheaper': 'cancelCheaper',
  'delivery-too-slow': 'cancelSlow',
  'change-order': 'cancelChange',
  other: 'cancelOther',
} as const satisfies Record<CustomerCancelCode, keyof typeof AccountText>;

/**
 * What the shopper is told about an order's payment or cancellation beside its badges, or null: an online order still
 * waits for its payment for a limited time, and a cancelled one says why (and that a late payment went back).
 * `minutes` is the time it waits, in the digits on screen.
 */
export function orderNotice(
  order: Pick<Order, 'status' | 'paymentStatus' | 'paymentMethod' | 'cancelReason'> & Partial<Pick<Order, 'cancelCode' | 'cancelNote'>>,
  text: NoticeText,
  minutes = String(UNPAID_ORDER_MINUTES),
): string | null {
  if (awaitsOnlinePayment(order)) return text.awaitingPayment(minutes);
  if (order.status !== 'cancelled') return null;
  const refunded = order.paymentStatus === 'refunded' ? ` ${text.paidBack}` : '';
  switch (order.cancelReason) {
    case 'not-paid-in-time':
      return `${text.cancelledNotPaid(minutes)}${refunded}`;
    case 'not-confirmed':
      return text.cancelledNotConfirmed;
    case 'shop':
      return `${text.cancelledByShop}${refunded}`;
    case 'customer': {
      // The reason they picked, in the language on screen, and their own words as they wrote them.
      const picked = order.cancelCode ? [text[CANCEL_KEYS[order.cancelCode]], order.cancelNote].filter(Boolean).join(' — ') : null;
      return `${text.cancelledByYou}${picked ? ` ${text.yourCancelReason(picked)}` : ''}${refunded}`;
    }
    default:
      return refunded ? refunded.trim() : null;
  }
}
