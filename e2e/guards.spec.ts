import { expect, test } from '@playwright/test';
import { signIn } from './support/app';
import { ADMIN, DEMO_CUSTOMER, E2E_BASE_URL } from './support/env';

test('signed out, /user redirects to /login remembering the origin', async ({ page }) => {
  await page.goto('/user/my-orders');
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/user/my-orders');
  await expect(page.getByRole('button', { name: 'Via Password' })).toBeVisible();
});

test('signed in as a customer, /login and /register send to / and /user opens', async ({ page }) => {
  await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);

  await page.goto('/login');
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await page.goto('/register');
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  await page.goto('/user');
  await expect(page).toHaveURL(`${E2E_BASE_URL}/user`);
});

test('an admin opening the customer-only /user is sent to /unauthorized', async ({ page }) => {
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/user');
  await expect(page).toHaveURL(`${E2E_BASE_URL}/unauthorized`);
  await expect(page.getByText('Unauthorized Access')).toBeVisible();
});
