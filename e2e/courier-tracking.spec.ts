import { expect, test, type APIRequestContext } from '@playwright/test';
import type { SessionData } from '../contract/auth';
import { orderNumber } from '../contract/order-number';
import { confirmIfAwaiting, inStockProducts, placeOrderThroughApi, signIn, signedInCustomer } from './support/app';
import { ADMIN } from './support/env';
import { expectNoSidewaysScroll } from './support/screen-fit';

/** The admin's token, as the back office holds it. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const signin = await request.post('/api/user/signin', { data: { identifier: ADMIN.email, password: ADMIN.password } });
  expect(signin.ok()).toBe(true);
  return ((await signin.json()) as { data: SessionData }).data.accessToken;
}

for (const language of [
  { locale: 'en', tracking: 'Tracking', booked: 'Handed to the courier', delivered: 'Delivered' },
  { locale: 'bn', tracking: 'ট্র্যাকিং', booked: 'কুরিয়ারের হাতে দেওয়া হয়েছে', delivered: 'পৌঁছে গেছে' },
] as const) {
  test(`the owner books a parcel and the shopper follows it on a 360 px phone (${language.locale})`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const customer = await signedInCustomer(request, `Parcel Shopper ${language.locale}`);
    const [product] = await inStockProducts(request, 1, { minStock: 5, skip: language.locale === 'en' ? 3 : 4 });
    if (!product) throw new Error('the seeded catalogue has no product in stock');
    const { order } = await placeOrderThroughApi(request, customer, product, 'cash');
    await confirmIfAwaiting(request, order);
    const number = orderNumber(order._id);
    const token = await adminToken(request);
    const moved = await request.patch(`/api/admin/orders/${order._id}/status`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { status: 'processing' },
    });
    expect(moved.ok(), await moved.text()).toBe(true);

    // The owner books the parcel from the order's page in the back office.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto(`/admin/orders/${order._id}`);
    await expect(admin.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible();
    const courier = admin.getByRole('region', { name: 'Courier' });
    await courier.getByRole('button', { name: 'Book with the courier' }).click();
    await expect(admin.getByText(new RegExp(`Order #${number} is shipped: tracking code SBX`))).toBeVisible();
    await expect(courier.getByRole('region', { name: 'Tracking' })).toContainText(/Sandbox courier · tracking code SBX[0-9A-F]{12}/);
    const code = /SBX[0-9A-F]{12}/.exec((await courier.textContent()) ?? '')![0];
    await adminContext.close();

    // The shopper, on a phone, in their language, sees the parcel on My Orders.
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
    const shopper = await phone.newPage();
    await signIn(shopper, customer.email, customer.password);
    await shopper.goto(`/user/my-orders?lang=${language.locale}`);
    await expect(shopper.locator('html')).toHaveAttribute('lang', language.locale);
    const card = shopper.getByRole('article', { name: `#${number}` });
    const tracking = card.getByRole('region', { name: language.tracking });
    await expect(tracking).toContainText(code);
    await expect(tracking.getByRole('listitem')).toHaveText([new RegExp(language.booked)]);
    const link = tracking.getByRole('link');
    await expect(link).toHaveAttribute('href', new RegExp(`/api/courier/sandbox/track/${code}$`));
    expect((await link.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await expectNoSidewaysScroll(shopper, 'My Orders with a parcel');

    // The courier delivers it: the open page follows, the timeline grows.
    const delivered = await request.post(`/api/courier/sandbox/deliver/${code}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(delivered.ok(), await delivered.text()).toBe(true);
    await expect(tracking.getByRole('listitem')).toHaveText([new RegExp(language.booked), new RegExp(language.delivered)]);
    await expectNoSidewaysScroll(shopper, 'My Orders with a parcel');
    await phone.close();
  });
}
