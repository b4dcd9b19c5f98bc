import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { PublicUser, SessionData } from '../../contract/auth';
import type { Product, ProductList } from '../../contract/catalogue';
import type { Order, PlacedOrder } from '../../contract/orders';
import { ADMIN } from './env';
import { waitForEmailLink } from './outbox';

/** Unique per run and per call, so reruns against the same database never collide. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A Bangladeshi mobile number (01[3-9] and 8 digits), unique per run and per call. */
export function uniquePhone(): string {
  const operator = 3 + Math.floor(Math.random() * 7);
  const tail = `${Date.now() % 1e6}`.padStart(6, '0') + `${Math.floor(Math.random() * 100)}`.padStart(2, '0');
  return `01${operator}${tail}`;
}

/** Signs in through the password form of /login (the page must already be open). */
export async function submitPasswordSignIn(page: Page, identifier: string, password: string) {
  await page.getByRole('button', { name: 'Via Password' }).click();
  await page.getByLabel('Email or Phone').fill(identifier);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens /login, signs in and waits for the success toast. */
export async function signIn(page: Page, identifier: string, password: string) {
  await page.goto('/login');
  await submitPasswordSignIn(page, identifier, password);
  await expect(page.getByText('Login successful')).toBeVisible();
}

/** The value stored under a localStorage key, or null. */
export function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

/** The customer's orders as the server holds them, asked with the session's own bearer token; newest first. */
export async function serverOrders(page: Page): Promise<Order[]> {
  const token = await stored(page, 'token');
  const auth = JSON.parse((await stored(page, 'auth')) ?? 'null') as { user: { _id: string } };
  const answer = await page.request.get(`/api/order/get-order-by-customerId/${auth.user._id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { data: Order[] }).data;
}

/** Fills and submits one tab of /register (the page must already be open); both tabs' forms stay mounted. */
export async function submitRegistration(
  page: Page,
  tab: 'Signup with Email' | 'Signup with Phone',
  fields: { name: string; contact: string; password: string },
) {
  await page.getByRole('tab', { name: tab }).click();
  const panel = page.getByRole('tabpanel', { name: tab });
  await panel.getByLabel('Name', { exact: true }).fill(fields.name);
  await panel.getByLabel(tab === 'Signup with Email' ? 'Email' : 'Phone', { exact: true }).fill(fields.contact);
  await panel.getByLabel('Password', { exact: true }).fill(fields.password);
  await panel.getByLabel('Confirm Password', { exact: true }).fill(fields.password);
  await panel.getByRole('button', { name: 'Create Account', exact: true }).click();
}

/** A verified customer of the test's own (registered through the API and the outbox), so specs running alongside never share data. */
export async function registerVerifiedCustomer(request: APIRequestContext, name: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  const password = 'shopper-pass-1';
  const register = await request.post('/api/user/register', {
    data: { method: 'email', name, email, password, confirmPassword: password },
  });
  expect(register.ok()).toBe(true);
  const link = await waitForEmailLink(email);
  const token = decodeURIComponent(new URL(link).pathname.split('/').at(-1) ?? '');
  expect((await request.post('/api/user/verify-account', { data: { token, password } })).ok()).toBe(true);
  return { email, password };
}

/** `count` products of the seeded catalogue with at least `minStock` in stock, after skipping `skip` such products. */
export async function inStockProducts(request: APIRequestContext, count: number, { minStock = 3, skip = 0 } = {}): Promise<Product[]> {
  const answer = await request.get('/api/products', { params: { limit: 40 } });
  expect(answer.ok()).toBe(true);
  const { data } = (await answer.json()) as { data: ProductList };
  // Products without variants: a cart line of their own price and options is what the server charges.
  const products = data.data.filter((product) => product.variants.length === 0 && product.remainingProducts >= minStock).slice(skip, skip + count);
  expect(products).toHaveLength(count);
  return products;
}

export type ApiCustomer = { email: string; password: string; id: string; user: PublicUser; token: string };

/** A verified customer of the test's own, signed in through the API, with a token to ask the server what it holds. */
export async function signedInCustomer(request: APIRequestContext, name: string): Promise<ApiCustomer> {
  const { email, password } = await registerVerifiedCustomer(request, name);
  const signin = await request.post('/api/user/signin', { data: { identifier: email, password } });
  expect(signin.ok()).toBe(true);
  const { data } = (await signin.json()) as { data: SessionData };
  return { email, password, id: data.user._id, user: data.user, token: data.accessToken };
}

/** A cart line for `product` as its product page writes it, with a colour and a size of its own when it has them (the server wants them). */
export function cartLine(product: Product, quantity = 1) {
  return {
    productId: product._id,
    productName: product.productName,
    productCategory: product.productCategory.categoryName,
    price: product.productPrice,
    quantity,
    subTotal: product.productPrice * quantity,
    maxStock: product.remainingProducts,
    image: product.productImages[0] ?? '',
    ...(product.productColors[0] ? { color: product.productColors[0] } : {}),
    ...(product.productSizes[0] ? { size: product.productSizes[0] } : {}),
    OwnerId: product.OwnerId?._id ?? '',
    OwnerName: product.OwnerId?.name ?? 'Unknown Seller',
  };
}

/** Stores these lines as the cart, as the product pages would have (the page must be open on the app). */
export async function seedCart(page: Page, lines: { product: Product; quantity: number }[]) {
  const cart = lines.map(({ product, quantity }) => cartLine(product, quantity));
  await page.evaluate((value) => window.localStorage.setItem('cart', JSON.stringify(value)), cart);
}

/** Places an order for one unit of `product` through the API, as the browser's checkout would. */
export async function placeOrderThroughApi(
  request: APIRequestContext,
  customer: ApiCustomer,
  product: Product,
  paymentMethod: 'cash' | 'mobile-banking' = 'cash',
): Promise<PlacedOrder> {
  const answer = await request.post('/api/order/post-order', {
    headers: { Authorization: `Bearer ${customer.token}` },
    data: {
      customerName: customer.user.name,
      customerEmail: customer.email,
      customerId: customer.id,
      phone: '01712345678',
      cuopon: '',
      items: [
        {
          productId: product._id,
          productName: product.productName,
          image: product.productImages[0] ?? null,
          quantity: 1,
          color: product.productColors[0],
          size: product.productSizes[0],
          subTotal: product.productPrice,
        },
      ],
      paymentMethod,
      paymentNumber: paymentMethod === 'mobile-banking' ? '01812345678' : '',
      deliveryFee: 0,
      deliveryAddress: { division: 'Dhaka', district: 'Dhaka', city: 'Dhanmondi', addressDetails: 'House 12, Road 4' },
    },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { data: PlacedOrder }).data;
}

/**
 * The shop confirms a cash order by phone when it waits for confirmation (its number has no delivered order yet), as
 * the admin's Confirmed by phone button does: tests of what comes after placing move it on at once.
 */
export async function confirmIfAwaiting(request: APIRequestContext, order: Pick<Order, '_id' | 'cashConfirmation'>): Promise<void> {
  if (order.cashConfirmation !== 'awaiting') return;
  const accessToken = await adminToken(request);
  const confirmed = await request.post(`/api/admin/orders/${order._id}/confirm-cash`, { headers: { Authorization: `Bearer ${accessToken}` } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
}

/** The shop's admin's access token, signed in through the API. */
async function adminToken(request: APIRequestContext): Promise<string> {
  const signin = await request.post('/api/user/signin', { data: { identifier: ADMIN.email, password: ADMIN.password } });
  expect(signin.ok()).toBe(true);
  return ((await signin.json()) as { data: SessionData }).data.accessToken;
}

/**
 * Places a cash order of `product` for the customer and has the shop's admin deliver it: the customer may then review
 * or return it. Answers the order as placed.
 */
export async function deliverTo(request: APIRequestContext, customer: ApiCustomer, product: Product): Promise<PlacedOrder['order']> {
  const { order } = await placeOrderThroughApi(request, customer, product);
  await confirmIfAwaiting(request, order);
  const accessToken = await adminToken(request);
  for (const status of ['processing', 'shipped', 'delivered']) {
    const moved = await request.patch(`/api/order/update-status/${order._id}`, { headers: { Authorization: `Bearer ${accessToken}` }, data: { status } });
    expect(moved.ok(), await moved.text()).toBe(true);
  }
  return order;
}

/** A place to deliver to in Dhaka division, inside Dhaka city's district (its fee: ৳60). */
export const SAVAR = { division: 'Dhaka', district: 'Dhaka', city: 'Savar' };

/** The listed product called `name`, found through the storefront's search. */
export async function productNamed(request: APIRequestContext, name: string): Promise<Product> {
  const answer = await request.get('/api/products', { params: { search: name } });
  const list = ((await answer.json()) as { data: ProductList }).data;
  const product = list.data.find((p) => p.productName === name);
  if (!product) throw new Error(`${name} is not listed`);
  return product;
}

/** A phone number no other order has used, so its cash order waits for confirmation. */
export const freshPhone = () => `0195${String(Date.now()).slice(-7)}`;

/** Fills checkout's delivery form: a phone number, an address and its place. */
export async function fillDelivery(checkout: Page | Locator, place: { division: string; district: string; city: string } = SAVAR, phone = '01712345678') {
  await checkout.getByLabel('Phone Number').fill(phone);
  await checkout.getByLabel('Shipping Address').fill('House 12, Road 4, Block B');
  await checkout.getByLabel('Division').selectOption(place.division);
  await checkout.getByLabel('District').selectOption(place.district);
  await checkout.getByLabel('City/Upazila').selectOption(place.city);
}

/** A signed-in customer's cash order of one `product` through the shop: the cart, checkout's delivery form, Place Order. */
export async function checkoutCashOrder(page: Page, customer: { email: string; password: string }, product: Product, phone?: string) {
  await signIn(page, customer.email, customer.password);
  await seedCart(page, [{ product, quantity: 1 }]);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await fillDelivery(page, undefined, phone);
  await expect(page.getByRole('radio', { name: 'Cash on Delivery' })).toBeChecked();
  await page.getByRole('button', { name: 'Place Order' }).click();
}
