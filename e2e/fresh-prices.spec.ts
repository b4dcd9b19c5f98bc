import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { SessionData } from '../contract/auth';
import type { Order } from '../contract/orders';
import { fillDelivery, inStockProducts, seedCart, serverOrders, signedInCustomer, signIn } from './support/app';
import { ADMIN } from './support/env';
import { savedQueryKeys } from './support/saved-queries';

/** A changed figure replaces the saved copy within this long of the page opening. */
const CURRENT_WITHIN_MS = 2_000;

async function adminToken(request: APIRequestContext): Promise<string> {
  const signin = await request.post('/api/user/signin', { data: { identifier: ADMIN.email, password: ADMIN.password } });
  expect(signin.ok()).toBe(true);
  return ((await signin.json()) as { data: SessionData }).data.accessToken;
}

/** The shop sets the product's price (no discount) and stock, as the back office would. */
async function setPrice(request: APIRequestContext, token: string, productId: string, price: number, stock: number) {
  const changed = await request.put(`/api/products/${productId}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { productOriginalPrice: price, productDiscount: 0, remainingProducts: stock },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
}

/** A 3G link for the page: 300 ms round trips, 1.6 Mbit/s down, 750 kbit/s up. */
async function on3G(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 300, downloadThroughput: 200_000, uploadThroughput: 94_000 });
}

const priceOnPage = (page: Page) =>
  page
    .getByRole('main')
    .locator('p', { hasText: /^Price\s/ })
    .first();

test('a returning shopper (service worker, saved cache) sees a changed price and stock within 2 s, opening the page and going back to it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const [product] = await inStockProducts(request, 1, { skip: 7 });
  if (!product) throw new Error('the seeded catalogue has too few products in stock');
  await setPrice(request, token, product._id, 1305, 25);

  await page.goto('/');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.goto(`/products/${product._id}`);
  await expect(priceOnPage(page)).toHaveText(/৳1,305/);
  await expect(page.getByText('25 available')).toBeVisible();
  await expect.poll(async () => (await savedQueryKeys(page)).includes(JSON.stringify(['products', 'detail', product._id])), { timeout: 15_000 }).toBe(true);
  const kept = await page.evaluate(
    async (id) => (await caches.open('catalogue')).match(`/api/products/${id}`).then((answer) => answer !== undefined),
    product._id,
  );
  expect(kept, "the service worker's copy of the product").toBe(true);

  await setPrice(request, token, product._id, 1080, 3);
  await on3G(page);
  // Within 2 s of the page having loaded (its saved copy painted), the server's figures.
  await page.reload();
  await expect(priceOnPage(page)).toHaveText(/৳1,080/, { timeout: CURRENT_WITHIN_MS });
  await expect(page.getByText('3 available')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Price updated' })).toBeVisible();

  // Away to the home page, the price changes, and Back: the page shows what it showed, then the new price.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await setPrice(request, token, product._id, 1620, 3);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: product.productName })).toBeVisible();
  await expect(priceOnPage(page)).toHaveText(/৳1,620/, { timeout: CURRENT_WITHIN_MS });
});

test('a changed total at checkout shows the new figures with what changed, and one tap places the order at the new total', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await adminToken(request);
  const customer = await signedInCustomer(request, 'Fresh Prices Shopper');
  const [product] = await inStockProducts(request, 1, { skip: 8 });
  if (!product) throw new Error('the seeded catalogue has too few products in stock');
  await setPrice(request, token, product._id, 1080, 20);
  const fresh = { ...product, productPrice: 1080, productOriginalPrice: 1080, productDiscount: 0, remainingProducts: 20 };

  await signIn(page, customer.email, customer.password);
  await seedCart(page, [{ product: fresh, quantity: 1 }]);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await fillDelivery(page);
  await expect(page.getByTestId('checkout-grand-total')).toHaveText('৳1,140.00');

  // The owner raises the price while the shopper fills the form.
  await setPrice(request, token, product._id, 1620, 20);
  await page.getByRole('button', { name: 'Place Order' }).click();
  const again = page.getByRole('button', { name: 'Place Order at ৳1,680.00' });
  await expect(again).toBeVisible();
  await expect(page.getByTestId('checkout-grand-total')).toHaveText('৳1,680.00');
  await expect(page.getByRole('region', { name: 'Price changes' })).toContainText('৳1,080 → ৳1,620 each');

  await again.click();
  await expect(page).toHaveURL((url) => url.pathname === '/user/my-orders');
  const orders: Order[] = await serverOrders(page);
  expect(orders.map((order) => order.totalPrice)).toEqual([1680]);
});
