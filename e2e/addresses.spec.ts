import { expect, test } from '@playwright/test';
import { confirmIfAwaiting, inStockProducts, seedCart, serverOrders, signedInCustomer, signIn } from './support/app';

const KISHOREGANJ = { phone: '01912345670', division: 'Dhaka', district: 'Kishoreganj', city: 'Bhairab', addressDetails: 'House 9, Station Road' };

test("a returning shopper's checkout starts with their default address, and a district outside Dhaka city pays its zone's fee", async ({ page, request }) => {
  const customer = await signedInCustomer(request, 'Returning Shopper');
  const headers = { Authorization: `Bearer ${customer.token}` };
  // Kept from an earlier visit: a Savar address, then the Kishoreganj one made the default.
  expect(
    (
      await request.post('/api/addresses', {
        headers,
        data: { phone: '01812345670', division: 'Dhaka', district: 'Dhaka', city: 'Savar', addressDetails: 'House 12' },
      })
    ).ok(),
  ).toBe(true);
  expect((await request.post('/api/addresses', { headers, data: { ...KISHOREGANJ, isDefault: true } })).ok()).toBe(true);
  const [product] = await inStockProducts(request, 1);

  await page.setViewportSize({ width: 320, height: 800 });
  await signIn(page, customer.email, customer.password);
  await seedCart(page, [{ product: product!, quantity: 1 }]);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

  await expect(page.getByLabel('Shipping Address')).toHaveValue(KISHOREGANJ.addressDetails);
  await expect(page.getByLabel('Phone Number')).toHaveValue(KISHOREGANJ.phone);
  await expect(page.getByLabel('District')).toHaveValue('Kishoreganj');
  await expect(page.getByLabel('City/Upazila')).toHaveValue('Bhairab');
  // In the Dhaka division, but not Dhaka city: every other district's ৳120, as the server quotes it.
  await expect(page.getByTestId('checkout-delivery-fee')).toHaveText('৳120');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/user\/my-orders/);
  const [order] = await serverOrders(page);
  expect(order).toMatchObject({ deliveryFee: 120, deliveryAddress: { district: 'Kishoreganj', city: 'Bhairab' } });
  await confirmIfAwaiting(request, order!);
});
