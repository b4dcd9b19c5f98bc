import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Product, Wishlist } from '../contract/catalogue';
import type { Order } from '../contract/orders';
import { type ApiCustomer as Customer, deliverTo, fillDelivery, inStockProducts, SAVAR, seedCart, signedInCustomer, signIn } from './support/app';
import { savedQueuedActions } from './support/saved-queries';

const OFFLINE_ORDER = 'You are offline — your order will be placed when you are back online';
const OFFLINE_REVIEW = 'You are offline — your review will be posted when you are back online';

/** The server's answers, asked outside the browser (whose network is the one switched off). */
async function serverData<T>(request: APIRequestContext, customer: Customer, path: string): Promise<T> {
  const answer = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${customer.token}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: T }).data;
}

const ordersOf = (request: APIRequestContext, customer: Customer) => serverData<Order[]>(request, customer, `/order/get-order-by-customerId/${customer.id}`);
const wishlistOf = async (request: APIRequestContext, customer: Customer) =>
  ((await serverData<Wishlist | null>(request, customer, `/wishlist/get-wishlist/${customer.id}`))?.products ?? []).map((product) => product._id);
const reviewsBy = async (request: APIRequestContext, customer: Customer, productId: string) =>
  (await serverData<Product>(request, customer, `/products/${productId}`)).reviews.filter((review) => review.userId._id === customer.id);

/** Offline, screens not yet opened come from the service worker's copy of the app: wait until it serves this page. */
async function servedByServiceWorker(page: Page) {
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 45_000 }).toBe(true);
}

