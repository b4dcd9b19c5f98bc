import { expect, test } from '@playwright/test';
import type { SessionData } from '../contract/auth';
import { inStockProducts, placeOrderThroughApi, signedInCustomer, signIn } from './support/app';
import { ADMIN } from './support/env';

/** A change made by the shop reaches an open page within a few seconds, with no reload and no focus change. */
const FOLLOWS_WITHIN_MS = 5_000;

test('an open My Orders follows the status changes the admin makes, without a reload', async ({ page, request }) => {
  const customer = await signedInCustomer(request, 'Waiting Shopper');
  const [product] = await inStockProducts(request, 1, { minStock: 5, skip: 12 });
  if (!product) throw new Error('the seeded catalogue has too few products in stock');
  const { order } = await placeOrderThroughApi(request, customer, product);
  const signin = await request.post('/api/user/signin', { data: { identifier: ADMIN.email, password: ADMIN.password } });
  expect(signin.ok()).toBe(true);
  const { accessToken } = ((await signin.json()) as { data: SessionData }).data;

  await signIn(page, customer.email, customer.password);
  const streamOpened = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/order/events' && response.status() === 200);
  await page.goto('/user/my-orders');
  const card = page.getByRole('article', { name: `#${order._id.slice(-6)}` });
  await expect(card.getByText('pending', { exact: true })).toBeVisible();
  await streamOpened;
  // From here the page is never loaded again.
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });

  for (const status of ['processing', 'shipped', 'delivered']) {
    const moved = await request.patch(`/api/order/update-status/${order._id}`, { headers: { Authorization: `Bearer ${accessToken}` }, data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
    await expect(card.getByText(status, { exact: true })).toBeVisible({ timeout: FOLLOWS_WITHIN_MS });
  }
  expect(navigations).toEqual([]);
});
