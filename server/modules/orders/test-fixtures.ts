import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { OrderCreateInput, PlacedOrder } from '../../../contract/orders';
import { checkoutSeed } from '../../db/seed/orders';
import { products } from '../../db/schema';
import { body, createUser, type TestApp } from '../../test/harness';
import { authAs, insertCategory, insertProduct } from '../products/test-fixtures';

/** A shop for order tests: seeded fees (৳60 / ৳120) and SAVE20, two customers, an admin and three products. */
export async function openShop(t: TestApp) {
  await checkoutSeed.run(t.db);
  const [alice, bob, admin] = await Promise.all([
    createUser(t.db, { name: 'Alice Rahman', email: 'alice@example.com', phone: '01711000001' }),
    createUser(t.db, { name: 'Bob Karim', email: 'bob@example.com', phone: '01811000002' }),
    createUser(t.db, { name: 'Shop Admin', email: 'admin@example.com', role: 'admin' }),
  ]);
  const category = await insertCategory(t.db, 'Fashion');
  // ৳1,500 less 10 % = ৳1,350; no options.
  const saree = await insertProduct(t.db, { categoryId: category.id, name: 'জামদানি শাড়ি', originalPrice: 1500, discount: 10, remaining: 10 });
  // ৳850 less 0 %, sizes and colours to choose from.
  const panjabi = await insertProduct(t.db, {
    categoryId: category.id,
    name: 'Eid Cotton Panjabi',
    originalPrice: 850,
    remaining: 3,
    sizes: ['M', 'L', 'XL'],
    colors: ['White', 'Navy'],
  });
  // ৳99.99 less 15 % = ৳84.99 (rounded to the poisha).
  const tea = await insertProduct(t.db, { categoryId: category.id, name: 'Sylhet Tea 500 g', originalPrice: 99.99, discount: 15, remaining: 100 });
  return {
    alice: { ...alice, headers: await authAs(t.config, alice) },
    bob: { ...bob, headers: await authAs(t.config, bob) },
    admin: { ...admin, headers: await authAs(t.config, admin) },
    saree,
    panjabi,
    tea,
  };
}
export type Shop = Awaited<ReturnType<typeof openShop>>;

/** The checkout form's payload, as the browser sends it. */
export function orderPayload(customer: { id: string; name: string; email: string | null }, overrides: Partial<OrderCreateInput> = {}): OrderCreateInput {
  return {
    customerName: customer.name,
    customerEmail: customer.email ?? '',
    customerId: customer.id,
    phone: '01712345678',
    cuopon: '',
    items: [],
    totalPrice: 0,
    paymentMethod: 'cash',
    paymentNumber: '',
    deliveryFee: 0,
    deliveryAddress: { division: 'Dhaka', district: 'Dhaka', city: 'Dhanmondi', addressDetails: 'House 12, Road 5' },
    ...overrides,
  };
}

export function postOrder(t: TestApp, headers: Record<string, string>, payload: unknown, extraHeaders: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/order/post-order', headers: { ...headers, ...extraHeaders }, payload: payload as object });
}

export const placed = (res: LightMyRequestResponse) => body<PlacedOrder>(res).data;

export async function stockOf(t: TestApp, productId: string) {
  const [row] = await t.db.select({ remaining: products.remaining, sales: products.sales }).from(products).where(eq(products.id, productId));
  return row!;
}
