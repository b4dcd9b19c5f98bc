import { expect, test, type APIRequestContext } from '@playwright/test';
import type { SessionData } from '../contract/auth';
import type { Dashboard } from '../contract/back-office-orders';
import type { Product, ProductList } from '../contract/catalogue';
import { formatCount, formatTakaExact } from '../contract/money';
import { orderNumber } from '../contract/order-number';
import type { PlacedOrder } from '../contract/orders';
import { deliverTo, signIn, type ApiCustomer } from './support/app';
import { ADMIN, DEMO_CUSTOMER } from './support/env';

/** The seeded demo sellers (server/seed/catalogue-data.ts); their products alternate in the catalogue. */
const SELLER = { email: 'seller1@haat.local', password: 'seller123', name: 'Dhaka Bazaar' };
const OTHER_SELLER_NAME = 'Chattogram Traders';

async function signInThroughApi(request: APIRequestContext, identifier: string, password: string): Promise<SessionData> {
  const answer = await request.post('/api/user/signin', { data: { identifier, password } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: SessionData }).data;
}

async function demoCustomer(request: APIRequestContext): Promise<ApiCustomer> {
  const session = await signInThroughApi(request, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  return { ...DEMO_CUSTOMER, id: session.user._id, user: session.user, token: session.accessToken };
}

async function todaysFigures(request: APIRequestContext, token: string): Promise<Dashboard['today']> {
  const answer = await request.get('/api/admin/dashboard', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: Dashboard }).data.today;
}

/** An in-stock product of the seller named `ownerName`. */
async function productOf(request: APIRequestContext, ownerName: string): Promise<Product> {
  const answer = await request.get('/api/products', { params: { limit: 40 } });
  const product = ((await answer.json()) as { data: ProductList }).data.data.find((p) => p.OwnerId?.name === ownerName && p.remainingProducts >= 3);
  if (!product) throw new Error(`${ownerName} has no product in stock`);
  return product;
}

test("an admin's /admin opens the dashboard: today's sales count a delivered cash order, and the revenue chart is drawn", async ({ page, request }) => {
  const admin = await signInThroughApi(request, ADMIN.email, ADMIN.password);
  const before = await todaysFigures(request, admin.accessToken);
  await deliverTo(request, await demoCustomer(request), await productOf(request, SELLER.name));
  const after = await todaysFigures(request, admin.accessToken);
  expect(after.orders).toBe(before.orders + 1);
  expect(after.revenue).toBeGreaterThan(before.revenue);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const today = page.getByRole('region', { name: 'Sales' }).getByRole('listitem', { name: 'Today' });
  await expect(today).toContainText(formatTakaExact(after.revenue));
  await expect(today).toContainText(`${formatCount(after.orders)} ${after.orders === 1 ? 'order' : 'orders'} paid`);

  const chart = page.getByRole('region', { name: 'Revenue per day, last 30 days' });
  await expect(chart.locator('canvas')).toBeVisible();
  await chart.getByRole('button', { name: 'Show the days as a table' }).click();
  await expect(chart.getByRole('table').getByRole('row')).toHaveCount(31);

  // The chart follows its container down to a phone's width, and the page does not scroll sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect.poll(async () => (await chart.locator('canvas').boundingBox())?.width ?? Infinity).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("a seller's Orders screen shows only their lines of an order that also holds another seller's product", async ({ page, request }) => {
  const customer = await demoCustomer(request);
  const mine = await productOf(request, SELLER.name);
  const theirs = await productOf(request, OTHER_SELLER_NAME);
  const placed = await request.post('/api/order/post-order', {
    headers: { Authorization: `Bearer ${customer.token}` },
    data: {
      customerName: customer.user.name,
      customerEmail: customer.email,
      customerId: customer.id,
      phone: '01712345678',
      cuopon: '',
      items: [mine, theirs].map((product) => ({
        productId: product._id,
        productName: product.productName,
        image: product.productImages[0] ?? null,
        quantity: 1,
        color: product.productColors[0],
        size: product.productSizes[0],
        subTotal: product.productPrice,
      })),
      paymentMethod: 'cash',
      paymentNumber: '',
      deliveryFee: 0,
      deliveryAddress: { division: 'Dhaka', district: 'Dhaka', city: 'Dhanmondi', addressDetails: 'House 12, Road 4' },
    },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const { order } = ((await placed.json()) as { data: PlacedOrder }).data;

  await signIn(page, SELLER.email, SELLER.password);
  await page.goto('/seller/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your revenue' }).getByRole('listitem', { name: 'Today' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Orders with your products' }).getByRole('row', { name: new RegExp(`#${orderNumber(order._id)}`) });
  await expect(row).toContainText(mine.productName);
  await expect(row).not.toContainText(theirs.productName);
  await expect(row).toContainText(customer.user.name);
  await expect(row).toContainText('01712345678');
  await expect(row).toContainText('House 12, Road 4, Dhanmondi, Dhaka, Dhaka');
});
