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
  // The first route of the reference, opened: its parameters and answers are drawn from our own scripts.
  const health = page.locator('.opblock-summary', { hasText: 'The process is up' });
  await expect(health).toBeVisible();
  await health.click();
  await expect(page.getByText('No parameters').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Responses' }).first()).toBeVisible();

  expect(problems).toEqual([]);
  expect(elsewhere).toEqual([]);
});
