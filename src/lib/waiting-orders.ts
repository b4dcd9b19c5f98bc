import { useMutationState } from '@tanstack/react-query';
import type { Mutation } from '@tanstack/react-query';
import { orderTotal, sumTaka } from '@contract/money';
import { lineKey, type CartItem } from './cart';
import { PLACE_ORDER_MUTATION_KEY } from './place-order-key';

type WaitingLine = Pick<CartItem, 'productId' | 'productName' | 'image' | 'quantity' | 'subTotal'> & Partial<Pick<CartItem, 'variantId' | 'size' | 'color'>>;

/** What an order being placed carries that is shown before the server has it (checkout's `PlaceOrderVariables`). */
type PlacingOrderVariables = {
  idempotencyKey: string;
  from?: string;
  payload: { customerId: string; items: WaitingLine[]; deliveryFee: number; totalPrice?: number };
};

/** An order the shopper placed that My Orders does not list yet: waiting for the connection, on its way, or just placed. */
export type WaitingOrder = {
  idempotencyKey: string;
  customerId: string;
  items: WaitingLine[];
  /** The total the shopper was shown; without one (the fee was unknown offline), the lines and the fee. */
  total: number;
  /** Its lines came from the cart, and leave it once it is placed. */
  fromCart: boolean;
  state: 'waiting' | 'sending' | 'placed';
  /** Once placed: the order's id, which My Orders lists from its next read on. */
  placedOrderId?: string;
};

function waitingOrderOf(mutation: Mutation): WaitingOrder | null {
  const { status, isPaused } = mutation.state;
  const variables = mutation.state.variables as PlacingOrderVariables | undefined;
  if (!variables?.payload || (status !== 'pending' && status !== 'success')) return null;
  const { payload } = variables;
  const placed = mutation.state.data as { order?: { _id?: string } } | undefined;
  return {
    idempotencyKey: variables.idempotencyKey,
    customerId: payload.customerId,
    items: payload.items,
    total: payload.totalPrice ?? orderTotal({ subTotal: sumTaka(payload.items.map((item) => item.subTotal)), discount: 0, deliveryFee: payload.deliveryFee }),
    fromCart: variables.from === 'cart',
    state: status === 'success' ? 'placed' : isPaused ? 'waiting' : 'sending',
    placedOrderId: placed?.order?._id,
  };
}

/** This customer's orders being placed or just placed (the query cache keeps them across reloads until they are sent). */
export function useWaitingOrders(customerId: string | undefined): WaitingOrder[] {
  const orders = useMutationState({ filters: { mutationKey: PLACE_ORDER_MUTATION_KEY }, select: waitingOrderOf });
  return orders.filter((order): order is WaitingOrder => order !== null && order.customerId === customerId);
}

/**
 * The orders My Orders shows before its list: each until the list it read holds the order placed for it, so one is
 * never shown twice, nor missing between being placed and the list being read again.
 */
export function ordersNotListed(waiting: readonly WaitingOrder[], listedIds: readonly string[]): WaitingOrder[] {
  const listed = new Set(listedIds);
  return waiting.filter((order) => order.state !== 'placed' || (order.placedOrderId !== undefined && !listed.has(order.placedOrderId)));
}

/** The cart lines in an order not placed yet: not offered for checkout again. */
export function linesInWaitingOrders(waiting: readonly WaitingOrder[]): Set<string> {
  return new Set(waiting.filter((order) => order.fromCart && order.state !== 'placed').flatMap((order) => order.items.map(lineKey)));
}
