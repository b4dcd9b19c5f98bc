import { expect, test } from '@playwright/test';

test('the API reference at /api/docs works from our own files, within the Content-Security-Policy', async ({ page, baseURL }) => {
  // Swagger UI's script is a megabyte and draws every route: on a loaded machine that takes well over the usual limits.
  test.setTimeout(120_000);
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
  await expect(page.getByRole('heading', { name: /haat API/ })).toBeVisible({ timeout: 60_000 });
  // The first route of the reference, opened: its parameters and answers are drawn from our own scripts.
  const health = page.locator('.opblock-summary', { hasText: 'The process is up' });
  await expect(health).toBeVisible({ timeout: 30_000 });
  await health.click();
  await expect(page.getByText('No parameters').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Responses' }).first()).toBeVisible({ timeout: 30_000 });

  expect(problems).toEqual([]);
  expect(elsewhere).toEqual([]);
});
