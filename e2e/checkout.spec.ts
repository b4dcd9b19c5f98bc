import { expect, test, type Page } from '@playwright/test';
import type { Order } from '../contract/orders';
import { formatTakaPrecise } from '../contract/money';
import { fillDelivery, inStockProducts, registerVerifiedCustomer, SAVAR, seedCart, serverOrders, signIn, stored } from './support/app';

/** Cart lines as the product pages write them (localStorage `cart`). */
/** From the cart screen to /checkout, the way a shopper gets there. */
async function openCheckoutFromCart(page: Page) {
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

const SYLHET = { division: 'Sylhet', district: 'Sunamganj', city: 'Chhatak' };

const poisha = (taka: number) => Math.round(taka * 100);

test.describe('checkout', () => {
  // Registration, the cart, checkout and (for mobile banking) the gateway: longer than one screen's default budget.
  test.setTimeout(60_000);

  test('cash on delivery inside Dhaka: the order is placed with the server total and the cart is emptied', async ({ page, request }) => {
    const customer = await registerVerifiedCustomer(request, 'Checkout Shopper');
    const [first, second] = await inStockProducts(request, 2, { minStock: 5 });
    if (!first || !second) throw new Error('the seeded catalogue has too few products in stock');
    await signIn(page, customer.email, customer.password);
    await seedCart(page, [
      { product: first, quantity: 2 },
      { product: second, quantity: 1 },
    ]);
    await openCheckoutFromCart(page);

    const subtotal = (poisha(first.productPrice) * 2 + poisha(second.productPrice)) / 100;
    await expect(page.getByTestId('checkout-total-price')).toHaveText(formatTakaPrecise(subtotal));
    await fillDelivery(page);
    await expect(page.getByTestId('checkout-delivery-fee')).toHaveText('৳60');
    const total = Math.round(subtotal + 60);
    await expect(page.getByTestId('checkout-grand-total')).toHaveText(`৳${total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    await expect(page.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
    await expect(page.getByLabel('Payment Number')).toHaveCount(0);

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Order placed successfully!')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/user/my-orders');
    expect(await stored(page, 'cart')).toBeNull();

    const orders = await serverOrders(page);
    expect(orders).toHaveLength(1);
    const [order] = orders;
    expect(order).toMatchObject({
      status: 'pending',
      paymentStatus: 'unpaid',
      paymentMethod: 'cash',
      phone: '01712345678',
      deliveryFee: 60,
      coupon: null,
      discount: 0,
      transaction_id: null,
      deliveryAddress: { ...SAVAR, addressDetails: 'House 12, Road 4, Block B' },
    });
    expect(order?.items.map(({ productId, quantity, color }) => ({ productId, quantity, color }))).toEqual(
      expect.arrayContaining([
        { productId: first._id, quantity: 2, color: first.productColors[0] ?? null },
        { productId: second._id, quantity: 1, color: second.productColors[0] ?? null },
      ]),
    );
    expect(order?.items).toHaveLength(2);
    expect(poisha(order?.subTotal ?? 0)).toBe(poisha(subtotal));
    expect(poisha(order?.totalPrice ?? 0)).toBe(Math.round((poisha(subtotal) + 6000) / 100) * 100);
  });

  test('Buy Now places its one line and leaves the cart as it was', async ({ page, request }) => {
    const customer = await registerVerifiedCustomer(request, 'Buy Now Shopper');
    const [inCart, bought] = await inStockProducts(request, 2, { minStock: 5, skip: 2 });
    if (!inCart || !bought) throw new Error('the seeded catalogue has too few products in stock');
    await signIn(page, customer.email, customer.password);
    await seedCart(page, [{ product: inCart, quantity: 1 }]);
    const cartBefore = await stored(page, 'cart');

    await page.goto(`/products/${bought._id}`);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await fillDelivery(page);
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/user/my-orders');

    const [order] = await serverOrders(page);
    expect(order?.items.map((item) => item.productId)).toEqual([bought._id]);
    expect(await stored(page, 'cart')).toBe(cartBefore);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  });

  test('coupon SAVE20 outside Dhaka: Apply shows 20 % off and the total before ordering, and the order is charged that total', async ({ page, request }) => {
    const customer = await registerVerifiedCustomer(request, 'Checkout Shopper');
    const [product] = await inStockProducts(request, 1, { minStock: 5, skip: 2 });
    if (!product) throw new Error('the seeded catalogue has too few products in stock');
    await signIn(page, customer.email, customer.password);
    await seedCart(page, [{ product, quantity: 1 }]);
    await openCheckoutFromCart(page);
    await fillDelivery(page, SYLHET);
    await expect(page.getByTestId('checkout-delivery-fee')).toHaveText('৳120');
    await page.getByLabel('Coupon Code').fill('save20');
    await page.getByRole('button', { name: 'Apply' }).click();
    const sub = poisha(product.productPrice);
    const discount = Math.round(sub * 0.2);
    // The total to whole taka, as the summary shows it with two decimals.
    const total = Math.round((sub - discount + 12000) / 100) * 100;
    await expect(page.getByTestId('checkout-discount')).toHaveText(/^−৳/);
    const shownTotal = `৳${(total / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await expect(page.getByTestId('checkout-grand-total')).toHaveText(shownTotal);

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Order placed successfully!')).toBeVisible();

    const [order] = await serverOrders(page);
    expect(order).toMatchObject({ coupon: 'SAVE20', deliveryFee: 120, deliveryAddress: expect.objectContaining(SYLHET) });
    expect(poisha(order?.subTotal ?? 0)).toBe(sub);
    expect(poisha(order?.discount ?? 0)).toBe(discount);
    expect(poisha(order?.totalPrice ?? 0)).toBe(total);
  });

  test('mobile banking: the sandbox gateway, Pay, Payment Successful, and the order is paid', async ({ page, request }) => {
    const customer = await registerVerifiedCustomer(request, 'Checkout Shopper');
    const [product] = await inStockProducts(request, 1, { minStock: 5, skip: 3 });
    if (!product) throw new Error('the seeded catalogue has too few products in stock');
    await signIn(page, customer.email, customer.password);
    await seedCart(page, [{ product, quantity: 1 }]);
    await openCheckoutFromCart(page);
    await fillDelivery(page);
    await page.getByRole('radio', { name: 'Mobile Banking (Bkash/Nagad/Rocket)' }).check();
    await page.getByLabel('Payment Number').fill('01812345678');

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/sandbox/pay/'));
    expect(await stored(page, 'cart')).toBeNull();
    await page.getByRole('button', { name: /^Pay / }).click();

    await expect(page).toHaveURL((url) => url.pathname.startsWith('/payment/success/'));
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
    const tranId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    await expect(page.getByText(tranId, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/user/my-orders');

    const [order] = await serverOrders(page);
    expect(order).toMatchObject({ paymentMethod: 'mobile-banking', paymentStatus: 'paid', transaction_id: tranId });
  });

  test('mobile banking: Fail on the gateway shows Payment Failed and leaves the order unpaid', async ({ page, request }) => {
    const customer = await registerVerifiedCustomer(request, 'Checkout Shopper');
    const [product] = await inStockProducts(request, 1, { minStock: 5, skip: 4 });
    if (!product) throw new Error('the seeded catalogue has too few products in stock');
    await signIn(page, customer.email, customer.password);
    await seedCart(page, [{ product, quantity: 1 }]);
    await openCheckoutFromCart(page);
    await fillDelivery(page);
    await page.getByRole('radio', { name: 'Mobile Banking (Bkash/Nagad/Rocket)' }).check();

    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/sandbox/pay/'));
    await page.getByRole('button', { name: 'Fail', exact: true }).click();

    await expect(page).toHaveURL((url) => url.pathname.startsWith('/payment/failed/'));
    await expect(page.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeVisible();
    const tranId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    await expect(page.getByText(tranId, { exact: true })).toBeVisible();

    const [order] = await serverOrders(page);
    expect(order).toMatchObject({ paymentMethod: 'mobile-banking', paymentStatus: 'unpaid', transaction_id: tranId });
  });

  test('signed out at checkout: Place Order asks to log in and places nothing', async ({ page, request }) => {
    const customer = await registerVerifiedCustomer(request, 'Checkout Shopper');
    const [product] = await inStockProducts(request, 1, { minStock: 5 });
    if (!product) throw new Error('the seeded catalogue has too few products in stock');
    await signIn(page, customer.email, customer.password);
    const auth = JSON.parse((await stored(page, 'auth')) ?? 'null') as { user: { _id: string }; token: string };
    await seedCart(page, [{ product, quantity: 1 }]);
    await openCheckoutFromCart(page);

    // The session ends while the checkout page is open (signed out in another tab); the items stay in history state.
    await page.evaluate(() => {
      window.localStorage.removeItem('auth');
      window.localStorage.removeItem('token');
    });
    await page.reload();
    await expect(page.getByRole('form', { name: 'Checkout' }).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirect=%2Fcart');
    await fillDelivery(page);
    await page.getByRole('button', { name: 'Place Order' }).click();

    await expect(page.getByText('Please login to place an order')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/checkout');
    const answer = await page.request.get(`/api/order/get-order-by-customerId/${auth.user._id}`, { headers: { Authorization: `Bearer ${auth.token}` } });
    expect(((await answer.json()) as { data: Order[] }).data).toEqual([]);
  });
});
