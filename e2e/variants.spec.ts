import { expect, test } from '@playwright/test';
import type { Product, ProductList } from '../contract/catalogue';
import { fillDelivery, serverOrders, signedInCustomer, signIn, stored } from './support/app';
import { openHydrated } from './support/pages';
import { expectNoSidewaysScroll } from './support/screen-fit';

test.describe('a shopper on a 360 px phone buys rice by weight', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });
  test.setTimeout(60_000);

  test('the 500 g bag at its own price and stock, from the card\'s "from" price to the placed order', async ({ page, request }) => {
    const listed = await request.get('/api/products', { params: { search: 'Najirshail Rice', limit: 10 } });
    const { data } = (await listed.json()) as { data: ProductList };
    const rice = data.data.find((product: Product) => product.productName === 'Najirshail Rice')!;
    const halfKilo = rice.variants.find((variant) => variant.size === '500 g')!;
    const fiveKilo = rice.variants.find((variant) => variant.size === '5 kg')!;
    expect(halfKilo.price).toBeLessThan(fiveKilo.price);

    const customer = await signedInCustomer(request, 'Rice Shopper');
    await signIn(page, customer.email, customer.password);
    await page.goto(`/products?search=${encodeURIComponent('Najirshail Rice')}`);
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Najirshail Rice', exact: true }) });
    await expect(card).toContainText(`from ৳${rice.productPrice.toLocaleString('en-US')}`);

    await openHydrated(page, `/products/${rice._id}`);
    const sizes = page.getByRole('group', { name: 'Size' });
    await sizes.getByRole('button', { name: '500 g', exact: true }).click();
    await expect(sizes.getByRole('button', { name: '500 g', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const chosen = page.getByText('Price of your choice');
    await expect(chosen.locator('..')).toContainText(`৳${halfKilo.price.toLocaleString('en-US')}`);
    await expect(page.getByText(`${halfKilo.remainingProducts} available`)).toBeVisible();
    await expectNoSidewaysScroll(page, 'product page');

    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Added to cart!')).toBeVisible();
    const cart = JSON.parse((await stored(page, 'cart')) ?? '[]') as Record<string, unknown>[];
    expect(cart).toEqual([expect.objectContaining({ productId: rice._id, variantId: halfKilo._id, size: '500 g', price: halfKilo.price, quantity: 1 })]);

    await page.goto('/cart');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/checkout');
    await fillDelivery(page);
    await expect(page.getByTestId('checkout-delivery-fee')).toHaveText('৳60');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Order placed successfully!')).toBeVisible();

    const [order] = await serverOrders(page);
    expect(order!.items).toEqual([
      expect.objectContaining({ productId: rice._id, variantId: halfKilo._id, size: '500 g', price: halfKilo.price, quantity: 1 }),
    ]);
    expect(order!.subTotal).toBe(halfKilo.price);
  });
});
