import { describe, expect, it } from 'vitest';
import type { Product } from '../../../contract/catalogue';
import type { OrderStatus } from '../../../contract/orders';
import { newId } from '../../db/ids';
import { orderItems, orders } from '../../db/schema';
import { authAs, body, createUser, useShop } from '../../test/harness';
import { insertCategory, insertProduct } from '../products/test-fixtures';

const t = useShop({ people: true });

/** An order of one unit of the product for the customer, in the given status, written straight to the database. */
async function orderOf(customerId: string, productId: string, status: OrderStatus = 'delivered') {
  const id = newId();
  await t.db.insert(orders).values({
    id,
    customerId,
    customerName: 'Customer',
    phone: '01711000000',
    status,
    paymentMethod: 'cash',
    paymentStatus: status === 'delivered' ? 'paid' : 'unpaid',
    subTotal: 100,
    deliveryFee: 60,
    totalPrice: 160,
    division: 'Dhaka',
    district: 'Dhaka',
    city: 'Dhanmondi',
    addressDetails: 'Road 1',
  });
  await t.db.insert(orderItems).values({ id: newId(), orderId: id, position: 0, productId, productName: 'Saree', quantity: 1, unitPrice: 100, subTotal: 100 });
}

/** A product of the seller that Alice and Bob have each received. */
async function scene() {
  const fashion = await insertCategory(t.db, 'Fashion');
  const { seller, alice, bob } = t;
  const product = await insertProduct(t.db, { name: 'Saree', categoryId: fashion.id, ownerId: seller.id });
  await orderOf(alice.id, product.id);
  await orderOf(bob.id, product.id);
  return { product, seller, alice, bob };
}

const post = async (productId: string, review: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/products/${productId}/reviews`, payload: { review }, headers });

describe('POST /api/products/:productId/reviews', () => {
  it('needs a signed-in user posting as themselves', async () => {
    const { product, alice, bob } = await scene();
    const review = { userId: alice.id, stars: 5, text: 'Lovely' };
    expect((await post(product.id, review)).statusCode).toBe(401);
    const asSomeoneElse = await post(product.id, review, bob.headers);
    expect(asSomeoneElse.statusCode).toBe(403);
    expect(body(asSomeoneElse).message).toBe('You can only post reviews as yourself');
  });

  it.each([
    [{ stars: 0, text: 'ok' }, 'Stars must be a whole number from 1 to 5'],
    [{ stars: 6, text: 'ok' }, 'Stars must be a whole number from 1 to 5'],
    [{ stars: 2.5, text: 'ok' }, 'Stars must be a whole number from 1 to 5'],
    [{ stars: [5], text: 'ok' }, 'Stars must be a whole number from 1 to 5'],
    [{ stars: '5abc', text: 'ok' }, 'Stars must be a whole number from 1 to 5'],
    [{ stars: '5', text: 'ok' }, 'Stars must be a whole number from 1 to 5'],
    [{ stars: true, text: 'ok' }, 'Stars must be a whole number from 1 to 5'],
    [{ stars: 4, text: '   ' }, 'Review text is required'],
    [{ stars: 4 }, 'Review text is required'],
  ])('answers 400 to an invalid review %#', async (fields, message) => {
    const { product, alice } = await scene();
    const res = await post(product.id, { userId: alice.id, ...fields }, alice.headers);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ success: false, message });
    const after = body<Product>(await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).data;
    expect(after.reviews).toEqual([]);
  });

  it('answers 404 for an unknown product', async () => {
    const { alice } = await scene();
    const res = await post('0123456789abcdef01234567', { userId: alice.id, stars: 5, text: 'x' }, alice.headers);
    expect(res.statusCode).toBe(404);
  });

  it('updates the rating and review count, and a second review by the same customer replaces the first', async () => {
    const { product, alice, bob } = await scene();
    const first = await post(product.id, { userId: alice.id, stars: 5, text: '  Lovely colours  ' }, alice.headers);
    expect(first.statusCode).toBe(201);
    expect(body(first).message).toBe('Review submitted successfully');
    expect(body<Product>(first).data).toMatchObject({ productRating: 5, reviewCount: 1 });

    const second = await post(product.id, { userId: bob.id, stars: 4, text: 'Good' }, bob.headers);
    expect(body<Product>(second).data).toMatchObject({ productRating: 4.5, reviewCount: 2 });

    const replaced = await post(product.id, { userId: alice.id, stars: 2, text: 'Faded after a wash' }, alice.headers);
    expect(replaced.statusCode).toBe(200);
    expect(body(replaced).message).toBe('Your review was updated');
    const data = body<Product>(replaced).data;
    expect(data).toMatchObject({ productRating: 3, reviewCount: 2 });
    expect(data.reviews.map((r) => [r.userId.name, r.stars, r.text])).toEqual([
      ['Alice Rahman', 2, 'Faded after a wash'],
      ['Bob Karim', 4, 'Good'],
    ]);
    expect(data.reviews[0]!.userId).toEqual({ _id: alice.id, name: 'Alice Rahman', profileImg: null });

    const third = await post(product.id, { userId: bob.id, stars: 1, text: 'Changed my mind' }, bob.headers);
    expect(body<Product>(third).data).toMatchObject({ productRating: 1.5, reviewCount: 2 });
    const listed = body<{ data: Product[] }>(await t.app.inject({ method: 'GET', url: '/api/products?sortBy=rating' })).data.data;
    expect(listed[0]).toMatchObject({ productRating: 1.5, reviewCount: 2 });
  });

  it('rounds the rating to two decimals', async () => {
    const { product, alice, bob } = await scene();
    const third = await createUser(t.db, { name: 'Tanvir', email: 'tanvir@example.com' });
    await orderOf(third.id, product.id);
    await post(product.id, { userId: alice.id, stars: 5, text: 'a' }, alice.headers);
    await post(product.id, { userId: bob.id, stars: 5, text: 'b' }, bob.headers);
    const res = await post(product.id, { userId: third.id, stars: 4, text: 'c' }, await authAs(t.config, third));
    expect(body<Product>(res).data).toMatchObject({ productRating: 4.67, reviewCount: 3 });
  });

  it('does not let a seller review their own product', async () => {
    const { product, seller } = await scene();
    const res = await post(product.id, { userId: seller.id, stars: 5, text: 'Best ever' }, seller.headers);
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toBe('You cannot review your own product');
  });

  it('takes reviews only from customers an order of the product was delivered to', async () => {
    const { product } = await scene();
    const carol = await createUser(t.db, { name: 'Carol', email: 'carol@example.com' });
    const asCarol = await authAs(t.config, carol);
    const review = { userId: carol.id, stars: 5, text: 'Looks great in the pictures' };
    const refused = 'You can review a product once an order of it has been delivered to you';

    const never = await post(product.id, review, asCarol);
    expect(never.statusCode).toBe(403);
    expect(body(never).message).toBe(refused);
    for (const status of ['pending', 'shipped', 'cancelled'] as const) {
      await orderOf(carol.id, product.id, status);
      expect((await post(product.id, review, asCarol)).statusCode, status).toBe(403);
    }
    const after = body<Product>(await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).data;
    expect(after.reviews).toEqual([]);

    await orderOf(carol.id, product.id, 'delivered');
    const accepted = await post(product.id, review, asCarol);
    expect(accepted.statusCode).toBe(201);
    expect(body<Product>(accepted).data.reviews.map((r) => r.text)).toEqual([review.text]);
  });
});
