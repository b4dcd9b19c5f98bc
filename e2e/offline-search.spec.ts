import { expect, test } from '@playwright/test';
import type { Product, ProductList } from '../contract/catalogue';
import { PAGE_SIZE } from '../contract/catalogue-constants';
import { openHydrated } from './support/pages';
import { savedQueryKeys } from './support/saved-queries';

const NOTICE = /^No connection: showing \d+ match(es)? for "sneekers" among \d+ saved products\./;

test('with no connection, a misspelt search finds a product seen in a listing, among the saved products, and says so', async ({ context, page, request }) => {
  test.setTimeout(90_000);
  const answer = await request.get('/api/products', { params: { search: 'canvas sneakers', asTyped: '1' } });
  expect(answer.ok()).toBe(true);
  const sneakers = ((await answer.json()) as { data: ProductList }).data.data.find((product) => product.productName.startsWith('Canvas Sneakers'));
  if (!sneakers) throw new Error('the seeded catalogue has no Canvas Sneakers');
  // The listing page of its category that shows it, in the listing's own order.
  const category = sneakers.productCategory._id;
  const all = ((await (await request.get('/api/products', { params: { category, limit: 0 } })).json()) as { data: ProductList }).data.data;
  const listingPage = Math.floor(all.findIndex((product: Product) => product._id === sneakers._id) / PAGE_SIZE) + 1;

  // Browse the listing online until the app has saved it.
  await openHydrated(page, `/products?category=${category}&page=${listingPage}`);
  const listed = page.getByRole('list', { name: 'Products' });
  await expect(listed.getByRole('heading', { name: sneakers.productName, exact: true })).toBeVisible();
  const listingSaved = async () => (await savedQueryKeys(page)).some((key) => key.startsWith('["products","list",') && key.includes(category));
  await expect.poll(listingSaved, { timeout: 15_000 }).toBe(true);
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true);

  // No connection: the search box's misspelt word is searched among what was saved.
  await context.setOffline(true);
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await box.click();
  const combobox = page.getByRole('combobox', { name: 'Search products' });
  await combobox.fill('sneekers');
  await combobox.press('Enter');
  await expect(page).toHaveURL(/[?&]search=sneekers/);
  await expect(page.getByRole('status').filter({ hasText: NOTICE })).toBeVisible();
  const saved = page.getByRole('list', { name: 'Saved products' });
  await expect(saved.getByRole('heading', { name: sneakers.productName, exact: true })).toBeVisible();
  await expect(page.getByText('This page has not been saved for offline use.', { exact: false })).toHaveCount(0);

  // Reopened with no connection, the search runs over the copy saved in IndexedDB.
  const reopened = await context.newPage();
  await reopened.goto('/products?search=sneekers');
  await expect(reopened.getByRole('status').filter({ hasText: NOTICE })).toBeVisible();
  await expect(reopened.getByRole('list', { name: 'Saved products' }).getByRole('heading', { name: sneakers.productName, exact: true })).toBeVisible();

  // A word nothing saved carries says so.
  await reopened.goto('/products?search=zzzqx');
  await expect(reopened.getByRole('status').filter({ hasText: /^No connection: none of the \d+ saved products matches "zzzqx"\./ })).toBeVisible();
  await expect(reopened.getByRole('article')).toHaveCount(0);
});
