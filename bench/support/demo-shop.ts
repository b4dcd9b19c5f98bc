import type { BrowserContext } from '@playwright/test';
import type { ProductList } from '../../contract/catalogue';
import { LIST_LIMIT_MAX } from '../../contract/catalogue-constants';

/** The seeded demo customer (see server/seed). */
const DEMO_CUSTOMER = { identifier: 'customer@haat.local', password: 'customer123' };

type Envelope<T> = { success: boolean; message: string; data: T };

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}`);
  return ((await response.json()) as Envelope<T>).data;
}

/** The id of the first product of the seeded catalogue, as `GET /api/products` lists it. */
export async function firstProductId(baseUrl: string): Promise<string> {
  const list = await json<ProductList>(await fetch(`${baseUrl}/api/products?limit=1`), 'GET /api/products');
  const first = list.data[0];
  if (!first) throw new Error('the catalogue is empty: the server seeds a new database with the demo catalogue');
  return first._id;
}

/**
 * The first product, as `GET /api/products` lists it, that one tap on Add to Cart puts in the cart: in stock, with no
 * size, colour or variant to choose first.
 */
export async function firstOneTapProductId(baseUrl: string): Promise<string> {
  const list = await json<ProductList>(await fetch(`${baseUrl}/api/products?limit=${LIST_LIMIT_MAX}`), 'GET /api/products');
  const product = list.data.find(
    (p) => p.remainingProducts > 0 && p.productSizes.length === 0 && p.productColors.length === 0 && (p.variants ?? []).length === 0,
  );
  if (!product) throw new Error('the catalogue has no product that one tap puts in the cart');
  return product._id;
}

/** How many banners the home page shows (`GET /api/banner`). */
export async function bannerCount(baseUrl: string): Promise<number> {
  return (await json<unknown[]>(await fetch(`${baseUrl}/api/banner`), 'GET /api/banner')).length;
}

/**
 * Signs the demo customer in through the API and stores the session where the app keeps it (`auth` and `token` in
 * localStorage), so pages of `context` open signed in as after a sign-in.
 */
export async function signInDemoCustomer(baseUrl: string, context: BrowserContext): Promise<void> {
  const { user, accessToken } = await json<{ user: unknown; accessToken: string }>(
    await fetch(`${baseUrl}/api/user/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(DEMO_CUSTOMER),
    }),
    'POST /api/user/signin',
  );
  await context.addInitScript(
    ({ auth, token }) => {
      localStorage.setItem('auth', auth);
      localStorage.setItem('token', token);
    },
    { auth: JSON.stringify({ user, token: accessToken }), token: accessToken },
  );
}
