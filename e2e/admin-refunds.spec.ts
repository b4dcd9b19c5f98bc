import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { inStockProducts, placeOrderThroughApi, signIn, signedInCustomer, type ApiCustomer } from './support/app';
import { ADMIN } from './support/env';

/** An order paid online: placed for mobile banking and paid on the sandbox gateway's page, as the customer would. */
async function paidOnlineOrder(page: Page, request: APIRequestContext, customer: ApiCustomer, skip: number) {
  const [product] = await inStockProducts(request, 1, { skip });
  const placed = await placeOrderThroughApi(request, customer, product!, 'mobile-banking');
  expect(placed.url).toBeTruthy();
  await page.goto(placed.url!);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment Successful' })).toBeVisible();
  return placed.order;
}

/** From My Orders: Cancel Order on a paid order opens the refund request, to the customer's bKash number. */
async function requestRefund(page: Page, short: string) {
  await page.goto('/user/my-orders');
  const card = page.getByRole('article', { name: `#${short}` });
  await expect(card.getByText('paid', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Cancel Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel order and Submit Refund Request' });
  await dialog.getByLabel('Refund Method').selectOption('bkash');
  await dialog.getByLabel('Refund Number').fill('01712345678');
  await dialog.getByRole('button', { name: 'Submit Refund Request' }).click();
  await expect(page.getByText('Refund request submitted!')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();
}

/** The admin, in a browser of their own, on the back office's Refunds screen. */
async function adminOnRefunds(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const admin = await context.newPage();
  await signIn(admin, ADMIN.email, ADMIN.password);
  await admin.goto('/admin');
  await admin.getByRole('navigation', { name: 'haat admin' }).getByRole('link', { name: 'Refunds' }).click();
  await expect(admin).toHaveURL(/\/admin\/refunds$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
  await expect(admin.getByRole('tab', { name: 'Waiting' })).toHaveAttribute('aria-selected', 'true');
  return { admin, close: () => context.close() };
}

/** The customer's card for the order on their Refund Request page. */
async function refundCard(page: Page, short: string) {
  await page.goto('/user/refund-request');
  await expect(page.getByRole('heading', { level: 1, name: 'Refund Request' })).toBeVisible();
  return page.getByRole('listitem').filter({ hasText: `#${short}` });
}

test('the admin approves a refund of an order paid online and the customer sees it refunded through the gateway', async ({ page, request, browser }) => {
  test.setTimeout(90_000);
  const customer = await signedInCustomer(request, 'Refund Shopper');
  await signIn(page, customer.email, customer.password);
  const order = await paidOnlineOrder(page, request, customer, 0);
  const short = order._id.slice(-6);
  await requestRefund(page, short);
  await expect(await refundCard(page, short)).toContainText('Waiting for the shop to review your request.');

  const { admin, close } = await adminOnRefunds(browser);
  const row = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: `#${short}` }) });
  await expect(row).toContainText(customer.user.name);
  await expect(row).toContainText('bKash 01712345678');
  await row.getByRole('button', { name: `Approve #${short}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Approve the refund of order #${short}` });
  await expect(dialog.getByRole('radio', { name: 'Through the payment gateway' })).toBeChecked();
  await expect(dialog).toContainText('goes back through the payment gateway');
  await dialog.getByRole('button', { name: 'Approve refund' }).click();
  await expect(admin.getByText(`Refund of order #${short} approved`)).toBeVisible();
  await expect(admin.getByRole('rowheader', { name: `#${short}` })).toHaveCount(0);

  await admin.getByRole('tab', { name: 'Refunded' }).click();
  const settled = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: `#${short}` }) });
  await expect(settled).toContainText('Through the gateway');
  await close();

  const card = await refundCard(page, short);
  await expect(card.getByText('refunded', { exact: true })).toBeVisible();
  await expect(card).toContainText('Refunded Via');
  await expect(card).toContainText('Payment gateway');
});

test('on a phone the admin rejects a refund with a reason, and the customer is shown that reason', async ({ page, request, browser }) => {
  test.setTimeout(90_000);
  const reason = 'The parcel had already left with the courier';
  const customer = await signedInCustomer(request, 'Refund Shopper');
  await signIn(page, customer.email, customer.password);
  const order = await paidOnlineOrder(page, request, customer, 1);
  const short = order._id.slice(-6);
  await requestRefund(page, short);

  const { admin, close } = await adminOnRefunds(browser, { width: 360, height: 740 });
  const card = admin
    .getByRole('list', { name: 'Refunds waiting' })
    .getByRole('listitem')
    .filter({ has: admin.getByRole('heading', { name: `#${short}` }) });
  await card.getByRole('button', { name: `Reject #${short}` }).click();
  const dialog = admin.getByRole('dialog', { name: `Reject the refund of order #${short}` });
  await dialog.getByLabel('Reason for the customer').fill('no');
  await dialog.getByRole('button', { name: 'Reject refund' }).click();
  await expect(dialog.getByText('Give a reason for the customer')).toBeVisible();
  await dialog.getByLabel('Reason for the customer').fill(reason);
  const width = await admin.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(width, 'the Refunds screen scrolls sideways at 360 px').toBeLessThanOrEqual(0);
  await dialog.getByRole('button', { name: 'Reject refund' }).click();
  await expect(admin.getByText(`Refund of order #${short} rejected`)).toBeVisible();

  await admin.getByRole('tab', { name: 'Rejected' }).click();
  await expect(
    admin
      .getByRole('list', { name: 'Refunds rejected' })
      .getByRole('listitem')
      .filter({ hasText: `#${short}` }),
  ).toContainText(reason);
  await close();

  const shown = await refundCard(page, short);
  await expect(shown.getByText('rejected', { exact: true })).toBeVisible();
  await expect(shown).toContainText(`Reason: ${reason}`);
});
