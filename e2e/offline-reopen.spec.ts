import { expect, test, type Page } from '@playwright/test';
import type { PlacedOrder } from '../contract/orders';
import { inStockProducts, placeOrderThroughApi, signIn, signedInCustomer } from './support/app';
import { savedQueryKeys } from './support/saved-queries';

const OFFLINE_BANNER = 'You are offline — showing what you saw last';

/**
 * Waits until the saved copy holds these queries. The app writes changes a moment after they arrive, and every
 * `goto` here is a full reload that starts from the saved copy, so each screen waits for its own data to be saved.
 */
async function expectSaved(page: Page, keys: unknown[][]) {
  const wanted = keys.map((key) => JSON.stringify(key));
  const missing = async () => {
    const saved = await savedQueryKeys(page);
    return wanted.filter((key) => !saved.includes(key));
  };
  await expect.poll(missing, { timeout: 15_000 }).toEqual([]);
}

const orderCard = (page: Page, order: PlacedOrder['order']) => page.getByRole('article', { name: `#${order._id.slice(-6)}` });

test('reopened with no connection: home, a visited listing and products, the cart, orders and wishlist are there; gone after sign-out', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await signedInCustomer(request, 'Offline Shopper');
  const [first, second, unvisited, saved] = await inStockProducts(request, 4);
  if (!first || !second || !unvisited || !saved) throw new Error('the seeded catalogue has too few products in stock');
  const { order } = await placeOrderThroughApi(request, customer, first);
  const wished = await request.post(`/api/wishlist/add-to-wishlist/${customer.id}`, {
    headers: { Authorization: `Bearer ${customer.token}` },
    data: { productId: saved._id },
  });
  expect(wished.ok()).toBe(true);
  const listing = `/products?category=${first.productCategory._id}`;

  // Browse online.
  await signIn(page, customer.email, customer.password);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Categories' }).getByRole('link').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Offers' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Offer products' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recommended for You' }).getByRole('article').first()).toBeVisible();
  await expectSaved(page, [['categories'], ['banners'], ['logo']]);
  // The Recommended grid asks for its products only as it nears the screen, after the rest of the page.
  const recommendedSaved = async () => (await savedQueryKeys(page)).some((key) => key.startsWith('["products","list",') && key.includes('"sortBy":"newest"'));
  await expect.poll(recommendedSaved, { timeout: 15_000 }).toBe(true);

  await page.goto(listing);
  await expect(page.getByRole('heading', { level: 1, name: first.productCategory.categoryName })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('article').first()).toBeVisible();
  const listingSaved = async () => (await savedQueryKeys(page)).some((key) => key.startsWith('["products","list",') && key.includes(first.productCategory._id));
  await expect.poll(listingSaved, { timeout: 15_000 }).toBe(true);

  for (const product of [first, second]) {
    await page.goto(`/products/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.productName })).toBeVisible();
    await expectSaved(page, [['products', 'detail', product._id]]);
  }
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added to cart!')).toBeVisible();

  await page.goto('/user/my-orders');
  await expect(orderCard(page, order)).toBeVisible();
  await expectSaved(page, [['orders', customer.id]]);
  await page.goto('/wishlist');
  await expect(page.getByRole('listitem', { name: saved.productName })).toBeVisible();

  // The service worker serves the shell, and everything seen is in the saved copy.
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
  await expectSaved(page, [
    ['categories'],
    ['banners'],
    ['orders', customer.id],
    ['wishlist', customer.id],
    ['products', 'detail', first._id],
    ['products', 'detail', second._id],
  ]);

  // No connection at all, and a brand-new page.
  await context.setOffline(true);
  const offline = await context.newPage();
  await offline.goto('/');
  await expect(offline.getByText(OFFLINE_BANNER)).toBeVisible();
  await expect(offline.getByRole('region', { name: 'Categories' }).getByRole('link').first()).toBeVisible();
  await expect(offline.getByRole('region', { name: 'Offers' })).toBeVisible();
  await expect(offline.getByRole('list', { name: 'Offer products' }).getByRole('article').first()).toBeVisible();
  await expect(offline.getByRole('region', { name: 'Recommended for You' }).getByRole('article').first()).toBeVisible();
  await expect(offline.getByText(/not been saved for offline use/)).toHaveCount(0);

  await offline.goto(listing);
  await expect(offline.getByRole('heading', { level: 1, name: first.productCategory.categoryName })).toBeVisible();
  await expect(offline.getByRole('list', { name: 'Products' }).getByRole('article').first()).toBeVisible();

  for (const product of [first, second]) {
    await offline.goto(`/products/${product._id}`);
    await expect(offline.getByRole('heading', { level: 1, name: product.productName })).toBeVisible();
  }

  await offline.goto('/cart');
  await expect(offline.getByRole('listitem', { name: second.productName })).toBeVisible();
  await expect(offline.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  await offline.goto('/user/my-orders');
  await expect(orderCard(offline, order)).toBeVisible();
  await offline.goto('/wishlist');
  await expect(offline.getByRole('listitem', { name: saved.productName })).toBeVisible();

  // A product never opened says so, instead of spinning.
  await offline.goto(`/products/${unvisited._id}`);
  await expect(offline.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expect(offline.getByText('This page has not been saved for offline use. Connect to the internet to see it.')).toBeVisible();
  await expect(offline.getByRole('status', { name: 'Loading product' })).toHaveCount(0);
  await expect(offline.getByText(OFFLINE_BANNER)).toBeVisible();

  // The connection returns: the banner goes, and the page loads.
  await context.setOffline(false);
  await expect(offline.getByText(OFFLINE_BANNER)).toBeHidden();
  await expect(offline.getByRole('heading', { level: 1, name: unvisited.productName })).toBeVisible();

  // Signing out takes the shopper's orders and wishlist out of the saved copy too: the next person cannot reopen them.
  await offline.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expect(offline).toHaveURL((url) => url.pathname === '/login');
  const privateKeys = [
    ['orders', customer.id],
    ['wishlist', customer.id],
  ].map((key) => JSON.stringify(key));
  await expect.poll(async () => (await savedQueryKeys(offline)).filter((key) => privateKeys.includes(key))).toEqual([]);
});

test('a product seen for a moment opens offline from the service worker’s copy, though the app never saved it', async ({ context, page, request }) => {
  const [product] = await inStockProducts(request, 1);
  if (!product) throw new Error('the seeded catalogue has no product in stock');
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);
  // The product's answer passes through the service worker (which keeps it); the app's saved copy never holds it.
  await page.evaluate(async (id) => {
    await fetch(`/api/products/${id}`, { headers: { Accept: 'application/json' } });
  }, product._id);
  expect(await savedQueryKeys(page)).not.toContain(JSON.stringify(['products', 'detail', product._id]));

  await context.setOffline(true);
  const offline = await context.newPage();
  await offline.goto(`/products/${product._id}`);
  await expect(offline.getByRole('heading', { level: 1, name: product.productName })).toBeVisible();
  await expect(offline.getByText(/not been saved for offline use/)).toHaveCount(0);
});