test.describe('actions taken offline', () => {
  // Registration, the service worker's first install, three screens and the replay: longer than one screen's budget.
  test.setTimeout(90_000);

  test('a wishlist toggle, a review and a cash order made offline are each applied exactly once when the connection returns', async ({
    context,
    page,
    request,
  }) => {
    const customer = await signedInCustomer(request, 'Offline Shopper');
    const [reviewed, ordered] = await inStockProducts(request, 2, { minStock: 5, skip: 6 });
    if (!reviewed || !ordered) throw new Error('the seeded catalogue has too few products in stock');
    // Reviews come from customers who received the product.
    await deliverTo(request, customer, reviewed);
    await signIn(page, customer.email, customer.password);
    await seedCart(page, [{ product: ordered, quantity: 1 }]);
    await page.goto(`/products/${reviewed._id}`);
    await servedByServiceWorker(page);
    // Opened again through the service worker, the page is the app's own, drawn signed in: a page the server rendered
    // is hydrated signed out first, and a tap that came before the session showed would ask to sign in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: reviewed.productName })).toBeVisible();
    const heart = page.getByRole('main').getByRole('button', { name: 'Add to wishlist' }).first();
    await expect(heart).toBeVisible();

    await context.setOffline(true);

    // The heart changes at once.
    await heart.click();
    await expect(page.getByRole('main').getByRole('button', { name: 'Remove from wishlist' }).first()).toHaveAttribute('aria-pressed', 'true');

    // The review is kept, and the form says it waits.
    await page.getByRole('tab', { name: /^Reviews \(\d+\)$/ }).click();
    await page.getByRole('radio', { name: '4 stars' }).check();
    await page.getByLabel('Your review').fill('Kept its colour after many washes.');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText(OFFLINE_REVIEW)).toBeVisible();
    await expect(page.getByText('Your review is waiting for a connection and will be posted when you are back online.')).toBeVisible();

    // The order is kept, and the checkout shows one is waiting.
    await page
      .getByRole('link', { name: /^Cart, \d+ items?$/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await fillDelivery(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText(OFFLINE_ORDER, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Waiting for connection...' })).toBeDisabled();

    // Nothing has reached the server.
    expect(await wishlistOf(request, customer)).toEqual([]);
    expect(await reviewsBy(request, customer, reviewed._id)).toEqual([]);
    expect(await ordersOf(request, customer)).toHaveLength(1);

    await context.setOffline(false);

    // Back online, the three waiting actions are sent: on a busy machine the order's answer takes longer than one check's budget.
    await expect(page.getByText('Order placed successfully!')).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL((url) => url.pathname === '/user/my-orders');
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('cart'))).toBeNull();

    await expect.poll(() => wishlistOf(request, customer)).toEqual([reviewed._id]);
    await expect
      .poll(async () => (await reviewsBy(request, customer, reviewed._id)).map(({ stars, text }) => ({ stars, text })))
      .toEqual([{ stars: 4, text: 'Kept its colour after many washes.' }]);
    const orders = (await ordersOf(request, customer)).filter((order) => order.status === 'pending');
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ paymentMethod: 'cash', deliveryAddress: expect.objectContaining(SAVAR) });
    expect(orders[0]?.items.map((item) => [item.productId, item.quantity])).toEqual([[ordered._id, 1]]);

    // Nothing is sent a second time: the queue is empty, here and in the saved copy.
    await expect.poll(() => savedQueuedActions(page)).toBe(0);
    expect(await ordersOf(request, customer)).toHaveLength(2);
    expect(await reviewsBy(request, customer, reviewed._id)).toHaveLength(1);
  });

  test('an order queued offline comes back after a reload with no connection, and is placed exactly once when it returns', async ({
    context,
    page,
    request,
  }) => {
    const customer = await signedInCustomer(request, 'Offline Shopper');
    const [ordered] = await inStockProducts(request, 1, { minStock: 5, skip: 8 });
    if (!ordered) throw new Error('the seeded catalogue has too few products in stock');
    await signIn(page, customer.email, customer.password);
    await seedCart(page, [{ product: ordered, quantity: 1 }]);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await servedByServiceWorker(page);
    await fillDelivery(page);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText(OFFLINE_ORDER, { exact: true })).toBeVisible();
    await expect.poll(() => savedQueuedActions(page)).toBe(1);

    await page.reload();

    // The queued order is back: the checkout still shows it waiting, and no second one can be made.
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Waiting for connection...' })).toBeDisabled();
    expect(await ordersOf(request, customer)).toEqual([]);

    await context.setOffline(false);

    await expect(page.getByText('Order placed successfully!')).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await ordersOf(request, customer)).length).toBe(1);
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('cart'))).toBeNull();
    await expect.poll(() => savedQueuedActions(page)).toBe(0);
    const [order] = await ordersOf(request, customer);
    expect(order?.items.map((item) => item.productId)).toEqual([ordered._id]);
    expect(await ordersOf(request, customer)).toHaveLength(1);
  });

  test('an order queued offline is in My Orders as waiting, its lines marked in the cart, its address kept on a reload, and becomes the real order online', async ({
    context,
    page,
    request,
  }) => {
    const customer = await signedInCustomer(request, 'Offline Shopper');
    const [ordered] = await inStockProducts(request, 1, { minStock: 5, skip: 10 });
    if (!ordered) throw new Error('the seeded catalogue has too few products in stock');
    await signIn(page, customer.email, customer.password);
    await seedCart(page, [{ product: ordered, quantity: 2 }]);
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await servedByServiceWorker(page);
    await fillDelivery(page);
    // The Grand Total is whole taka, shown with two decimals at checkout and without them in My Orders.
    await expect(page.getByTestId('checkout-grand-total')).toHaveText(/^৳[\d,]+\.00$/);
    const total = (await page.getByTestId('checkout-grand-total').textContent())?.replace(/\.00$/, '') ?? '';

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText(OFFLINE_ORDER, { exact: true })).toBeVisible();
    await expect.poll(() => savedQueuedActions(page)).toBe(1);

    // A reload keeps the delivery address typed.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Waiting for connection...' })).toBeDisabled();
    await expect(page.getByLabel('Shipping Address')).toHaveValue('House 12, Road 4, Block B');
    await expect(page.getByLabel('Phone Number')).toHaveValue('01712345678');
    await expect(page.getByLabel('City/Upazila')).toHaveValue(SAVAR.city);

    // My Orders shows it waiting, with its lines and total.
    await page.goto('/user/my-orders');
    const waiting = page.getByRole('article', { name: 'Waiting for connection' });
    await expect(waiting).toBeVisible();
    await expect(waiting.getByText(ordered.productName)).toBeVisible();
    await expect(waiting.getByText('Qty 2')).toBeVisible();
    await expect(waiting.getByText(total, { exact: true })).toBeVisible();

    // The cart marks its line and offers no second checkout of it.
    await page.goto('/cart');
    await expect(page.getByRole('listitem', { name: ordered.productName }).getByText('In an order waiting for connection')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Checkout' })).toBeDisabled();

    await page.goto('/user/my-orders');
    await expect(waiting).toBeVisible();
    await context.setOffline(false);

    // Placed: the real order takes the waiting one's place, once.
    await expect.poll(async () => (await ordersOf(request, customer)).length).toBe(1);
    const [order] = await ordersOf(request, customer);
    await expect(page.getByRole('article', { name: `#${order?._id.slice(-6)}` })).toBeVisible();
    await expect(page.getByRole('article', { name: /^(Waiting for connection|Sending…|Placed)$/ })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(1);
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('cart'))).toBeNull();
  });
});
