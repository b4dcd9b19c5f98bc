import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { SessionData } from '../contract/auth';
import type { AdminOrderDetail } from '../contract/back-office-orders';
import { orderNumber } from '../contract/order-number';
import type { Order } from '../contract/orders';
import type { PushPayload } from '../contract/push';
import { browserSubscription, loopbackPushService } from '../server/modules/push/test-fixtures';
import { ADMIN } from './support/env';
import { type ApiCustomer, confirmIfAwaiting, fillDelivery, inStockProducts, placeOrderThroughApi, seedCart, signedInCustomer, signIn } from './support/app';
import { waitForEmailWithSubject } from './support/outbox';
import { savedQueryKeys } from './support/saved-queries';

let pushService: Awaited<ReturnType<typeof loopbackPushService>>;
/** A device of its own on the spec's push service for each test, so that a test run again counts only its own pushes. */
const newDevicePath = () => `/device-${randomUUID()}`;
const pushesTo = (path: string) => pushService.received.filter((push) => push.path === path);
test.beforeAll(async () => {
  pushService = await loopbackPushService();
});
test.afterAll(() => pushService.close());

/**
 * Headless Chromium has no push service: its PushManager is replaced by one that answers the spec's device (an
 * endpoint on the spec's push service, with keys the spec can decrypt with), keeping the key it was subscribed with.
 */
async function stubPushManager(context: BrowserContext, subscription: ReturnType<typeof browserSubscription>['subscription']) {
  await context.addInitScript(({ endpoint, keys }) => {
    const SAVED = 'test-push-subscription';
    const made = (key: Uint8Array) => ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: key.buffer },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        localStorage.removeItem(SAVED);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      localStorage.setItem(SAVED, JSON.stringify([...key]));
      return made(key) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const saved = localStorage.getItem(SAVED);
      return saved ? (made(new Uint8Array(JSON.parse(saved) as number[])) as unknown as PushSubscription) : null;
    };
  }, subscription);
}

async function servedByServiceWorker(page: Page) {
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 45_000 }).toBe(true);
}

async function checkoutFromCart(page: Page) {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await servedByServiceWorker(page);
  await fillDelivery(page);
}

async function ordersOf(request: APIRequestContext, customer: ApiCustomer): Promise<Order[]> {
  const answer = await request.get(`/api/order/get-order-by-customerId/${customer.id}`, { headers: { Authorization: `Bearer ${customer.token}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: Order[] }).data;
}

async function moveOrder(request: APIRequestContext, orderId: string, statuses: string[]) {
  const signin = await request.post('/api/user/signin', { data: { identifier: ADMIN.email, password: ADMIN.password } });
  const { accessToken } = ((await signin.json()) as { data: SessionData }).data;
  const detail = await request.get(`/api/admin/orders/${orderId}`, { headers: { Authorization: `Bearer ${accessToken}` } });
  await confirmIfAwaiting(request, ((await detail.json()) as { data: AdminOrderDetail }).data.order);
  for (const status of statuses) {
    const moved = await request.patch(`/api/order/update-status/${orderId}`, { headers: { Authorization: `Bearer ${accessToken}` }, data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
}

/**
 * Waits until the messages about the order's delivery have gone out, a push among them had there been one: its email
 * to the customer is in the outbox, then another customer's order, moved after that, pushes to their own device (the
 * server sends messages in the order they were queued, each batch once the one before has gone).
 */
async function deliveryMessagesSent(request: APIRequestContext, customer: ApiCustomer, orderId: string) {
  await waitForEmailWithSubject(customer.email, `Your haat order #${orderNumber(orderId)} was delivered`, 30_000);
  const witnessPath = newDevicePath();
  const witness = browserSubscription(`${pushService.origin}${witnessPath}`);
  const other = await signedInCustomer(request, 'Push Witness');
  const subscribed = await request.post('/api/push/subscriptions', { headers: { Authorization: `Bearer ${other.token}` }, data: witness.subscription });
  expect(subscribed.ok(), await subscribed.text()).toBe(true);
  const [product] = await inStockProducts(request, 1, { minStock: 5, skip: 14 });
  if (!product) throw new Error('the seeded catalogue has too few products in stock');
  const { order } = await placeOrderThroughApi(request, other, product);
  await moveOrder(request, order._id, ['processing', 'shipped']);
  await expect.poll(() => pushesTo(witnessPath).length, { timeout: 30_000 }).toBeGreaterThan(0);
}

/** The service worker's registration id and origin, as DevTools names them, through a CDP session on `page`. */
async function workerRegistration(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: found }) => {
      if (found.some((registration) => !registration.isDeleted)) resolve(found.filter((registration) => !registration.isDeleted));
    });
  });
  await cdp.send('ServiceWorker.enable');
  const [registration] = await registrations;
  if (!registration) throw new Error('no service worker registration');
  return { cdp, registrationId: registration.registrationId, origin: new URL(registration.scopeURL).origin };
}

