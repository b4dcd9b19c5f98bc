import { expect, test } from '@playwright/test';
import { stored, submitPasswordSignIn, submitRegistration, uniqueEmail } from './support/app';
import { E2E_BASE_URL } from './support/env';
import { waitForEmailLink } from './support/outbox';

const atLoginFor = (target: string) => (url: URL) => url.pathname === '/login' && url.searchParams.get('redirect') === target;

test('register by email, ask for the link again, verify through it, sign in with the address filled in and land back on /user', async ({ page }) => {
  const email = uniqueEmail('email-signup');
  const password = 'email-pass-123';

  // Signed out, the customer area sends the shopper to sign in and remembers where they were going.
  await page.goto('/user');
  await expect(page).toHaveURL(atLoginFor('/user'));

  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/register`);
  await submitRegistration(page, 'Signup with Email', { name: 'Email Shopper', contact: email, password });

  await expect(page.getByText('Go to your email to verify your account')).toBeVisible();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/verify/pending`);
  await expect(page.getByText('Almost Done!')).toBeVisible();
  await expect(page.getByText(email, { exact: true })).toBeVisible();

  const firstLink = await waitForEmailLink(email);
  await page.getByRole('button', { name: 'Resend Email' }).click();
  await expect(page.getByText(`We sent a new link to ${email}`)).toBeVisible();
  await expect.poll(() => waitForEmailLink(email)).not.toBe(firstLink);
  const link = await waitForEmailLink(email);
  expect(new URL(link).origin).toBe(E2E_BASE_URL);
  await page.goto(link);
  // The link proves the inbox; the password chosen at sign-up proves the registration was this shopper's.
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('This is not the password chosen when signing up with this link');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByText('Verified!')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/login', { timeout: 8_000 });
  await expect(page.getByLabel('Email or Phone')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();

  // Back to where the shopper was going: the guard remembers /user, and sign-in returns there.
  await page.goto('/user');
  await expect(page).toHaveURL(atLoginFor('/user'));
  await submitPasswordSignIn(page, email, password);
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/user`);

  const auth = JSON.parse((await stored(page, 'auth')) ?? 'null') as { user: { email: string; role: string }; token: string } | null;
  expect(auth?.user).toMatchObject({ email, role: 'user' });
  expect(await stored(page, 'token')).toBe(auth?.token);
});

test('an emailed link works once: opening it again says the account is already verified', async ({ page, request }) => {
  const email = uniqueEmail('email-twice');
  const register = await request.post('/api/user/register', {
    data: { method: 'email', name: 'Twice Shopper', email, password: 'twice-pass-1', confirmPassword: 'twice-pass-1' },
  });
  expect(register.ok()).toBe(true);
  const link = await waitForEmailLink(email);

  const openAndVerify = async () => {
    await page.goto(link);
    await page.getByLabel('Password', { exact: true }).fill('twice-pass-1');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
  };
  await openAndVerify();
  await expect(page.getByText('Verified!')).toBeVisible();

  await openAndVerify();
  await expect(page.getByText('Account already verified. Please login.')).toBeVisible();
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/login`);
});
