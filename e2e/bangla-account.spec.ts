import { expect, test } from '@playwright/test';
import { formatTaka } from '../contract/money';
import { orderNumber } from '../contract/order-number';
import { formatDateMdy } from '../src/lib/dates';
import { inStockProducts, placeOrderThroughApi, signIn, signedInCustomer } from './support/app';
import { expectNoSidewaysScroll } from './support/screen-fit';

test.use({ viewport: { width: 320, height: 740 }, hasTouch: true });

test('a shopper switches the account area to Bangla: labels, Bangla digits, a refusal in Bangla, no sideways scroll at 320 px', async ({ page, request }) => {
  test.setTimeout(90_000);
  const customer = await signedInCustomer(request, 'Bangla Shopper');
  const [product] = await inStockProducts(request, 1);
  const { order } = await placeOrderThroughApi(request, customer, product!, 'cash');
  const number = orderNumber(order._id);

  // The page's live stream of order changes is cut, as on a patchy link: the page has not heard of the shop's change
  // below when the shopper taps Cancel.
  await page.route('**/api/order/events', (route) => route.abort());
  await signIn(page, customer.email, customer.password);
  await page.goto('/user/my-orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();

  // On a phone the menu is folded away: the language switch sits in it, under the links.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');

  await expect(page.getByRole('heading', { level: 1, name: 'আমার অর্ডার' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'সব' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'অপেক্ষমাণ' })).toBeVisible();
  const card = page.getByRole('article', { name: `#${number}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('অপেক্ষমাণ', { exact: true })).toBeVisible();
  await expect(card.getByText('বাকি', { exact: true })).toBeVisible();
  await expect(card.getByText(formatTaka(order.totalPrice, 'bn'))).toBeVisible();
  await expect(card.getByText(`অর্ডারের তারিখ ${formatDateMdy(order.createdAt, 'bn')}`)).toBeVisible();
  await expect(card.getByText('১টি পণ্য')).toBeVisible();
  await expectNoSidewaysScroll(page, 'My Orders in Bangla');

  await card.getByRole('button', { name: 'বিস্তারিত দেখুন' }).click();
  const details = page.getByRole('dialog', { name: `অর্ডার #${number}` });
  await expect(details.getByText('ক্যাশ অন ডেলিভারি')).toBeVisible();
  await expect(details.getByText('মোট', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page, 'order details in Bangla');
  await page.keyboard.press('Escape');

  // The shop moves the order on unheard: the shopper's cancel is refused, and the reason reads in Bangla.
  const cancelled = await request.patch(`/api/order/update-status/${order._id}`, {
    headers: { Authorization: `Bearer ${customer.token}` },
    data: { status: 'cancelled' },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  await card.getByRole('button', { name: 'অর্ডার বাতিল' }).click();
  await page.getByRole('dialog').getByRole('radio', { name: 'ভুল করে অর্ডার করেছি' }).check();
  await page.getByRole('dialog').getByRole('button', { name: 'হ্যাঁ, অর্ডার বাতিল করুন' }).click();
  await expect(page.getByText('শুধু অপেক্ষমাণ অর্ডার বাতিল করা যায়')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'বন্ধ করুন', exact: true }).click();

  for (const [path, title] of [
    ['/user', 'ড্যাশবোর্ড'],
    ['/user/refund-request', 'রিফান্ডের অনুরোধ'],
    ['/user/profile', 'সেটিংস'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expectNoSidewaysScroll(page, `${title} in Bangla`);
  }

  // Settings: every tab fits, and the password form's own checks speak Bangla.
  await expect(page.getByRole('tabpanel', { name: 'প্রোফাইল' }).getByRole('button', { name: 'প্রোফাইল হালনাগাদ করুন' })).toBeVisible();
  await page.getByRole('tab', { name: 'প্রোফাইলের ছবি' }).click();
  await expect(page.getByText('একটি ছবি বেছে নিন', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page, "Settings' image tab in Bangla");
  await page.getByRole('tab', { name: 'নিরাপত্তা' }).click();
  await page.getByRole('button', { name: 'পাসওয়ার্ড বদলান' }).click();
  await expect(page.getByRole('tabpanel', { name: 'নিরাপত্তা' })).not.toContainText(/[A-Za-z]{3,}/);
  await expectNoSidewaysScroll(page, "Settings' password checks in Bangla");

  // A wrong current password is refused in Bangla.
  await page.getByLabel('বর্তমান পাসওয়ার্ড', { exact: true }).fill('not-my-password');
  await page.getByLabel('নতুন পাসওয়ার্ড', { exact: true }).fill('new-password-1');
  await page.getByLabel('পাসওয়ার্ড নিশ্চিত করুন', { exact: true }).fill('new-password-1');
  await page.getByRole('button', { name: 'পাসওয়ার্ড বদলান' }).click();
  await expect(page.getByText('বর্তমান পাসওয়ার্ড ভুল')).toBeVisible();
  await expectNoSidewaysScroll(page, 'Settings with a refusal in Bangla');

  // The dashboard: its figures and recent orders in Bangla digits.
  await page.goto('/user');
  await expect(page.getByText('মোট অর্ডার', { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: `#${number}` })).toBeVisible();
  await page.getByRole('button', { name: 'অ্যাকাউন্ট মেনু' }).click();
  await expect(page.getByRole('navigation', { name: 'অ্যাকাউন্ট' }).getByRole('link', { name: 'English' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'the account menu in Bangla');
});
