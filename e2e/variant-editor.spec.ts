import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { SessionData } from '../contract/auth';
import type { Product } from '../contract/catalogue';
import { signIn } from './support/app';
import { openHydrated } from './support/pages';
import { expectNoSidewaysScroll } from './support/screen-fit';

/** A seeded demo seller (server/seed/catalogue-data.ts). */
const SELLER = { email: 'seller1@haat.local', password: 'seller123' };

const picture = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#ca8a04' } })
    .png()
    .toBuffer();

/** The product the seller's own token reads: a draft is answered to its seller only. */
async function asSeller(request: APIRequestContext, name: string): Promise<Product> {
  const signedIn = await request.post('/api/user/signin', { data: { identifier: SELLER.email, password: SELLER.password } });
  const token = ((await signedIn.json()) as { data: SessionData }).data.accessToken;
  const answer = await request.get('/api/products/manage', { params: { search: name }, headers: { Authorization: `Bearer ${token}` } });
  const product = ((await answer.json()) as { data: { data: Product[] } }).data.data.find((p) => p.productName === name);
  if (!product) throw new Error(`${name} is not among the seller's products`);
  return product;
}

/** Controls smaller than a 44 px target, in the page's main part. */
const smallTargets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main button, main a, main select, main input:not([type=file])')]
      .filter((element) => element.getClientRects().length > 0 && !element.closest('.sr-only'))
      .filter((element) => element.getBoundingClientRect().height < 44)
      .map((element) => element.outerHTML.slice(0, 80)),
  );

async function startProduct(page: Page, name: string) {
  await page.goto('/seller/products/new');
  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  const category = page.getByLabel('Category', { exact: true });
  await expect(category.locator('option').nth(1)).toBeAttached();
  await category.selectOption({ index: 1 });
  await page.getByLabel('Add images').setInputFiles([{ name: 'rice.png', mimeType: 'image/png', buffer: await picture() }]);
}

test.describe('an owner on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });
  test.setTimeout(90_000);

  test('adds rice in two sizes with Bangla names and publishes it; a shopper sees "from" and the chosen size’s price', async ({ page, request, browser }) => {
    const run = Date.now();
    const name = `Kalijira Rice ${run}`;
    await signIn(page, SELLER.email, SELLER.password);
    await startProduct(page, name);
    await page.getByLabel('Name in Bangla').fill('কালিজিরা চাল');
    await page.getByLabel('Unit in Bangla').fill('১ প্যাকেট');

    await page.getByLabel('Sold in sizes or colours with their own price and stock (variants)').check();
    await page.getByRole('textbox', { name: 'Size, Variant 1', exact: true }).fill('1 kg');
    await page.getByRole('textbox', { name: 'Price (৳), 1 kg', exact: true }).fill('200');
    await page.getByRole('textbox', { name: 'Discount (%), 1 kg', exact: true }).fill('5');
    await page.getByRole('textbox', { name: 'Stock, 1 kg', exact: true }).fill('12');
    await page.getByRole('textbox', { name: 'SKU, 1 kg', exact: true }).fill(`KALI-1KG-${run}`);
    await page.getByRole('button', { name: 'Add a variant' }).click();
    await page.getByRole('textbox', { name: 'Size, Variant 2', exact: true }).fill('500 g');
    await page.getByRole('textbox', { name: 'Price (৳), 500 g', exact: true }).fill('105');
    await page.getByRole('textbox', { name: 'Stock, 500 g', exact: true }).fill('3');
    await page.getByRole('textbox', { name: 'SKU, 500 g', exact: true }).fill(`KALI-500G-${run}`);
    // The smaller bag first, as the shop will show it.
    await page.getByRole('button', { name: 'Move 500 g up' }).click();
    await expect(page.getByRole('button', { name: 'Move 500 g up' })).toBeDisabled();
    await expect(page.getByRole('radio', { name: /^Published/ })).toBeChecked();
    await expectNoSidewaysScroll(page, 'the product editor with variants');
    expect(await smallTargets(page)).toEqual([]);

    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByText('Product created')).toBeVisible();
    const saved = await asSeller(request, name);
    expect(saved).toMatchObject({ status: 'published', productNameBn: 'কালিজিরা চাল', quantityBn: '১ প্যাকেট', productPrice: 105, remainingProducts: 15 });
    expect(saved.variants.map(({ size, price, remainingProducts }) => [size, price, remainingProducts])).toEqual([
      ['500 g', 105, 3],
      ['1 kg', 190, 12],
    ]);

    const shopper = await browser.newPage({ baseURL: test.info().project.use.baseURL, viewport: { width: 360, height: 740 }, hasTouch: true });
    await shopper.goto(`/products?search=${encodeURIComponent(name)}`);
    const card = shopper.getByRole('article').filter({ has: shopper.getByRole('link', { name, exact: true }) });
    await expect(card).toContainText('from ৳105');
    await openHydrated(shopper, `/products/${saved._id}`);
    const sizes = shopper.getByRole('group', { name: 'Size' });
    await sizes.getByRole('button', { name: '1 kg', exact: true }).click();
    await expect(shopper.getByText('Price of your choice').locator('..')).toContainText('৳190');
    await expect(shopper.getByText('12 available')).toBeVisible();
    await sizes.getByRole('button', { name: '500 g', exact: true }).click();
    await expect(shopper.getByText('Price of your choice').locator('..')).toContainText('৳105');
    await expectNoSidewaysScroll(shopper, 'the product page');
    await shopper.close();
  });

  test('saves a draft, which the shop does not show until it is published', async ({ page, request, browser }) => {
    const name = `Chinigura Rice ${Date.now()}`;
    await signIn(page, SELLER.email, SELLER.password);
    await startProduct(page, name);
    await page.getByRole('textbox', { name: 'Price (৳)', exact: true }).fill('160');
    await page.getByRole('radio', { name: /^Draft/ }).check();
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByText('Product created')).toBeVisible();
    // The back office lists it as a draft, and finds it among the drafts.
    await page.getByLabel('State', { exact: true }).selectOption({ label: 'Drafts only' });
    await expect(page.getByRole('listitem').filter({ hasText: name })).toContainText('Draft');
    const draft = await asSeller(request, name);
    expect(draft.status).toBe('draft');

    const listed = async () => {
      // As typed: a search that finds nothing would otherwise answer the closest one that does.
      const answer = await request.get('/api/products', { params: { search: name, asTyped: 1 } });
      return ((await answer.json()) as { data: { data: Product[] } }).data.data.map((product) => product.productName);
    };
    expect(await listed()).toEqual([]);
    const shopper = await browser.newPage({ baseURL: test.info().project.use.baseURL, viewport: { width: 360, height: 740 } });
    const page404 = await shopper.goto(`/products/${draft._id}`);
    expect(page404?.status()).toBe(404);
    await expect(shopper.getByRole('heading', { name: 'Product not found', level: 1 })).toBeVisible();

    await page.goto(`/seller/products/${draft._id}`);
    await expect(page.getByRole('radio', { name: /^Draft/ })).toBeChecked();
    await page.getByRole('radio', { name: /^Published/ }).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Product saved')).toBeVisible();
    expect(await listed()).toEqual([name]);
    await openHydrated(shopper, `/products/${draft._id}`);
    await expect(shopper.getByRole('heading', { name, level: 1 })).toBeVisible();
    await shopper.close();
  });
});
