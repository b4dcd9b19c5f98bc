import { dehydrate, hydrate, MutationObserver, onlineManager, QueryClient, type MutationObserverOptions } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@contract/catalogue';
import { submitReviewMutation } from '@/features/product/api';
import type { OrderPayload } from '@/features/checkout/lib/payload';
import { placeOrderMutation } from '@/features/checkout/lib/place-order';
import { wishlistChangeMutation } from '@/features/wishlist/api';
import { readCart, saveCart } from '@/lib/cart';
import { notify } from '@/lib/notify';
import { ok, requestsMade, stubApi, type FetchMock } from '@/test/api';
import { cartLine, signInAs } from '@/test/fixtures';
import { PLACE_ORDER_MUTATION_KEY } from '@/lib/place-order-key';
import { loadedWhenUsed, registerOfflineActions, REVIEW_MUTATION_KEY } from './offline-actions';

/** What the page sent, as the assertions read it. */
const sentBy = (fetchMock: FetchMock) =>
  requestsMade(fetchMock).map(({ route, body, headers }) => ({ call: route, body, idempotencyKey: headers['idempotency-key'] }));

function newAppClient(): QueryClient {
  const client = new QueryClient();
  registerOfflineActions(client);
  return client;
}

/** Starts a mutation the way a screen's useMutation does, with the options the screen passes. */
function mutate<TData, TVariables, TContext>(client: QueryClient, options: MutationObserverOptions<TData, Error, TVariables, TContext>, variables: TVariables) {
  void new MutationObserver(client, options).mutate(variables).catch(() => {});
}

const product = { _id: 'p1', productName: 'Nakshi kantha' } as Product;
const line = cartLine();
const payload = { customerId: 'id-user', items: [{ productId: 'p1', quantity: 1 }] } as OrderPayload;
const order = (queuedOffline: boolean, from: 'cart' | 'buy now' = 'cart') => ({ payload, idempotencyKey: 'key-0123456789', queuedOffline, from });

beforeEach(() => {
  signInAs('user');
  saveCart([line]);
});

