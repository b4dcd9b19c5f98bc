import { expect, test } from '@playwright/test';
import { signIn, stored, submitPasswordSignIn } from './support/app';
import { DEMO_CUSTOMER, E2E_BASE_URL } from './support/env';

test('logout clears auth, token and the saved cart, toasts and goes to /login', async ({ page }) => {
  await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  expect(await stored(page, 'auth')).not.toBeNull();
  expect(await stored(page, 'token')).not.toBeNull();
  await page.evaluate(() => window.localStorage.setItem('cart', JSON.stringify([{ productId: 'p1', quantity: 2 }])));

  await page.getByRole('button', { name: 'Logout' }).click();

  await expect(page.getByText('Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/login`);
  expect(await stored(page, 'auth')).toBeNull();
  expect(await stored(page, 'token')).toBeNull();
  expect(await stored(page, 'cart')).toBeNull();
  // Signed out for real: the customer area asks to sign in again.
  await page.goto('/user');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
});

test('a wrong password shows the server message in an inline alert and keeps the shopper signed out', async ({ page, request }) => {
  const wrong = { identifier: DEMO_CUSTOMER.email, password: 'not-the-password' };
  const answer = await request.post('/api/user/signin', { data: wrong });
  expect(answer.status()).toBe(401);
  const { message } = (await answer.json()) as { message: string };
  expect(message).toBeTruthy();

  await page.goto('/login');
  await submitPasswordSignIn(page, wrong.identifier, wrong.password);
  await expect(page.locator('form').getByRole('alert')).toHaveText(message);
  await expect(page).toHaveURL(`${E2E_BASE_URL}/login`);
  expect(await stored(page, 'auth')).toBeNull();
});

test('a failed sign-in is told once, in the alert; a retry adds nothing, and success leaves no old error behind', async ({ page }) => {
  const toasts = page.getByRole('region', { name: /notifications/i }).getByRole('listitem');
  await page.goto('/login');
  await submitPasswordSignIn(page, DEMO_CUSTOMER.email, 'not-the-password');
  const alert = page.locator('form').getByRole('alert');
  await expect(alert).toHaveText('Invalid email/phone or password');
  await expect(page.getByText('Invalid email/phone or password')).toHaveCount(1);

  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await expect(page.getByText('Invalid email/phone or password')).toHaveCount(1);

  await page.getByLabel('Password', { exact: true }).fill(DEMO_CUSTOMER.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(toasts.filter({ hasText: 'Login successful' })).toHaveCount(1);
  // Checked at once, not waited for: an error toast would still be on screen now, seconds before it expires.
  expect(await toasts.count()).toBe(1);
  expect(await page.getByText('Invalid email/phone or password').count()).toBe(0);
});
