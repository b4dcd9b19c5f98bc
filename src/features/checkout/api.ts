import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER, type OrderCreateInput, type PlacedOrder, type ShippingFees } from '@contract/orders';
import { api } from '@/lib/api';

export const shippingFeesQuery = queryOptions({
  queryKey: ['shipping-fee'],
  queryFn: async () => (await api<ShippingFees>('/shipping-fee/get')).data,
});

export type PlaceOrderVariables = { payload: OrderCreateInput; idempotencyKey: string };

export const placeOrder = async ({ payload, idempotencyKey }: PlaceOrderVariables) =>
  (await api<PlacedOrder>('/order/post-order', { method: 'POST', body: payload, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } })).data;

/**
 * Places the order. It fails at once when offline instead of pausing, so the button never stays busy with no
 * word to the shopper; the Idempotency-Key makes the retry safe. Cached order lists are stale afterwards.
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    networkMode: 'always',
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['orders'] }),
  });
}
