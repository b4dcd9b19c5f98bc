import { expect, test } from '@playwright/test';
import { signIn } from './support/app';
import { ADMIN } from './support/env';
import { openHydrated } from './support/pages';
import { expectNoSidewaysScroll } from './support/screen-fit';

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

test("an admin on a phone links a new word to a product's word, and the shop's search then finds the product by it", async ({ page }) => {
  // Sign-in, the back office's chunk and two storefront searches: longer than one screen's default budget.
  test.setTimeout(60_000);
  // Letters only, new on every run: a word no product is named by and no entry holds yet.
  const word = `murgo${Date.now()
    .toString(36)
    .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)]!)}`;
  const products = page.getByRole('list', { name: 'Products' }).getByRole('article');

  await openHydrated(page, `/products?search=${word}`);
  await expect(page.getByText('No products found')).toBeVisible();

  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/search-words');
  await expect(page.getByRole('heading', { level: 1, name: 'Search words' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'Search words');

  await page.getByRole('button', { name: 'Add an entry' }).click();
  const form = page.getByRole('dialog', { name: 'Add an entry' });
  await form.getByLabel('Words', { exact: true }).fill(`${word}, sneakers`);
  const add = form.getByRole('button', { name: 'Add entry' });
  expect((await add.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await add.click();
  await expect(form).toBeHidden();

  await page.getByRole('searchbox', { name: 'Find a word' }).fill(word);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  const card = page.getByRole('list', { name: 'Search words' }).getByRole('listitem');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`${word} · sneakers`);
  await expectNoSidewaysScroll(page, 'Search words, one entry found');
  for (const control of await page.getByRole('main').locator('button:visible, input:visible, a:visible').all()) {
    const box = await control.boundingBox();
    expect(box?.height, await control.evaluate((element) => element.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(44);
  }

  await openHydrated(page, `/products?search=${word}`);
  await expect(products.filter({ hasText: 'Canvas Sneakers' }).first()).toBeVisible();
  // Found by the word itself, not by a closer query the shop offers instead.
  await expect(page.getByText('Showing results for')).toBeHidden();
});
