import { expect, test } from '@playwright/test';
import { registerVerifiedCustomer, signIn, uniqueEmail } from './support/app';
import { E2E_BASE_URL } from './support/env';
import { waitForEmailChangeLink } from './support/outbox';

test('a new email waits for its link in Settings, and becomes the account’s once the link is opened signed in', async ({ page, request }) => {
  const { email, password } = await registerVerifiedCustomer(request, 'Email Changer');
  const newEmail = uniqueEmail('email-changed');
  await signIn(page, email, password);

  await page.goto('/user/profile');
  const emailField = page.getByLabel('Email', { exact: true });
  await expect(emailField).toHaveValue(email);
  await emailField.fill(newEmail);
  await page.getByRole('button', { name: 'Update Profile' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  const waiting = page.getByRole('region', { name: 'Changes waiting for confirmation' });
  await expect(waiting).toContainText(`We sent a link to ${newEmail}`);
  // Not the account's yet: the form still shows the confirmed email.
  await expect(emailField).toHaveValue(email);

  const link = await waitForEmailChangeLink(newEmail);
  expect(new URL(link).origin).toBe(E2E_BASE_URL);
  await page.goto(link);
  await expect(page.getByText('Your email is now')).toBeVisible();
  await expect(page.getByText(newEmail)).toBeVisible();

  await page.getByRole('link', { name: 'Back to Settings' }).click();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(newEmail);
  await expect(page.getByRole('region', { name: 'Changes waiting for confirmation' })).toHaveCount(0);
});

test("a wrong current password on the change-password form says 'Current password is incorrect' and changes nothing", async ({ page, request }) => {
  const { email, password } = await registerVerifiedCustomer(request, 'Password Changer');
  await signIn(page, email, password);

  await page.goto('/user/profile');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('Current Password').fill('not-my-password');
  await page.getByLabel('New Password').fill('brand-new-pass');
  await page.getByLabel('Confirm Password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Change Password' }).click();

  await expect(page.getByText('Current password is incorrect', { exact: true })).toBeVisible();
  await expect(page.getByText('Failed to change password')).toHaveCount(0);
  const signin = await request.post('/api/user/signin', { data: { identifier: email, password } });
  expect(signin.status()).toBe(200);
});
