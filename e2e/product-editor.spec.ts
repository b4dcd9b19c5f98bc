import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { SessionData } from '../contract/auth';
import type { Product, ProductList } from '../contract/catalogue';
import { productNamed, signIn } from './support/app';

/** The seeded demo sellers (server/seed/catalogue-data.ts). */
const SELLER = { email: 'seller1@haat.local', name: 'Dhaka Bazaar' };
const OTHER_SELLER_NAME = 'Chattogram Traders';
const SELLER_PASSWORD = 'seller123';

/** A plain picture of the given size: the server stores what it is sent, so its size tells which picture it was. */
const picture = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const answer = await request.post('/api/user/signin', { data: { identifier: email, password: SELLER_PASSWORD } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: SessionData }).data.accessToken;
}

test('a seller creates a product with two images, and the storefront lists it with its first image', async ({ page, request }) => {
  const name = `Nakshi Kantha ${Date.now()}`;
  const sku = `KANTHA-${Date.now()}`;
  await signIn(page, SELLER.email, SELLER_PASSWORD);
  await page.goto('/seller/products/new');
  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Name in Bangla').fill('নকশী কাঁথা');
  await page.getByLabel('Description', { exact: true }).fill('Hand-stitched quilt from Jessore');
  await page.getByLabel('Unit the price is for').fill('1 pc');
  await page.getByLabel('Unit in Bangla').fill('১ পিস');
  await page.getByLabel('Search words').fill('kantha, quilt');
  const category = page.getByLabel('Category', { exact: true });
  await expect(category.locator('option').nth(1)).toBeAttached();
  await category.selectOption({ index: 1 });
  await page.getByLabel('Price (৳)').fill('2500');
  await page.getByLabel('Discount (%)').fill('10');
  await page.getByLabel('Stock', { exact: true }).fill('4');
  await page.getByLabel('Colours', { exact: true }).fill('red, blue');
  await page.getByLabel('Sizes', { exact: true }).fill('Double');
  await page.getByLabel('SKU', { exact: true }).fill(sku);
  await page.getByRole('button', { name: 'Add a question' }).click();
  await page.getByLabel('Question 1').fill('Is it washable?');
  await page.getByLabel('Answer 1').fill('Yes, by hand');

  // Landscape first, portrait second; then the portrait is moved to the front with the keyboard.
  await page.getByLabel('Add images').setInputFiles([
    { name: 'landscape.png', mimeType: 'image/png', buffer: await picture(400, 300, '#b91c1c') },
    { name: 'portrait.png', mimeType: 'image/png', buffer: await picture(300, 400, '#1d4ed8') },
  ]);
  const images = page.getByRole('list').filter({ has: page.getByRole('listitem', { name: 'Image 1 of 2' }) });
  await expect(images.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Reorder Image 2 of 2' }).press('ArrowUp');
  await expect(page.getByText('portrait.png moved to position 1 of 2')).toBeAttached();
  await expect(page.getByRole('listitem', { name: 'Image 1 of 2' })).toContainText('portrait.png');

  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Product created')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  await expect(page.getByText(name)).toBeVisible();

  const product = await productNamed(request, name);
  expect(product).toMatchObject({
    productPrice: 2250,
    remainingProducts: 4,
    productColors: ['red', 'blue'],
    productNameBn: 'নকশী কাঁথা',
    quantity: '1 pc',
    quantityBn: '১ পিস',
    searchTags: ['kantha', 'quilt'],
    sku,
    OwnerId: { name: SELLER.name },
  });
  expect(product.productImages).toHaveLength(2);
  const first = await sharp(await (await request.get(product.productImages[0]!)).body()).metadata();
  expect({ width: first.width, height: first.height }).toEqual({ width: 300, height: 400 });

  await page.goto(`/products?search=${encodeURIComponent(name)}`);
  const card = page.getByRole('list', { name: 'Products' }).getByRole('article').filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('img', { name })).toHaveAttribute('src', new RegExp(`^${product.productImages[0]!.replace('.', '\\.')}\\?w=`));
});

test('a seller edits their product: a new image put before the old one, and a new price', async ({ page, request }) => {
  const name = `Shital Pati ${Date.now()}`;
  const token = await tokenOf(request, SELLER.email);
  const categories = ((await (await request.get('/api/categories/get-names')).json()) as { data: { _id: string }[] }).data;
  const created = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      name,
      originalPrice: '1200',
      category: categories[0]!._id,
      productImages: { name: 'old.png', mimeType: 'image/png', buffer: await picture(400, 300, '#ca8a04') },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { _id: id } = ((await created.json()) as { data: Product }).data;

  await signIn(page, SELLER.email, SELLER_PASSWORD);
  await page.goto(`/seller/products/${id}`);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await page.getByLabel('Price (৳)').fill('999');
  await page.getByLabel('Add images').setInputFiles([{ name: 'new.png', mimeType: 'image/png', buffer: await picture(200, 200, '#0f766e') }]);
  await page.getByRole('button', { name: 'Move Image 2 of 2 up' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Product saved')).toBeVisible();

  const product = await productNamed(request, name);
  expect(product.productPrice).toBe(999);
  const sizes = await Promise.all(
    product.productImages.map(async (url) => {
      const { width, height } = await sharp(await (await request.get(url)).body()).metadata();
      return `${width}x${height}`;
    }),
  );
  expect(sizes).toEqual(['200x200', '400x300']);
});

test("a seller opening another seller's product editor is told it is not found, and the server refuses the change", async ({ page, request }) => {
  const answer = await request.get('/api/products', { params: { limit: 40 } });
  const theirs = ((await answer.json()) as { data: ProductList }).data.data.find((p) => p.OwnerId?.name === OTHER_SELLER_NAME);
  if (!theirs) throw new Error(`no product of ${OTHER_SELLER_NAME} in the seeded catalogue`);

  await signIn(page, SELLER.email, SELLER_PASSWORD);
  await page.goto(`/seller/products/${theirs._id}`);
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveCount(0);

  const refused = await request.put(`/api/products/${theirs._id}`, {
    headers: { Authorization: `Bearer ${await tokenOf(request, SELLER.email)}` },
    data: { productName: 'Not mine' },
  });
  expect(refused.status()).toBe(403);
});

test('the product screens fit a 360 px phone, with 44 px tap targets', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, SELLER.email, SELLER_PASSWORD);
  const fits = async () => {
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
  };
  const smallTargets = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('main button, main a, main select, main input:not([type=file]), button, a, select')]
        .filter((element) => element.getClientRects().length > 0 && !element.closest('.sr-only'))
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ box }) => box.height < 44)
        .map(({ element }) => element.outerHTML.slice(0, 80)),
    );

  await page.goto('/seller/products');
  await expect(page.getByRole('link', { name: /^Edit / }).first()).toBeVisible();
  await fits();
  expect(await smallTargets()).toEqual([]);

  await page.goto('/seller/products/new');
  await page.getByLabel('Add images').setInputFiles([
    { name: 'a-rather-long-file-name-for-a-small-screen.png', mimeType: 'image/png', buffer: await picture(40, 30, '#059669') },
    { name: 'second.png', mimeType: 'image/png', buffer: await picture(30, 40, '#7c3aed') },
  ]);
  await page.getByRole('button', { name: 'Add a question' }).click();
  await expect(page.getByRole('listitem', { name: 'Image 2 of 2' })).toBeVisible();
  await fits();
  expect(await smallTargets()).toEqual([]);
});
