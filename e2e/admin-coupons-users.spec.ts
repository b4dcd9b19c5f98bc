import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { RegisterResult, SessionData } from '../contract/auth';
import { COUPON_CODE_MAX } from '../contract/coupons';
import { fillDelivery, inStockProducts, registerVerifiedCustomer, seedCart, signIn, uniquePhone } from './support/app';
import { ADMIN } from './support/env';
import { waitForSmsCode } from './support/outbox';

const ADMIN_MENU = 'haat admin';

/** A verified customer who signed up with a phone number (registered and confirmed through the API and the outbox). */
async function registerPhoneCustomer(request: APIRequestContext, name: string): Promise<{ phone: string; password: string }> {
  const phone = uniquePhone();
  const password = 'phone-shopper-1';
  const register = await request.post('/api/user/register', { data: { method: 'phone', name, phone, password, confirmPassword: password } });
  expect(register.ok(), await register.text()).toBe(true);
  const { registration } = ((await register.json()) as { data: RegisterResult }).data;
  const code = await waitForSmsCode(phone);
  const verify = await request.post('/api/user/verify-otp', { data: { phone, code, registration } });
  expect(verify.ok(), await verify.text()).toBe(true);
  return { phone, password };
}

async function openAdminScreen(page: Page, label: 'Coupons' | 'Users') {
  await page.getByRole('navigation', { name: ADMIN_MENU }).getByRole('link', { name: label }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}

/** No sideways scrolling of the page itself (the menu's row of tabs may scroll inside its own box). */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${screen}: the page is wider than the screen`).toBeLessThanOrEqual(clientWidth);
}

async function expectTapTargets(page: Page, screen: string) {
  for (const control of await page.getByRole('main').locator('button:visible, input:visible, select:visible, a:visible').all()) {
    const box = await control.boundingBox();
    expect(box?.height, `${screen}: ${await control.evaluate((element) => element.outerHTML.slice(0, 80))}`).toBeGreaterThanOrEqual(44);
  }
}

test('the admin creates a coupon, and a customer applies it at checkout and sees its discount', async ({ page, browser, request }) => {
  // The admin's screens, registration, the cart and checkout: longer than one screen's default budget.
  test.setTimeout(60_000);
  const code = `TAKA50${Date.now().toString(36).toUpperCase()}`;
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin');
  await openAdminScreen(page, 'Coupons');

  await page.getByRole('button', { name: 'New coupon' }).click();
  const form = page.getByRole('dialog', { name: 'New coupon' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Taka off').check();
  await form.getByLabel('Discount (৳)').fill('50');
  await form.getByLabel('Per-customer limit').fill('1');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByText(`Coupon ${code} created`)).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('৳50 off');
  await expect(row).toContainText('1 per customer');

  // The same code again, in another case, is the server's 409 beside the code.
  await page.getByRole('button', { name: 'New coupon' }).click();
  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Discount (%)').fill('10');
  await form.getByRole('button', { name: 'Create coupon' }).click();
  await expect(form.getByText(`A coupon with the code ${code.toLowerCase()} already exists`)).toBeVisible();
  await form.getByRole('button', { name: 'Close dialog' }).click();

  const customer = await registerVerifiedCustomer(request, 'Coupon Shopper');
  const [product] = await inStockProducts(request, 1, { minStock: 5, skip: 4 });
  if (!product) throw new Error('the seeded catalogue has too few products in stock');
  const shopper = await browser.newContext();
  const checkout = await shopper.newPage();
  await signIn(checkout, customer.email, customer.password);
  await seedCart(checkout, [{ product, quantity: 1 }]);
  await checkout.goto('/cart');
  await checkout.getByRole('button', { name: 'Checkout' }).click();
  await expect(checkout.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await checkout.getByLabel('Coupon Code').fill(code.toLowerCase());
  await checkout.getByRole('button', { name: 'Apply' }).click();
  await expect(checkout.getByTestId('checkout-discount')).toHaveText(/^−৳50(\.00)?$/);
  await fillDelivery(checkout);
  await checkout.getByRole('button', { name: 'Place Order' }).click();
  await expect(checkout.getByText('Order placed successfully!')).toBeVisible();
  await shopper.close();

  // The order placed with it is counted in the coupon's uses so far (the fifth column after its code).
  await page.reload();
  await expect(
    page
      .getByRole('row', { name: new RegExp(code) })
      .getByRole('cell')
      .nth(4),
  ).toHaveText('1');
});

test('the admin finds a customer by phone and makes them a seller, who then reaches /seller', async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  const name = `Seller To Be ${Date.now().toString(36)}`;
  const customer = await registerPhoneCustomer(request, name);
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search by name, email or phone' }).fill(customer.phone);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`search=${customer.phone}`));
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Customer');
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row')).toHaveCount(2);

  await row.getByRole('button', { name: `Change role of ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Change the role of ${name}` });
  await dialog.getByLabel('New role').selectOption('Seller');
  await dialog.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByText(`${name} is now a seller`)).toBeVisible();
  await expect(row).toContainText('Seller');

  const seller = await browser.newContext();
  const sellerPage = await seller.newPage();
  await signIn(sellerPage, customer.phone, customer.password);
  await sellerPage.goto('/seller');
  await expect(sellerPage).toHaveURL(/\/seller$/);
  await expect(sellerPage.getByRole('navigation', { name: 'haat seller' })).toBeVisible();
  await expect(sellerPage.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await seller.close();
});

test("at 360 px the coupons and users screens fit without sideways scroll with 44 px targets, and the admin's own card cannot be deleted", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, ADMIN.email, ADMIN.password);

  await page.goto('/admin/coupons');
  await expect(page.getByRole('list', { name: 'Coupons' }).or(page.getByText('No coupons yet.'))).toBeVisible();
  await expectNoSidewaysScroll(page, 'coupons');
  await expectTapTargets(page, 'coupons');
  await page.getByRole('button', { name: 'New coupon' }).click();
  await expect(page.getByRole('dialog', { name: 'New coupon' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the coupon form');
  await page.keyboard.press('Escape');

  await page.goto(`/admin/users?search=${encodeURIComponent(ADMIN.email)}`);
  const cards = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(ADMIN.email);
  await expect(cards.first()).toContainText('You');
  await expect(cards.first().getByRole('button')).toHaveCount(0);
  await expectNoSidewaysScroll(page, 'users');
  await expectTapTargets(page, 'users');

  // From 768 px the lists are tables; the narrowest of them still fits its longest code and address.
  const customer = await registerVerifiedCustomer(request, 'Customer With A Rather Long Name And Address');
  const signin = await request.post('/api/user/signin', { data: { identifier: ADMIN.email, password: ADMIN.password } });
  const { accessToken } = ((await signin.json()) as { data: SessionData }).data;
  const longCode = `LONG${Date.now()}`.padEnd(COUPON_CODE_MAX, 'X');
  const created = await request.post('/api/coupons', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { code: longCode, kind: 'percent', value: 5 },
  });
  expect(created.ok(), await created.text()).toBe(true);
  await page.setViewportSize({ width: 768, height: 900 });
  for (const [path, table] of [
    [`/admin/coupons?search=${longCode}`, 'Coupons'],
    [`/admin/users?search=${encodeURIComponent(customer.email)}`, 'Users'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('table', { name: table }).getByRole('row')).toHaveCount(2);
    await expectNoSidewaysScroll(page, `${path} at 768 px`);
  }
});