describe('actions taken offline', () => {
  it('a queue saved before a reload is replayed once, in order, by the next start of the app, and the outcome told', async () => {
    const fetchMock = stubApi({
      'POST /api/wishlist/add-to-wishlist/id-user': () => ok({ products: [product] }),
      'DELETE /api/wishlist/remove/id-user/p1': () => ok({ products: [] }),
      'POST /api/products/p1/reviews': { status: 201, body: { success: true, message: 'Review submitted successfully', data: { _id: 'p1' } } },
      'POST /api/order/post-order': () => ok({ order: { _id: 'o1' } }, 201),
    });
    const success = vi.spyOn(notify, 'success');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });

    // The page that queued them, offline.
    onlineManager.setOnline(false);
    const before = newAppClient();
    const heart = { ...wishlistChangeMutation, scope: { id: 'wishlist:id-user' }, meta: { announce: true } };
    mutate(before, heart, { customerId: 'id-user', product, add: true });
    mutate(before, heart, { customerId: 'id-user', product, add: false });
    mutate(before, { ...submitReviewMutation, scope: { id: 'review:p1' } }, { productId: 'p1', review: { userId: 'id-user', stars: 5, text: 'Lovely' } });
    mutate(before, placeOrderMutation, order(true));
    await vi.waitFor(() =>
      expect(
        before
          .getMutationCache()
          .getAll()
          .every((m) => m.state.isPaused),
      ).toBe(true),
    );
    // Meanwhile, another tab adds a line: the order does not take it.
    const addedLater = cartLine({ productId: 'p2', productName: 'Jamdani saree' });
    saveCart([line, addedLater]);
    // The optimistic steps finish long before anyone reloads; that page's mutations never run after it is gone.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const saved = JSON.parse(JSON.stringify(dehydrate(before))) as ReturnType<typeof dehydrate>;
    expect(saved.mutations).toHaveLength(4);
    before.clear();
    expect(sentBy(fetchMock)).toEqual([]);

    // The next start: the actions registered before the saved cache is restored, still offline.
    const after = newAppClient();
    after.mount();
    hydrate(after, saved);
    await after.resumePausedMutations();
    expect(sentBy(fetchMock)).toEqual([]);

    onlineManager.setOnline(true);

    await vi.waitFor(() => expect(after.isMutating()).toBe(0), { timeout: 3000 });
    expect(sentBy(fetchMock).map(({ call }) => call)).toEqual(
      expect.arrayContaining([
        'POST /api/wishlist/add-to-wishlist/id-user',
        'DELETE /api/wishlist/remove/id-user/p1',
        'POST /api/products/p1/reviews',
        'POST /api/order/post-order',
      ]),
    );
    expect(sentBy(fetchMock)).toHaveLength(4);
    const wishlistCalls = sentBy(fetchMock)
      .filter(({ call }) => call.includes('/wishlist/'))
      .map(({ call }) => call.split(' ')[0]);
    expect(wishlistCalls).toEqual(['POST', 'DELETE']);
    expect(sentBy(fetchMock).find(({ call }) => call === 'POST /api/order/post-order')).toMatchObject({ body: payload, idempotencyKey: 'key-0123456789' });
    expect(sentBy(fetchMock).find(({ call }) => call.endsWith('/reviews'))?.body).toEqual({ review: { userId: 'id-user', stars: 5, text: 'Lovely' } });

    expect(success).toHaveBeenCalledWith('Removed from wishlist!');
    expect(success).not.toHaveBeenCalledWith('Added to wishlist!');
    expect(success).toHaveBeenCalledWith('Review submitted successfully');
    // No checkout page is open to take the shopper on: the toast offers the way to the order.
    const placed = success.mock.calls.find(([text]) => text === 'Order placed successfully!');
    const action = placed?.[1]?.action as { label: string; onClick: () => void };
    expect(action.label).toBe('View order');
    action.onClick();
    expect(assign).toHaveBeenCalledWith('/user/my-orders');
    // It came from the cart, which the saved copy remembers: its line left the cart, the later one stayed.
    expect(readCart()).toEqual([addedLater]);
  });

  it('an order from Buy Now replayed after a reload leaves the cart alone', async () => {
    stubApi({ 'POST /api/order/post-order': () => ok({ order: { _id: 'o1' } }, 201) });
    const success = vi.spyOn(notify, 'success');
    onlineManager.setOnline(false);
    const before = newAppClient();
    mutate(before, placeOrderMutation, order(true, 'buy now'));
    await vi.waitFor(() => expect(before.getMutationCache().getAll()[0]?.state.isPaused).toBe(true));
    const saved = JSON.parse(JSON.stringify(dehydrate(before))) as ReturnType<typeof dehydrate>;
    before.clear();

    const after = newAppClient();
    after.mount();
    hydrate(after, saved);
    await after.resumePausedMutations();
    onlineManager.setOnline(true);

    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Order placed successfully!', expect.anything()), { timeout: 3000 });
    expect(readCart()).toEqual([line]);
  });

  it('an order whose answer was lost when the connection dropped is sent again with its key once back, and told once', async () => {
    let attempts = 0;
    const fetchMock = stubApi({
      'POST /api/order/post-order': () => {
        attempts += 1;
        if (attempts > 1) return ok({ order: { _id: 'o1' } });
        // The server took the order, then the connection went before its answer came back.
        onlineManager.setOnline(false);
        return 'network-error';
      },
    });
    const success = vi.spyOn(notify, 'success');
    const error = vi.spyOn(notify, 'error');
    const client = newAppClient();
    client.mount();

    mutate(client, placeOrderMutation, order(false));

    await vi.waitFor(() => expect(client.getMutationCache().getAll()[0]?.state.isPaused).toBe(true), { timeout: 3000 });
    expect(sentBy(fetchMock)).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();

    onlineManager.setOnline(true);

    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Order placed successfully!', expect.anything()));
    expect(sentBy(fetchMock).map(({ idempotencyKey }) => idempotencyKey)).toEqual(['key-0123456789', 'key-0123456789']);
    expect(success).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('a network failure while the browser says it is online is the outcome: told at once, the cart kept', async () => {
    const fetchMock = stubApi({ 'POST /api/order/post-order': () => 'network-error' });
    const error = vi.spyOn(notify, 'error');
    const client = newAppClient();
    client.mount();

    mutate(client, placeOrderMutation, order(false));

    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Failed to place order. Please try again.'));
    expect(sentBy(fetchMock)).toHaveLength(1);
    expect(readCart()).toEqual([line]);
  });

  it('signing out (the client cleared) drops the queue: nothing is sent for the previous shopper', async () => {
    const fetchMock = stubApi({ 'POST /api/order/post-order': () => ok({ order: { _id: 'o1' } }) });
    onlineManager.setOnline(false);
    const client = newAppClient();
    client.mount();
    mutate(client, placeOrderMutation, order(true));
    mutate(client, { ...wishlistChangeMutation, scope: { id: 'wishlist:id-user' } }, { customerId: 'id-user', product, add: true });
    await vi.waitFor(() => expect(client.getMutationCache().getAll()).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 0));

    client.clear();
    onlineManager.setOnline(true);
    await client.resumePausedMutations();

    expect(client.getMutationCache().getAll()).toEqual([]);
    expect(dehydrate(client).mutations).toEqual([]);
    expect(sentBy(fetchMock)).toEqual([]);
  });

  it('the review and order actions are registered under the keys their own modules use', () => {
    expect(submitReviewMutation.mutationKey).toEqual(REVIEW_MUTATION_KEY);
    expect(placeOrderMutation.mutationKey).toEqual(PLACE_ORDER_MUTATION_KEY);
  });

  it('an action loaded when used loads its code once, at its first run, and answers with its request and handlers', async () => {
    const sent = vi.fn(async (n: number) => n * 2);
    const succeeded = vi.fn();
    const load = vi.fn(async () => ({ mutationFn: sent, onSuccess: succeeded }));
    const client = new QueryClient();
    client.setMutationDefaults(['test'], loadedWhenUsed(load));
    expect(load).not.toHaveBeenCalled();

    const observer = new MutationObserver<number, Error, number>(client, { mutationKey: ['test'] });
    await expect(observer.mutate(2)).resolves.toBe(4);
    await expect(observer.mutate(3)).resolves.toBe(6);
    expect(load).toHaveBeenCalledTimes(1);
    expect(succeeded).toHaveBeenCalledTimes(2);
    expect(succeeded.mock.calls[1]?.slice(0, 2)).toEqual([6, 3]);
  });
});
