import { expect, test } from '@playwright/test';
import { orderNumber } from '../contract/order-number';
import { inStockProducts, placeOrderThroughApi, signIn, signedInCustomer } from './support/app';
import { ADMIN } from './support/env';
import { expectNoSidewaysScroll } from './support/screen-fit';

test('a shopper cancels with a reason on a 360 px phone and reads it in both languages; an admin sees it and adds a note', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const customer = await signedInCustomer(request, 'Reason Shopper');
  const [product] = await inStockProducts(request, 1);
  const { order } = await placeOrderThroughApi(request, customer, product!, 'cash');
  const number = orderNumber(order._id);

  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  const page = await phone.newPage();
  await signIn(page, customer.email, customer.password);
  await page.goto('/user/my-orders');
  const card = page.getByRole('article', { name: `#${number}` });
  await card.getByRole('button', { name: 'Cancel Order' }).click();
  const dialog = page.getByRole('dialog');
  const reasons = dialog.getByRole('group', { name: 'Why do you want to cancel?' });
  await expect(reasons.getByRole('radio')).toHaveCount(5);
  // Each reason is a whole row a thumb can hit.
  const row = await reasons.locator('label').first().boundingBox();
  expect(row!.height).toBeGreaterThanOrEqual(44);

  await dialog.getByRole('button', { name: 'Yes, Cancel Order' }).click();
  await expect(dialog.getByText('Choose a reason from the list')).toBeVisible();
  await reasons.getByRole('radio', { name: 'I found it cheaper elsewhere' }).check();
  await dialog.getByLabel('A few words (needed for “Other”)').fill('Cheaper at the Gulshan market');
  await expectNoSidewaysScroll(page, 'the cancel dialog at 360 px');
  await dialog.getByRole('button', { name: 'Yes, Cancel Order' }).click();
  await expect(page.getByText(`Order #${number} has been cancelled.`)).toBeVisible();
  await expect(card).toContainText('You cancelled this order. Your reason: I found it cheaper elsewhere — Cheaper at the Gulshan market');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(card).toContainText('আপনি এই অর্ডারটি বাতিল করেছেন। আপনার কারণ: অন্য জায়গায় কম দামে পেয়েছি — Cheaper at the Gulshan market');
  await expectNoSidewaysScroll(page, 'My Orders in Bangla at 360 px');
  await phone.close();

  const office = await browser.newContext();
  const admin = await office.newPage();
  await signIn(admin, ADMIN.email, ADMIN.password);
  await admin.goto(`/admin/orders/${order._id}`);
  const status = admin.getByRole('region', { name: 'Status' });
  await expect(status).toContainText('Cancelled byThe customer');
  await expect(status).toContainText('ReasonFound it cheaper elsewhere');
  await expect(status).toContainText('Words givenCheaper at the Gulshan market');

  const notes = admin.getByRole('region', { name: 'Internal notes' });
  await expect(notes.getByText('No notes yet.')).toBeVisible();
  await notes.getByLabel('New note').fill('Called back: will order again after Eid');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByRole('list', { name: 'Internal notes' }).getByRole('listitem')).toHaveText([/Called back: will order again after Eid.*by /]);

  // The shopper's own answer never carries the note.
  const mine = await request.get(`/api/order/get-order-by-customerId/${customer.id}`, { headers: { Authorization: `Bearer ${customer.token}` } });
  expect(await mine.text()).not.toContain('will order again after Eid');
  await office.close();
});
