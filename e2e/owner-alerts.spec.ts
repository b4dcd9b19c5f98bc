import { expect, test } from '@playwright/test';
import { formatTakaPrecise } from '../contract/money';
import { orderNumber } from '../contract/order-number';
import { inStockProducts, placeOrderThroughApi, signIn, signedInCustomer } from './support/app';
import { ADMIN } from './support/env';
import { waitForEmailWithSubject } from './support/outbox';

test('the admin is mailed a new order, and turns order alerts off and on again on the Orders screen', async ({ page, request }) => {
  test.setTimeout(90_000);
  const customer = await signedInCustomer(request, 'Alerting Shopper');
  const [product] = await inStockProducts(request, 1);
  const { order } = await placeOrderThroughApi(request, customer, product!, 'cash');
  const mail = await waitForEmailWithSubject(ADMIN.email, `New order #${orderNumber(order._id)}: ${formatTakaPrecise(order.totalPrice)}`);
  expect(mail.text).toContain(`/admin/orders/${order._id}`);

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/orders');
  const alerts = page.getByRole('switch', { name: 'Order alerts' });
  await expect(alerts).toBeChecked();
  await alerts.click();
  await expect(page.getByText('Order alerts are off')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Order alerts' })).not.toBeChecked();
  // On again, as every other spec expects the shop's admin to be told.
  await page.getByRole('switch', { name: 'Order alerts' }).click();
  await expect(page.getByText('Order alerts are on')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Order alerts' })).toBeChecked();
});
