import { queryOptions } from '@tanstack/react-query';
import type { DeliveryZones } from '@contract/delivery';
import { IDEMPOTENCY_HEADER, type OrderQuote, type OrderQuoteRequestInput, type PlacedOrder } from '@contract/orders';
import { api } from '@/lib/api';
import type { CheckoutSource } from '@/lib/navigation-state';
import type { OrderPayload } from './lib/payload';

/** The zones' fees, for the checkout's estimate until the server quotes the district chosen (and offline). */
export const deliveryZonesQuery = queryOptions({
  queryKey: ['delivery-zones'],
  queryFn: async () => (await api<DeliveryZones>('/delivery-zones')).data,
});

/**
 * One attempt at placing an order, all it takes to send it again after a reload: the payload, its Idempotency-Key
 * (so a replay finds the first order instead of making a second), whether it was made offline, and where its lines
 * came from.
 */
export type PlaceOrderVariables = {
  payload: OrderPayload;
  idempotencyKey: string;
  /** Made offline and queued: the shopper is asked before going to a payment page, never sent there unasked. */
  queuedOffline: boolean;
  /** 'cart': once placed, exactly these lines leave the cart. Buy Now, Buy Again (and lines that do not say) leave it alone. */
  from?: CheckoutSource;
};

export const sendOrder = async ({ payload, idempotencyKey }: PlaceOrderVariables) =>
  (await api<PlacedOrder>('/order/post-order', { method: 'POST', body: payload, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })).data;

/** The figures placing these lines with this coupon would charge: the coupon checked for this shopper and cart. */
export const quoteOrder = async (request: OrderQuoteRequestInput) => (await api<OrderQuote>('/order/quote', { method: 'POST', body: request })).data;

/** The lines' quote as the checkout keeps it: per shopper, lines and coupon (the fee is the delivery fees' own read). */
export const checkoutQuoteKey = (userId: string, request: OrderQuoteRequestInput) => ['orders', 'quote', userId, request] as const;
