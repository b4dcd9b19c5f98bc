import { expect, test } from '@playwright/test';
import { openHydrated } from './support/pages';

test('the search box suggests products as the shopper types: arrows choose, Enter opens, Escape closes, and screen readers are told', async ({ page }) => {
  await openHydrated(page, '/');
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await box.click();
  const combobox = page.getByRole('combobox', { name: 'Search products' });
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
  await combobox.pressSequentially('sneak');
  const listbox = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(listbox).toBeVisible();
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  await expect(combobox).toHaveAttribute('aria-controls', (await listbox.getAttribute('id'))!);
  const first = listbox.getByRole('option').first();
  await expect(first).toHaveText(/^Canvas Sneakers/);
  await expect(page.getByRole('status').filter({ hasText: /suggestions?$/ })).toHaveText(/^\d+ suggestions?$/);
  expect((await first.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  await combobox.press('ArrowDown');
  await expect(combobox).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await expect(first).toHaveAttribute('aria-selected', 'true');
  const name = (await first.textContent())!;
  await combobox.press('Enter');
  await expect(page).toHaveURL(/\/products\/[0-9a-f]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

  // Loaded once, the box stays a combobox on every page.
  await combobox.click();
  await combobox.fill('');
  await combobox.pressSequentially('boo');
  await expect(listbox.getByRole('option', { name: /Books/ })).toBeVisible();
  await page.getByRole('combobox', { name: 'Search products' }).press('Escape');
  await expect(listbox).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Search products' })).toHaveAttribute('aria-expanded', 'false');
});

test('the suggestions fit a 320 px screen without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await openHydrated(page, '/');
  await page.getByRole('searchbox', { name: 'Search products' }).click();
  await page.getByRole('combobox', { name: 'Search products' }).pressSequentially('panjabi');
  await expect(page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});

test('a search that matches nothing shows the closest that does, with a link to the search as typed', async ({ page }) => {
  await openHydrated(page, '/products?search=tae');
  await expect(page.getByText('Showing results for')).toHaveText('Showing results for tea');
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('article').first()).toBeVisible();
  await page.getByRole('link', { name: 'tae', exact: true }).click();
  await expect(page.getByText('No products found')).toBeVisible();
  await expect(page.getByText('Showing results for')).toBeHidden();
});
