import { expect, test } from '@playwright/test';

test('the API reference at /api/docs works from our own files, within the Content-Security-Policy', async ({ page, baseURL }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  // No internet: anything not served by the shop itself is refused.
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  await page.route('**/*', (route) => {
    if (new URL(route.request().url()).origin === origin) return route.continue();
    elsewhere.push(route.request().url());
    return route.abort();
  });

  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /haat API/ })).toBeVisible();
  const listProducts = page.locator('.opblock-summary', { hasText: 'Products by filter, sort and page' });
  await expect(listProducts).toBeVisible();
  await listProducts.click();
  await expect(page.getByText('sortBy', { exact: true }).first()).toBeVisible();

  expect(problems).toEqual([]);
  expect(elsewhere).toEqual([]);
});
