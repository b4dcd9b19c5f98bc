import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { orderNumber } from '../contract/order-number';
import { pdfText } from '../server/test/pdf-text';
import { inStockProducts, registerVerifiedCustomer, seedCart, serverOrders, signIn } from './support/app';
import { expectNoSidewaysScroll } from './support/screen-fit';

/** The narrowest phones still sold: Bangla words are longer than English ones. */
const NARROWEST_PHONE = { width: 320, height: 640 };

test('in Bangla: the cart and checkout fit a 320 px phone, checkout says what is missing in Bangla and places a cash order from a phone number typed in Bangla digits', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize(NARROWEST_PHONE);
  const customer = await registerVerifiedCustomer(request, 'Bangla Shopper');
  const [product] = await inStockProducts(request, 1, { minStock: 3 });
  if (!product) throw new Error('the seeded catalogue has no product in stock');
  await signIn(page, customer.email, customer.password);

  await page.getByRole('link', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await seedCart(page, [{ product, quantity: 2 }]);

  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'শপিং কার্ট' })).toBeVisible();
  await expect(page.getByText('সাবটোটাল (২টি পণ্য)')).toBeVisible();
  await expectNoSidewaysScroll(page, 'the cart in Bangla');
  await page.getByRole('button', { name: 'চেকআউট' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'চেকআউট' })).toBeVisible();
  await page.getByLabel('ফোন নম্বর').fill('');
  await page.getByRole('button', { name: 'অর্ডার দিন' }).click();
  await expect(page.getByText('ফোন নম্বর দিন')).toBeVisible();
  await expect(page.getByText('ঠিকানা লিখুন')).toBeVisible();
  await expect(page.getByText('বিভাগ বাছাই করুন')).toBeVisible();
  await expect(page.getByText('একটি বিভাগ বেছে নিন')).toBeVisible();
  await expectNoSidewaysScroll(page, 'checkout with its messages in Bangla');

  await page.getByLabel('ফোন নম্বর').fill('০১২৩৪');
  await page.getByRole('button', { name: 'অর্ডার দিন' }).click();
  await expect(page.getByText('বাংলাদেশি ফোন নম্বরটি সঠিক নয়')).toBeVisible();

  await page.getByLabel('ফোন নম্বর').fill('০১৭১২৩৪৫৬৭৮');
  await page.getByLabel('ডেলিভারির ঠিকানা').fill('বাড়ি ১২, রোড ৪, ব্লক বি');
  // The places read in Bangla; the order carries their English names, which the server checks.
  const division = page.getByLabel('বিভাগ', { exact: true });
  await expect(division.getByRole('option')).toHaveText(['বিভাগ বেছে নিন', 'ঢাকা', 'চট্টগ্রাম', 'রাজশাহী', 'খুলনা', 'বরিশাল', 'সিলেট', 'রংপুর', 'ময়মনসিংহ']);
  await division.selectOption({ label: 'ঢাকা' });
  await page.getByLabel('জেলা', { exact: true }).selectOption({ label: 'ঢাকা' });
  await page.getByLabel('শহর/উপজেলা', { exact: true }).selectOption({ label: 'সাভার' });
  await expect(division).toHaveValue('Dhaka');
  await expect(page.getByTestId('checkout-delivery-fee')).toHaveText('৳৬০');
  await expect(page.getByRole('radio', { name: 'ক্যাশ অন ডেলিভারি' })).toBeChecked();
  await expectNoSidewaysScroll(page, 'checkout filled in, in Bangla');

  await page.getByRole('button', { name: 'অর্ডার দিন' }).click();
  const toast = page.getByText(/^অর্ডার সফল হয়েছে! অর্ডার নম্বর #/);
  await expect(toast).toBeVisible();
  const told = await toast.textContent();
  await expect(page).toHaveURL((url) => url.pathname === '/user/my-orders');
  const [order] = await serverOrders(page);
  expect(order).toMatchObject({ paymentMethod: 'cash', phone: '01712345678', deliveryAddress: { division: 'Dhaka', district: 'Dhaka', city: 'Savar' } });
  expect(told).toBe(`অর্ডার সফল হয়েছে! অর্ডার নম্বর #${orderNumber(order!._id)}`);
});

test('in Bangla: an order placed in a ?lang=bn session downloads its invoice from the order page with Bangla labels', async ({ page, request }) => {
  test.setTimeout(60_000);
  const customer = await registerVerifiedCustomer(request, 'Invoice Shopper');
  const [product] = await inStockProducts(request, 1, { minStock: 2 });
  if (!product) throw new Error('the seeded catalogue has no product in stock');
  await signIn(page, customer.email, customer.password);

  await page.goto('/?lang=bn');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await seedCart(page, [{ product, quantity: 1 }]);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'চেকআউট' }).click();
  await page.getByLabel('ফোন নম্বর').fill('০১৭১২৩৪৫৬৭৮');
  await page.getByLabel('ডেলিভারির ঠিকানা').fill('বাড়ি ১২, রোড ৪, ব্লক বি');
  await page.getByLabel('বিভাগ', { exact: true }).selectOption('Dhaka');
  await page.getByLabel('জেলা', { exact: true }).selectOption('Dhaka');
  await page.getByLabel('শহর/উপজেলা', { exact: true }).selectOption('Savar');
  await page.getByRole('button', { name: 'অর্ডার দিন' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/user/my-orders');
  const [order] = await serverOrders(page);
  if (!order) throw new Error('the order was not placed');

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'ইনভয়েস ডাউনলোড' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`invoice-${order._id}.pdf`);
  const text = await pdfText(await readFile((await download.path())!));
  // Words without a vowel sign drawn before its consonant (ে, ি): a PDF's text comes out in the order glyphs are drawn.
  for (const label of ['হাট', 'পণ্য', 'একক দাম', 'মূল্য', 'ক্যাশ অন']) expect(text, label).toContain(label);
  expect(text.replace(/\s+/g, ''), 'amounts in Bangla digits').toMatch(/৳[০-৯]/);
  expect(text).toContain(order._id);
  for (const english of ['INVOICE', 'Deliver to', 'Unit price', 'Cash on Delivery']) expect(text, english).not.toContain(english);
});
