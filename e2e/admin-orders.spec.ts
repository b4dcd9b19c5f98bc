import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import type { Order } from '../contract/orders';
import { checkoutCashOrder, confirmIfAwaiting, freshPhone, inStockProducts, registerVerifiedCustomer, signIn, stored } from './support/app';
import { ADMIN } from './support/env';

/** The signed-in customer's orders as the server holds them, newest first. */
async function customerOrders(page: Page): Promise<Order[]> {
  const token = await stored(page, 'token');
  const auth = JSON.parse((await stored(page, 'auth')) ?? 'null') as { user: { _id: string } };
  const answer = await page.request.get(`/api/order/get-order-by-customerId/${auth.user._id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: Order[] }).data;
}

/**
 * A customer places a cash order through the shop: the cart, checkout's delivery form, Place Order. The shop confirms
 * it unless the test gives a `phone` of its own, whose order then waits for confirmation.
 */
async function placeCashOrder(
  page: Page,
  customer: { email: string; password: string },
  product: Awaited<ReturnType<typeof inStockProducts>>[number],
  phone?: string,
) {
  await checkoutCashOrder(page, customer, product, phone);
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
  const [order] = await customerOrders(page);
  if (!order) throw new Error('the order was not placed');
  if (!phone) await confirmIfAwaiting(page.request, order);
  return order;
}

/** No sideways scrolling of the page itself. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${what}: the page is wider than the screen`).toBeLessThanOrEqual(clientWidth);
}

test.describe('the admin ships an order', () => {
  // A customer's checkout and an admin's three changes in two browsers.
  test.setTimeout(90_000);

  test("the admin moves a customer's cash order to delivered and the customer may review it; the filtered CSV holds it", async ({ page, browser, request }) => {
    const name = `Queue Shopper ${Date.now().toString(36)}`;
    const customer = await registerVerifiedCustomer(request, name);
    const [product] = await inStockProducts(request, 1, { minStock: 5, skip: 2 });
    if (!product) throw new Error('the seeded catalogue has no product in stock');
    const order = await placeCashOrder(page, customer, product, freshPhone());
    const number = order._id.slice(-6);

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/admin/orders');
    await expect(admin.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await admin.getByRole('searchbox', { name: 'Search' }).fill(name);
    await admin.getByRole('button', { name: 'Search orders' }).click();
    await expect(admin).toHaveURL(/[?&]search=Queue/);
    const row = admin.getByRole('row', { name: new RegExp(`#${number}`) });
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('Unpaid');
    await row.getByRole('link', { name: `Order #${number}` }).click();

    await expect(admin.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible();
    await expect(admin.getByRole('list', { name: 'Items' })).toContainText(product.productName);
    const status = admin.getByRole('region', { name: 'Status' });
    // A cash order from a new number is confirmed by phone first: until then only cancelling is offered.
    await expect(status).toContainText('Waiting for confirmation');
    await expect(status.getByRole('button')).toHaveText(['Confirmed by phone', 'Cancel order']);
    await status.getByRole('button', { name: 'Confirmed by phone' }).click();
    // Only the next step and cancelling are offered.
    await expect(status.getByRole('button')).toHaveText(['Mark processing', 'Cancel order']);
    await status.getByRole('button', { name: 'Mark processing' }).click();
    await status.getByRole('button', { name: 'Mark shipped' }).click();
    await status.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(status).toContainText('Delivered orders are final');
    await expect(status.getByRole('button')).toHaveCount(0);
    const history = admin.getByRole('list', { name: 'History' }).getByRole('listitem');
    await expect(history).toHaveText([
      /Placed as pending/,
      /Cash confirmation: Waiting for confirmation → Confirmed.*Admin/,
      /Pending → Processing.*Admin/,
      /Processing → Shipped.*Admin/,
      /Shipped → Delivered.*Admin/,
      /Unpaid → Paid/,
    ]);

    // The packing slip needs the admin's token: fetched, then shown in a new tab from the browser's own copy.
    const [slip] = await Promise.all([admin.waitForEvent('popup'), admin.getByRole('button', { name: 'Packing slip' }).click()]);
    await expect.poll(() => slip.url()).toMatch(/^blob:/);
    await slip.close();

    // The customer's My Orders shows it delivered, with a Review button for the product.
    await page.goto('/user/my-orders');
    const card = page.getByRole('article', { name: `#${number}` });
    await expect(card).toContainText('delivered');
    await expect(card.getByRole('button', { name: `Review ${product.productName}` })).toBeVisible();

    // Back in the queue, filtered to delivered orders of this customer: the CSV export holds the order's row.
    await admin.getByRole('link', { name: 'All orders' }).click();
    await admin.getByLabel('Status', { exact: true }).selectOption('delivered');
    await admin.getByRole('searchbox', { name: 'Search' }).fill(name);
    await admin.getByRole('button', { name: 'Search orders' }).click();
    await expect(admin).toHaveURL(/status=delivered/);
    await expect(admin.getByRole('row', { name: new RegExp(`#${number}`) })).toContainText('Delivered');
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('orders.csv');
    const csv = await readFile(await download.path(), 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(order._id);
    expect(lines[1]).toContain(name);
    expect(lines[1]).toContain('"delivered"');
    await adminContext.close();
  });
});

test('at 360 px the order queue and an order fit the screen, with 44 px buttons', async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  const name = `Narrow Shopper ${Date.now().toString(36)}`;
  const customer = await registerVerifiedCustomer(request, name);
  const [product] = await inStockProducts(request, 1, { minStock: 5, skip: 3 });
  if (!product) throw new Error('the seeded catalogue has no product in stock');
  const order = await placeCashOrder(page, customer, product);

  const adminContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN.email, ADMIN.password);
  await admin.goto(`/admin/orders?search=${encodeURIComponent(name)}`);
  const cards = admin.getByRole('list', { name: 'Orders' });
  await expect(cards.getByRole('link', { name: `Order #${order._id.slice(-6)}` })).toBeVisible();
  await expectNoSidewaysScroll(admin, 'the order queue');
  for (const control of await admin.getByRole('main').getByRole('button').all()) {
    expect((await control.boundingBox())?.height, 'a button of the queue').toBeGreaterThanOrEqual(44);
  }

  await cards.getByRole('link', { name: `Order #${order._id.slice(-6)}` }).click();
  await expect(admin.getByRole('region', { name: 'Status' }).getByRole('button', { name: 'Mark processing' })).toBeVisible();
  await expectNoSidewaysScroll(admin, 'an order');
  for (const control of await admin.getByRole('main').getByRole('button').all()) {
    expect((await control.boundingBox())?.height, `${await control.textContent()}`).toBeGreaterThanOrEqual(44);
  }
  await adminContext.close();
});
