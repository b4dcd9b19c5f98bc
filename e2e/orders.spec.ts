import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Order } from '../contract/orders';
import { inStockProducts, placeOrderThroughApi, signIn, signedInCustomer, type ApiCustomer } from './support/app';

/** An order for one unit of an in-stock product. */
async function placeOrder(request: APIRequestContext, customer: ApiCustomer, paymentMethod: 'cash' | 'mobile-banking') {
  const [product] = await inStockProducts(request, 1);
  return placeOrderThroughApi(request, customer, product!, paymentMethod);
}

const card = (page: Page, order: Order) => page.getByRole('article', { name: `#${order._id.slice(-6)}` });

test('cash order: listed, details, invoice PDF, cancelled after confirmation', async ({ page, request }) => {
  test.setTimeout(60_000);
  const customer = await signedInCustomer(request, 'Order Shopper');
  const { order } = await placeOrder(request, customer, 'cash');
  const short = order._id.slice(-6);

  await signIn(page, customer.email, customer.password);
  await page.goto('/user/my-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  const orderCard = card(page, order);
  await expect(orderCard).toBeVisible();
  await expect(orderCard.getByText('pending', { exact: true })).toBeVisible();
  await expect(orderCard.getByText('unpaid', { exact: true })).toBeVisible();
  await expect(orderCard.getByText(order.items[0]!.productName)).toBeVisible();

  await orderCard.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: `Order #${short}` });
  await expect(details).toBeVisible();
  await expect(details.getByText('Cash on Delivery')).toBeVisible();
  await expect(details.getByText('House 12, Road 4, Dhanmondi, Dhaka, Dhaka')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  const downloading = page.waitForEvent('download');
  await orderCard.getByRole('button', { name: 'Download Invoice' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`invoice-${order._id}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');

  await orderCard.getByRole('button', { name: 'Cancel Order' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`Are you sure you want to cancel order #${short}?`);
  await confirm.getByRole('radio', { name: 'Delivery takes too long' }).check();
  await confirm.getByRole('button', { name: 'Yes, Cancel Order' }).click();
  await expect(page.getByText(`Order #${short} has been cancelled.`)).toBeVisible();
  await expect(orderCard.getByText('cancelled', { exact: true })).toBeVisible();
  await expect(orderCard.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await expect(orderCard).toContainText('You cancelled this order. Your reason: Delivery takes too long');

  await page.getByRole('tab', { name: 'Cancelled' }).click();
  await expect(orderCard).toBeVisible();
  await page.getByRole('tab', { name: 'Pending' }).click();
  await expect(page.getByText('No orders found')).toBeVisible();
});

test('paid mobile-banking order: refund request cancels it and is listed; dashboard totals', async ({ page, request }) => {
  test.setTimeout(60_000);
  const customer = await signedInCustomer(request, 'Order Shopper');
  const cash = await placeOrder(request, customer, 'cash');
  const placed = await placeOrder(request, customer, 'mobile-banking');
  expect(placed.url).toBeTruthy();
  const short = placed.order._id.slice(-6);

  await signIn(page, customer.email, customer.password);
  await page.goto(placed.url!);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();

  await page.goto('/user/my-orders');
  const orderCard = card(page, placed.order);
  await expect(orderCard.getByText('paid', { exact: true })).toBeVisible();

  await orderCard.getByRole('button', { name: 'Cancel Order' }).click();
  const refund = page.getByRole('dialog', { name: 'Cancel order and Submit Refund Request' });
  await refund.getByLabel('Refund Method').selectOption('bkash');
  await refund.getByLabel('Refund Number').fill('01712345678');
  await refund.getByRole('button', { name: 'Submit Refund Request' }).click();
  await expect(page.getByText('Refund request submitted!')).toBeVisible();
  await expect(page.getByRole('dialog')).toContainText(
    'Your order has been cancelled and refund request accepted. It may take up to 48 hours to get the refund. Thank you.',
  );
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(orderCard.getByText('cancelled', { exact: true })).toBeVisible();

  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Refund Request' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Request' })).toBeVisible();
  const refundCard = page.getByRole('listitem').filter({ hasText: `#${short}` });
  await expect(refundCard).toContainText('01712345678');
  await expect(refundCard).toContainText('bKash');
  await expect(refundCard).toContainText(placed.order.transaction_id!);

  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const spent = `৳${cash.order.totalPrice.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(page.getByText('Total Orders').locator('+ dd')).toHaveText('2');
  await expect(page.getByText('Total Spent').locator('+ dd')).toHaveText(spent);
  await expect(page.getByText('Delivered Orders').locator('+ dd')).toHaveText('0');
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);
});
