import { MutationObserver, onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lineKey } from './cart';
import { PLACE_ORDER_MUTATION_KEY } from './place-order-key';
import { linesInWaitingOrders, ordersNotListed, useWaitingOrders } from './waiting-orders';

const line = { productId: 'p1', productName: 'Nakshi kantha', image: '', quantity: 2, subTotal: 2400, size: 'M' };
const variables = (customerId: string, from: string, totalPrice?: number) => ({
  idempotencyKey: `key-${customerId}-${from}`,
  from,
  queuedOffline: true,
  payload: { customerId, items: [line], deliveryFee: 60, ...(totalPrice === undefined ? {} : { totalPrice }) },
});

/** Places an order the way checkout does: paused while offline, sent (and answered with `orderId`) once online. */
function placeOrder(client: QueryClient, vars: ReturnType<typeof variables>, orderId: string) {
  const observer = new MutationObserver<unknown, Error, unknown>(client, {
    mutationKey: PLACE_ORDER_MUTATION_KEY,
    networkMode: 'online',
    mutationFn: async () => ({ order: { _id: orderId } }),
  });
  void observer.mutate(vars).catch(() => {});
}

afterEach(() => onlineManager.setOnline(true));

describe('orders waiting to be placed', () => {
  it("lists this customer's orders waiting for the connection with their lines and total, then as placed once sent", async () => {
    onlineManager.setOnline(false);
    const client = new QueryClient();
    placeOrder(client, variables('u1', 'cart', 2460), 'o1');
    placeOrder(client, variables('u1', 'buy now'), 'o2');
    placeOrder(client, variables('u2', 'cart', 2460), 'o3');
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useWaitingOrders('u1'), { wrapper });

    await waitFor(() => expect(result.current.map((order) => order.state)).toEqual(['waiting', 'waiting']));
    expect(result.current[0]).toMatchObject({ items: [line], total: 2460, fromCart: true });
    // Sent without a total (the fee was unknown offline): the lines and the fee.
    expect(result.current[1]).toMatchObject({ total: 2460, fromCart: false });
    // Only the order from the cart holds cart lines back.
    expect([...linesInWaitingOrders(result.current)]).toEqual([lineKey(line)]);

    onlineManager.setOnline(true);
    await waitFor(() =>
      expect(result.current.map((order) => [order.state, order.placedOrderId])).toEqual([
        ['placed', 'o1'],
        ['placed', 'o2'],
      ]),
    );
    expect(linesInWaitingOrders(result.current).size).toBe(0);
    // Shown until the list holds the order placed for it: never twice, never missing.
    expect(ordersNotListed(result.current, []).map((order) => order.placedOrderId)).toEqual(['o1', 'o2']);
    expect(ordersNotListed(result.current, ['o1']).map((order) => order.placedOrderId)).toEqual(['o2']);
    expect(ordersNotListed(result.current, ['o2', 'o1'])).toEqual([]);
  });
});
