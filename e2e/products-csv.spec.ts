import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { SessionData } from '../contract/auth';
import type { Product, ProductList } from '../contract/catalogue';
import { PRODUCT_CSV_COLUMNS } from '../contract/product-csv';
import { csvRecords, fromCsvCell, toCsv } from '../server/lib/csv';
import { signIn } from './support/app';
import { expectNoSidewaysScroll } from './support/screen-fit';

/** A seeded demo seller (server/seed/catalogue-data.ts). */
const SELLER = { email: 'seller1@haat.local', password: 'seller123' };
const NEW_PRICE = 1234;

test.use({ viewport: { width: 360, height: 780 } });

test('an owner exports the products, changes a price in the file, previews and applies the import, and the shop shows the new price', async ({
  page,
  request,
}) => {
  const signedIn = await request.post('/api/user/signin', { data: { identifier: SELLER.email, password: SELLER.password } });
  const token = ((await signedIn.json()) as { data: SessionData }).data.accessToken;
  const managed = await request.get('/api/products/manage', { params: { limit: 100 }, headers: { authorization: `Bearer ${token}` } });
  const product = ((await managed.json()) as { data: ProductList }).data.data.find((p: Product) => p.variants.length === 0 && p.productPrice !== NEW_PRICE)!;
  expect(product, 'a seeded product of the seller without variants').toBeDefined();

  await signIn(page, SELLER.email, SELLER.password);
  await page.goto('/seller/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('products.csv');
  const exported = await readFile((await download.path())!, 'utf8');

  // The spreadsheet's edit: the product's price, and no discount.
  const [header, ...records] = [...csvRecords(exported)];
  expect(header!.cells).toEqual([...PRODUCT_CSV_COLUMNS]);
  const at = (column: (typeof PRODUCT_CSV_COLUMNS)[number]) => PRODUCT_CSV_COLUMNS.indexOf(column);
  const edited = records.map(({ cells }) => {
    const row = cells.map(fromCsvCell);
    if (row[at('productId')] === product._id) {
      row[at('originalPrice')] = String(NEW_PRICE);
      row[at('discount')] = '0';
    }
    return row;
  });

  await page.getByRole('button', { name: 'Import CSV' }).click();
  await page
    .getByLabel('CSV file', { exact: true })
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(toCsv([header!.cells, ...edited])) });
  const products = new Set(records.map(({ cells }) => cells[at('productId')]));
  await expect(page.getByText(`0 to create, 1 to change, ${products.size - 1} unchanged, 0 refused`)).toBeVisible();
  const preview = page.getByRole('list', { name: 'What the import would do' });
  await expect(preview.getByText(product.productName)).toBeVisible();
  await expect(preview.getByText(`originalPrice: ${product.productOriginalPrice} → ${NEW_PRICE}`)).toBeVisible();
  await expectNoSidewaysScroll(page, 'the import preview at 360 px');

  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Imported: 0 created, 1 changed')).toBeVisible();

  await page.goto(`/products/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.productName })).toBeVisible();
  await expect(page.getByText('৳1,234').first()).toBeVisible();
});
