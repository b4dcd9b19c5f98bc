import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { OrderCreateInput, PlacedOrder } from '../../../contract/orders';
import { checkoutSeed } from '../../seed/orders';
import { products } from '../../db/schema';
import { body, type Shop, type TestApp } from '../../test/harness';
import { insertCategory, insertProduct } from '../products/test-fixtures';

/** The shop's people (see `useShop`) with what order tests sell: fees of ৳60 / ৳120, SAVE20 and three products. */
export async function stockShop(t: Shop) {
  await checkoutSeed.run(t.db);
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
    alice: t.alice,
    bob: t.bob,
    admin: t.admin,
    saree,
    panjabi,
    tea,
  };
}
export type StockedShop = Awaited<ReturnType<typeof stockShop>>;

/** The checkout form's payload, as the browser sends it. */
export function orderPayload(customer: { id: string; name: string; email: string | null }, overrides: Partial<OrderCreateInput> = {}): OrderCreateInput {
  return {
    customerName: customer.name,
    customerEmail: customer.email ?? '',
    customerId: customer.id,
    phone: '01712345678',
    cuopon: '',
    items: [],
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
