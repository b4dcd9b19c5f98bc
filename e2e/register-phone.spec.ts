import { expect, test } from '@playwright/test';
import { stored, submitRegistration, uniquePhone } from './support/app';
import { E2E_BASE_URL } from './support/env';
import { waitForSmsCode } from './support/outbox';

test('register by phone, confirm the texted OTP, then sign in with the phone number', async ({ page }) => {
  const phone = uniquePhone();
  const password = 'phone-pass-123';

  await page.goto('/register');
  await submitRegistration(page, 'Signup with Phone', { name: 'Phone Shopper', contact: phone, password });

  await expect(page).toHaveURL((url) => url.pathname === '/otp-verification-register');
  const code = await waitForSmsCode(phone);

  // Typing the whole code into the first box works because each digit moves focus to the next box.
  await page.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type(code);
  for (const [i, digit] of [...code].entries()) {
    await expect(page.getByLabel(`Digit ${i + 1} of 4`)).toHaveValue(digit);
  }
  await page.getByRole('button', { name: 'Verify', exact: true }).click();

  await expect(page.getByText('Account verified successfully')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/login');

  // The password form is open with the phone filled in.
  await expect(page.getByLabel('Email or Phone')).toHaveValue(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Login successful')).toBeVisible();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/`);
  const auth = JSON.parse((await stored(page, 'auth')) ?? 'null') as { user: { phone: string } } | null;
  expect(auth?.user.phone).toBe(phone);
});

test('a wrong OTP is refused and the account stays unverified', async ({ page, request }) => {
  const phone = uniquePhone();
  await page.goto('/register');
  await submitRegistration(page, 'Signup with Phone', { name: 'Wrong Code', contact: phone, password: 'wrong-code-1' });
  await expect(page).toHaveURL((url) => url.pathname === '/otp-verification-register');

  const code = await waitForSmsCode(phone);
  const wrong = code === '0000' ? '1111' : '0000';
  await page.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type(wrong);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();

  await expect(page.locator('form').getByRole('alert')).toBeVisible();
  await expect(page.getByLabel('Digit 1 of 4')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL((url) => url.pathname === '/otp-verification-register');
  const signIn = await request.post('/api/user/signin', { data: { identifier: phone, password: 'wrong-code-1' } });
  expect(signIn.status()).toBe(403);
});