const shownNotifications = (context: BrowserContext) =>
  context.serviceWorkers()[0]!.evaluate(async () =>
    (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map((notification) => ({
      title: notification.title,
      body: notification.body,
      url: (notification.data as { url: string }).url,
    })),
  );

/**
 * A tap on the notification titled `title`: the worker's own notificationclick handler runs (a synthetic event, whose
 * waitUntil is collected here; headless Chromium cannot click a notification).
 */
const tapNotification = (context: BrowserContext, title: string) =>
  context.serviceWorkers()[0]!.evaluate(async (wanted) => {
    const worker = self as unknown as ServiceWorkerGlobalScope;
    const notification = (await worker.registration.getNotifications()).find((shown) => shown.title === wanted);
    if (!notification) throw new Error(`no notification '${wanted}'`);
    const event = new NotificationEvent('notificationclick', { notification });
    const waiting: Promise<unknown>[] = [];
    Object.defineProperty(event, 'waitUntil', { value: (promise: Promise<unknown>) => waiting.push(promise) });
    worker.dispatchEvent(event);
    await Promise.all(waiting);
  }, title);

test.describe('push notifications and orders placed in the background', () => {
  test.setTimeout(120_000);

  test('after the first order the app offers notifications once; Yes subscribes, a push about the order shows, and its tap opens the order, also offline', async ({
    context,
    page,
    request,
  }) => {
    const devicePath = newDevicePath();
    const device = browserSubscription(`${pushService.origin}${devicePath}`);
    await context.grantPermissions(['notifications']);
    await stubPushManager(context, device.subscription);
    const customer = await signedInCustomer(request, 'Push Shopper');
    const [product] = await inStockProducts(request, 1, { minStock: 5, skip: 10 });
    if (!product) throw new Error('the seeded catalogue has too few products in stock');
    await signIn(page, customer.email, customer.password);
    // Nothing is offered before an order.
    await expect(page.getByRole('heading', { name: 'Follow this order?' })).toHaveCount(0);
    await seedCart(page, [{ product, quantity: 1 }]);
    await checkoutFromCart(page);
    await page.getByRole('button', { name: 'Place Order' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/user/my-orders');
    const offer = page.getByRole('region', { name: 'Follow this order?' });
    await expect(offer).toBeVisible();
    await offer.getByRole('button', { name: 'Yes, notify me' }).click();
    await expect(page.getByText('Notifications are on for this device')).toBeVisible();
    await expect(offer).toHaveCount(0);

    // The server pushes the order's progress to the device it stored for this customer.
    const [order] = await ordersOf(request, customer);
    if (!order) throw new Error('the order was not placed');
    await expect(page.getByText(order._id.slice(-6)).first()).toBeVisible();
    await moveOrder(request, order._id, ['processing', 'shipped']);
    await expect.poll(() => pushesTo(devicePath).length, { timeout: 30_000 }).toBe(1);
    const payload = JSON.parse(device.decrypt(pushesTo(devicePath)[0]!.body)) as PushPayload;
    expect(payload).toMatchObject({ title: `Order #${order._id.slice(-6)} is on its way`, url: `/user/my-orders?order=${order._id}` });

    // The shopper is offline by the time the push arrives and is tapped: the orders page opens from the saved copy,
    // written a moment after the list came in (a page left at once, as a test can, would not have saved it yet).
    await expect.poll(() => savedQueryKeys(page)).toContain(JSON.stringify(['orders', customer.id]));
    await page.goto('/products');
    await context.setOffline(true);
    const worker = await workerRegistration(context, page);
    await worker.cdp.send('ServiceWorker.deliverPushMessage', { origin: worker.origin, registrationId: worker.registrationId, data: JSON.stringify(payload) });
    // The push may have to start the worker first: on a busy machine that takes longer than one check's budget.
    await expect
      .poll(() => shownNotifications(context), { timeout: 30_000 })
      .toContainEqual({ title: payload.title, body: payload.body, url: `${worker.origin}${payload.url}` });
    await tapNotification(context, payload.title);
    // The app starts again offline, from the service worker's copy and the saved cache: slow on a busy machine.
    await expect(page).toHaveURL((url) => url.pathname === '/user/my-orders' && url.searchParams.get('order') === order._id, { timeout: 30_000 });
    await expect(page.getByRole('dialog')).toContainText(order._id.slice(-6));

    // The offer is not made again on this device.
    await context.setOffline(false);
    await page.goto('/user/my-orders');
    await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Follow this order?' })).toHaveCount(0);

    // The account's switch turns them off: the order's next change pushes nothing to the device.
    await page.goto('/user/profile');
    const setting = page.getByRole('switch', { name: 'Order notifications' });
    await expect(setting).toBeChecked();
    await setting.click();
    await expect(page.getByText('Order notifications are off')).toBeVisible();
    await expect(setting).not.toBeChecked();
    await moveOrder(request, order._id, ['delivered']);
    await deliveryMessagesSent(request, customer, order._id);
    expect(pushesTo(devicePath)).toHaveLength(1);

    // Signing out hands the device's endpoint to the server, which forgets it, and ends the browser's subscription.
    const logout = page.waitForRequest((sent) => sent.url().endsWith('/api/user/logout') && sent.method() === 'POST');
    await page.getByRole('button', { name: 'Logout' }).first().click();
    expect((await logout).postDataJSON()).toMatchObject({ pushEndpoint: device.subscription.endpoint });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('test-push-subscription'))).toBeNull();
  });

  test('an order queued offline is placed once by the service worker with the app closed, which tells the outcome; opening the app places nothing more', async ({
    context,
    page,
    request,
  }) => {
    await context.grantPermissions(['notifications']);
    const customer = await signedInCustomer(request, 'Background Shopper');
    const [product] = await inStockProducts(request, 1, { minStock: 5, skip: 12 });
    if (!product) throw new Error('the seeded catalogue has too few products in stock');
    await signIn(page, customer.email, customer.password);
    await seedCart(page, [{ product, quantity: 1 }]);
    await checkoutFromCart(page);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('You are offline — your order will be placed when you are back online', { exact: true })).toBeVisible();
    const queuedForWorker = (on: Page) =>
      on.evaluate(
        () =>
          new Promise<string[]>((resolve) => {
            const open = indexedDB.open('haat-queued-orders');
            // Not created here before the app has: the app creates its store only with the database.
            open.onupgradeneeded = () => open.transaction?.abort();
            open.onerror = () => resolve([]);
            open.onsuccess = () => {
              const read = open.result.transaction('orders').objectStore('orders').getAll();
              read.onsuccess = () => resolve((read.result as { state: string }[]).map((entry) => entry.state));
            };
          }),
      );
    await expect.poll(() => queuedForWorker(page)).toEqual(['queued']);

    // The app is closed; a blank tab keeps the DevTools session to the worker. Nothing has been placed while offline;
    // back online, the browser may fire the sync itself before the test does.
    const blank = await context.newPage();
    const worker = await workerRegistration(context, blank);
    await page.close();
    expect(await ordersOf(request, customer)).toEqual([]);
    await context.setOffline(false);

    await worker.cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: worker.origin,
      registrationId: worker.registrationId,
      tag: 'place-queued-orders',
      lastChance: false,
    });
    await expect.poll(async () => (await ordersOf(request, customer)).length).toBe(1);
    const [order] = await ordersOf(request, customer);
    const number = order!._id.slice(-6);
    await expect
      .poll(() => shownNotifications(context), { timeout: 30_000 })
      .toContainEqual({
        title: `Order #${number} placed`,
        body: 'Your order went through when you were back online. Tap to see it.',
        url: `/user/my-orders?order=${order!._id}`,
      });

    // A second sync finds nothing left to send.
    await worker.cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: worker.origin,
      registrationId: worker.registrationId,
      tag: 'place-queued-orders',
      lastChance: false,
    });

    // Opening the app: its own queued copy of the order takes the worker's outcome instead of sending it again.
    const reopened = await context.newPage();
    await reopened.goto('/user/my-orders');
    await expect(reopened.getByText('Order placed successfully!')).toBeVisible({ timeout: 30_000 });
    await expect(reopened.getByText(number).first()).toBeVisible();
    await expect.poll(() => queuedForWorker(reopened)).toEqual([]);
    expect(await ordersOf(request, customer)).toHaveLength(1);
    await expect.poll(() => reopened.evaluate(() => window.localStorage.getItem('cart'))).toBeNull();
  });
});
