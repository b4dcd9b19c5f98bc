import { expect, test, type Page } from '@playwright/test';
import type { Product } from '../contract/catalogue';
import { formatTakaPrecise } from '../contract/money';
import { inStockProducts, registerVerifiedCustomer, seedCart, signIn, stored, submitPasswordSignIn } from './support/app';
import { DEMO_CUSTOMER } from './support/env';
import { openHydrated } from './support/pages';

/** The wishlist as the server holds it, asked with the session's own bearer token. */
async function serverWishlist(page: Page): Promise<string[]> {
  const token = await stored(page, 'token');
  const auth = JSON.parse((await stored(page, 'auth')) ?? 'null') as { user: { _id: string } };
  const answer = await page.request.get(`/api/wishlist/get-wishlist/${auth.user._id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as { data: { products: Product[] } };
  return data.products.map((product) => product._id).sort();
}

const cartLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart, \d+ items?$/ });

test('wishlist: save from product pages, move one to the cart, remove the rest in bulk', async ({ page, request }) => {
  // Registration, two product pages and the wishlist screen: longer than one screen's default budget.
  test.setTimeout(60_000);
  const customer = await registerVerifiedCustomer(request, 'Wishlist Shopper');
  const [first, second] = await inStockProducts(request, 2);
  if (!first || !second) throw new Error('the seeded catalogue has too few products in stock');
  await signIn(page, customer.email, customer.password);

  for (const product of [first, second]) {
    await page.goto(`/products/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.productName })).toBeVisible();
    // The product's own heart comes before those of the related products' cards.
    const heart = page.getByRole('button', { name: 'Add to wishlist' }).first();
    await heart.click();
    await expect(page.getByText('Added to wishlist!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove from wishlist' }).first()).toHaveAttribute('aria-pressed', 'true');
  }
  expect(await serverWishlist(page)).toEqual([first._id, second._id].sort());

  await expect(cartLink(page)).toHaveAccessibleName('Cart, 0 items');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wishlist' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeVisible();
  await expect(page.getByText('2 items saved')).toBeVisible();
  const firstItem = page.getByRole('listitem', { name: first.productName });
  await expect(firstItem).toBeVisible();
  await expect(page.getByRole('listitem', { name: second.productName })).toBeVisible();

  await firstItem.getByRole('button', { name: 'Move to Cart' }).click();
  await expect(page.getByText('Added to cart!')).toBeVisible();
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 1 item');
  await expect(firstItem).toHaveCount(0);
  await expect(page.getByText('1 item saved')).toBeVisible();
  // The list changes on screen before the server has answered: wait for the server's copy to follow.
  await expect.poll(() => serverWishlist(page)).toEqual([second._id]);
  const cart = JSON.parse((await stored(page, 'cart')) ?? '[]') as { productId: string; quantity: number }[];
  expect(cart).toEqual([expect.objectContaining({ productId: first._id, quantity: 1 })]);

  await page.getByLabel('Select all (0/1)').check();
  await page.getByRole('button', { name: 'Remove Selected (1)' }).click();
  await expect(page.getByText('1 item removed from wishlist!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your wishlist is empty' })).toBeVisible();
  await expect.poll(() => serverWishlist(page)).toEqual([]);
});

test('cart: survives a reload, changes quantity, removes a line, and checks out with the items', async ({ page, request }) => {
  const [first, second] = await inStockProducts(request, 2);
  if (!first || !second) throw new Error('the seeded catalogue has too few products in stock');
  await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await seedCart(page, [
    { product: first, quantity: 1 },
    { product: second, quantity: 1 },
  ]);
  await page.reload();

  await expect(cartLink(page)).toHaveAccessibleName('Cart, 2 items');
  await cartLink(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByTestId('cart-subtotal')).toHaveText(formatTakaPrecise(first.productPrice + second.productPrice));

  const firstLine = page.getByRole('listitem', { name: first.productName });
  const stepper = firstLine.getByRole('group', { name: `Quantity of ${first.productName}` });
  await stepper.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(stepper.getByRole('status')).toHaveText('Quantity 2');
  await expect(page.getByTestId('cart-subtotal')).toHaveText(formatTakaPrecise(first.productPrice * 2 + second.productPrice));
  await expect(cartLink(page)).toHaveAccessibleName('Cart, 3 items');

  await page.getByRole('listitem', { name: second.productName }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('listitem', { name: second.productName })).toHaveCount(0);
  await expect(page.getByTestId('cart-subtotal')).toHaveText(formatTakaPrecise(first.productPrice * 2));

  // The cart is kept across reloads.
  await page.reload();
  await expect(stepper.getByRole('status')).toHaveText('Quantity 2');

  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByText(`${first.productName} × 2`)).toBeVisible();
  await expect(page.getByText(second.productName)).toHaveCount(0);
  await expect(page.getByTestId('checkout-total-price')).toHaveText(formatTakaPrecise(first.productPrice * 2));
});

test('signed out: the cart asks to sign in at checkout, and the wishlist and heart send to /login', async ({ page, request }) => {
  const [product] = await inStockProducts(request, 1);
  if (!product) throw new Error('the seeded catalogue has no product in stock');

  await page.goto('/checkout');
  await expect(page.getByText('No item selected for checkout.')).toBeVisible();

  await openHydrated(page, `/products/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.productName })).toBeVisible();
  await page.getByRole('button', { name: 'Add to wishlist' }).first().click();
  await expect(page.getByText('Please login to manage your wishlist')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === `/products/${product._id}`);

  await page.evaluate(
    (p) =>
      window.localStorage.setItem(
        'cart',
        JSON.stringify([
          {
            productId: p._id,
            productName: p.productName,
            productCategory: 'x',
            price: p.productPrice,
            quantity: 1,
            subTotal: p.productPrice,
            maxStock: 1,
            image: '',
            OwnerId: '',
            OwnerName: '',
          },
        ]),
      ),
    product,
  );
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByText('Please Login to buy')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/cart');

  await page.goto('/wishlist');
  await expect(page.getByText('Please login to view your wishlist')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/wishlist');
  // Signing in returns to the wishlist.
  await submitPasswordSignIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(page).toHaveURL((url) => url.pathname === '/wishlist');
  await expect(page.getByRole('heading', { level: 1, name: 'My Wishlist' })).toBeVisible();
});
