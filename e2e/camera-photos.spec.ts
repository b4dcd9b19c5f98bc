import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { productNamed, signIn } from './support/app';
import { ADMIN } from './support/env';

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

/**
 * A phone camera's photo: 6000 × 4000 pixels of grain (what compresses worst), taken holding the phone upright (EXIF
 * orientation 6) with the place it was taken in its EXIF; about 16 MB, over what the server keeps and under 25 MB.
 */
async function cameraPhoto(): Promise<Buffer> {
  const grain = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#6a8f4e', noise: { type: 'gaussian', mean: 120, sigma: 50 } } })
    .raw()
    .toBuffer();
  return sharp(grain, { raw: { width: 3000, height: 2000, channels: 3 } })
    .resize(6000, 4000, { kernel: 'nearest' })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

test('an owner on a phone picks a camera photo and a PDF: the PDF is refused by name, the photo is saved at most 2560 px', async ({ page, request }) => {
  test.setTimeout(120_000);
  const photo = await cameraPhoto();
  expect(photo.length).toBeGreaterThan(5 * 1024 * 1024);
  const name = `Himsagar Mango ${Date.now().toString(36)}`;

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/products/new');
  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  const category = page.getByLabel('Category', { exact: true });
  await expect(category.locator('option').nth(1)).toBeAttached();
  await category.selectOption({ index: 1 });
  await page.getByLabel('Price (৳)').fill('450');

  await page.getByLabel('Add images').setInputFiles([
    { name: 'IMG_20260412_101500.jpg', mimeType: 'image/jpeg', buffer: photo },
    { name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF') },
  ]);
  await expect(page.getByRole('alert').filter({ hasText: 'notes.pdf is not a picture' })).toHaveText(
    'notes.pdf is not a picture: choose a JPEG, PNG, WebP or GIF file.',
  );
  // The photo chosen with it is kept, and its remove button names it.
  await expect(page.getByRole('listitem', { name: 'Image 1 of 1' })).toContainText('IMG_20260412_101500.jpg');
  await expect(page.getByRole('button', { name: 'Remove image 1 of 1, IMG_20260412_101500.jpg' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: /Image 2/ })).toHaveCount(0);

  // The phone shrinks the photo before sending it: what goes up is far less than the 16 MB chosen.
  const sent = page.waitForRequest((req) => req.method() === 'POST' && new URL(req.url()).pathname === '/api/products');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Product created')).toBeVisible({ timeout: 60_000 });
  const sentBytes = Number(await (await sent).headerValue('content-length'));
  expect(sentBytes).toBeGreaterThan(0);
  expect(sentBytes).toBeLessThan(2.5 * 1024 * 1024);

  const product = await productNamed(request, name);
  expect(product.productImages).toHaveLength(1);
  const stored = await request.get(product.productImages[0]!);
  expect(stored.ok()).toBe(true);
  const kept = await stored.body();
  expect(kept.length).toBeLessThanOrEqual(2 * 1024 * 1024);
  const meta = await sharp(kept).metadata();
  // Upright (the phone was held upright), at most 2560 px on the long side, and without the EXIF and its GPS position.
  expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(2560);
  expect(meta.height!).toBeGreaterThan(meta.width!);
  expect(meta.exif).toBeUndefined();

  // No sideways scrolling on the phone.
  await page.goto('/admin/products/new');
  await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible();
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
});
