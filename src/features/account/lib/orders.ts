import { sumTaka } from '@contract/money';
import { UNPAID_ORDER_MINUTES, type Order, type OrderStatus } from '@contract/orders';
import type { CartItem } from '@/lib/cart';

/** Orders are shown by the last 6 characters of their id. */
export function shortId(id: string): string {
  return id.slice(-6);
}

/** What the order screens say offline when the orders were never loaded on this device. */
export const ORDERS_NOT_SAVED = 'Your orders have not been saved for offline use. Connect to the internet to see them.';

/* ---------- cancelling ---------- */

export type CancelAction = 'refund' | 'confirm' | 'none';

/** Methods whose paid orders are cancelled through a refund request ('ssl' is a card payment through the gateway). */
const REFUNDABLE_METHODS = ['ssl', 'mobile-banking'];
/** Methods whose unpaid orders are cancelled with a plain confirmation. */
const PLAIN_CANCEL_METHODS = ['cash', 'mobile-banking'];

/**
 * What Cancel Order opens: only pending orders can be cancelled; paid by ssl or mobile banking →
 * the refund dialog; unpaid by cash or mobile banking → the plain confirmation; anything else does nothing.
 */
export function cancelAction(order: { status: string; paymentStatus: string; paymentMethod: string }): CancelAction {
  if (order.status !== 'pending') return 'none';
  if (order.paymentStatus === 'paid' && REFUNDABLE_METHODS.includes(order.paymentMethod)) return 'refund';
  if (order.paymentStatus === 'unpaid' && PLAIN_CANCEL_METHODS.includes(order.paymentMethod)) return 'confirm';
  return 'none';
}

/* ---------- search and tabs ---------- */

export const STATUS_TABS = [
  { id: 'all', label: 'All' },
  { id: 'pending', label: 'Pending' },
  { id: 'processing', label: 'Processing' },
  { id: 'shipped', label: 'Shipped' },
  { id: 'delivered', label: 'Delivered' },
  { id: 'cancelled', label: 'Cancelled' },
] as const satisfies readonly { id: OrderStatus | 'all'; label: string }[];
export type StatusTab = (typeof STATUS_TABS)[number]['id'];

/** Orders in the tab whose id or any item's product name contains the search text, ignoring case. */
export function filterOrders<T extends Pick<Order, '_id' | 'status' | 'items'>>(orders: readonly T[], search: string, tab: StatusTab): T[] {
  const needle = search.trim().toLowerCase();
  return orders.filter(
    (order) =>
      (tab === 'all' || order.status === tab) &&
      (!needle || order._id.toLowerCase().includes(needle) || order.items.some((item) => item.productName.toLowerCase().includes(needle))),
  );
}

/* ---------- dashboard ---------- */

export const RECENT_ORDERS = 5;

export type DashboardTotals = { totalOrders: number; totalSpent: number; deliveredOrders: number };

/** Whether the shopper has spent an order's total: paid online, or cash on delivery not cancelled. Unpaid online and refunded orders cost nothing. */
const spentOn = (order: Pick<Order, 'status' | 'paymentMethod' | 'paymentStatus'>) =>
  order.status !== 'cancelled' && (order.paymentMethod === 'cash' ? order.paymentStatus !== 'refunded' : order.paymentStatus === 'paid');

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

export type BuyAgainState = { cartItems: CartItem[]; subtotal: number; from: 'buy again' };

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
            ...(item.color ? { color: item.color } : {}),
            ...(item.size ? { size: item.size } : {}),
            OwnerId: owner.id ?? '',
            OwnerName: owner.name ?? '',
          },
        ]
      : [],
  );
  return { cartItems, subtotal: sumTaka(cartItems.map((item) => item.subTotal)), from: 'buy again' };
}

/**
 * What the shopper is told about an order's payment or cancellation beside its badges, or null: an online order still
 * waits for its payment for a limited time, and a cancelled one says why (and that a late payment went back).
 */
export function orderNotice(order: Pick<Order, 'status' | 'paymentStatus' | 'paymentMethod' | 'cancelReason'>): string | null {
  if (order.status === 'pending' && order.paymentStatus === 'unpaid' && order.paymentMethod !== 'cash') {
    return `Waiting for payment: an order not paid within ${UNPAID_ORDER_MINUTES} minutes is cancelled.`;
  }
  if (order.status !== 'cancelled') return null;
  const refunded = order.paymentStatus === 'refunded' ? ' The payment was paid back.' : '';
  switch (order.cancelReason) {
    case 'not-paid-in-time':
      return `Cancelled: not paid within ${UNPAID_ORDER_MINUTES} minutes.${refunded}`;
    case 'shop':
      return `Cancelled by the shop.${refunded}`;
    case 'customer':
      return `You cancelled this order.${refunded}`;
    default:
      return refunded ? refunded.trim() : null;
  }
}
