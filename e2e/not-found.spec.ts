import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from './support/env';

test('an unknown path shows the 404 page and Go to Homepage goes to /', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  // The server renders the 404 page, with its status.
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page Not Found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await expect(page.getByText('Oops! Page Not Found')).toHaveCount(0);
});

test('Go Back on the 404 page returns to the previous page of the shop', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Via Password' })).toBeVisible();
  // An in-app navigation (the router follows history.pushState), so the previous page is ours to go back to.
  await page.evaluate(() => window.history.pushState({}, '', '/missing-page'));
  await expect(page.getByRole('heading', { name: 'Oops! Page Not Found' })).toBeVisible();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/login`);
  await expect(page.getByRole('button', { name: 'Via Password' })).toBeVisible();
});
