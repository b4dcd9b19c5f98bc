import { expect, test } from '@playwright/test';
import { orderNumber } from '../contract/order-number';
import { deliverTo, inStockProducts, signIn, signedInCustomer } from './support/app';
import { ADMIN } from './support/env';
import { expectNoSidewaysScroll } from './support/screen-fit';

test('a shopper returns a delivered line on a 360 px phone; the owner approves, receives the parcel and pays back; the shopper sees each step', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await signedInCustomer(request, 'Return Shopper');
  const [product] = await inStockProducts(request, 1);
  const order = await deliverTo(request, customer, product!);
  const number = orderNumber(order._id);

  // The shopper asks on their phone.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  const page = await phone.newPage();
  await signIn(page, customer.email, customer.password);
  await page.goto('/user/my-orders');
  const card = page.getByRole('article', { name: `#${number}` });
  await expect(card.getByText(/You can return items until/)).toBeVisible();
  await card.getByRole('button', { name: 'Return items' }).click();
  const dialog = page.getByRole('dialog', { name: `Return items of order #${number}` });
  await dialog.getByRole('button', { name: 'Ask for the return' }).click();
  await expect(dialog.getByText('Choose the items you send back')).toBeVisible();
  await dialog.getByRole('checkbox', { name: product!.productName }).check();
  await dialog.getByLabel('Why do you return them?').selectOption('damaged');
  await dialog.getByLabel('Pay the money back to', { exact: true }).selectOption('bkash');
  await dialog.getByLabel('Number to pay back to', { exact: true }).fill('01711222333');
  // Everything bought, for the shop's fault: the whole charge comes back.
  await expect(dialog.getByText(/We will pay back ৳/)).toBeVisible();
  await expectNoSidewaysScroll(page, 'the return dialog at 360 px');
  await dialog.getByRole('button', { name: 'Ask for the return' }).click();
  const steps = card.getByRole('region', { name: `Return #${number}` });
  await expect(steps.getByRole('status')).toHaveText('Asked: we will tell you what we decide.');

  // The owner approves: the customer drops it off.
  const office = await browser.newContext();
  const admin = await office.newPage();
  await signIn(admin, ADMIN.email, ADMIN.password);
  await admin.goto('/admin/returns');
  await admin.getByRole('button', { name: `Approve: customer drops off #${number}` }).click();
  await expect(admin.getByText('Return updated')).toBeVisible();
  await expect(steps.getByRole('status')).toHaveText('Approved: please bring the items to our shop.');

  // The parcel comes back.
  await admin.getByRole('tab', { name: 'Approved' }).click();
  await admin.getByRole('button', { name: `Mark received #${number}` }).click();
  await expect(admin.getByRole('tab', { name: 'Approved' })).toHaveAttribute('aria-selected', 'true');
  await expect(admin.getByRole('button', { name: `Mark received #${number}` })).toHaveCount(0);

  // Read in Bangla from here on.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const stepsInBangla = card.getByRole('region', { name: `ফেরত #${number}` });
  await expect(stepsInBangla.getByRole('status')).toContainText('ফেরত পণ্য পেয়েছি।');
  await expectNoSidewaysScroll(page, 'My Orders in Bangla at 360 px');

  // The refund is recorded: sent by hand to the shopper's bKash.
  await admin.getByRole('tab', { name: 'Parcel received' }).click();
  await admin.getByRole('button', { name: `Refund #${number}` }).click();
  const refund = admin.getByRole('dialog', { name: `Refund the return of #${number}` });
  await refund.getByLabel('Transaction id of the transfer').fill('BKX7Q2M9');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await admin.getByRole('tab', { name: 'Refunded' }).click();
  await expect(admin.getByText(`#${number}`).first()).toBeVisible();

  await expect(stepsInBangla.getByRole('status')).toContainText('বিকাশ ০১৭১১২২২৩৩৩-এ ফেরত দেওয়া হয়েছে (লেনদেন BKX7Q2M9)।');
  await office.close();
  await phone.close();
});
