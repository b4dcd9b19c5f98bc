import { describe, expect, it } from 'vitest';
import { WISHLIST_MAX, type Wishlist } from '../../../contract/catalogue';
import { newId } from '../../db/ids';
import { products, wishlistItems } from '../../db/schema';
import { body, useShop } from '../../test/harness';
import { insertCategory, insertProduct } from '../products/test-fixtures';

const t = useShop({ people: true });

async function scene() {
  const fashion = await insertCategory(t.db, 'Fashion');
  const { alice, bob } = t;
  const saree = await insertProduct(t.db, { name: 'Saree', categoryId: fashion.id });
  const panjabi = await insertProduct(t.db, { name: 'Panjabi', categoryId: fashion.id, remaining: 0 });
  return { fashion, alice, bob, saree, panjabi, asAlice: alice.headers };
}

const add = (customerId: string, productId: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/wishlist/add-to-wishlist/${customerId}`, payload: { productId }, headers });
const get = (customerId: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/wishlist/get-wishlist/${customerId}`, headers });
const remove = (customerId: string, productId: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'DELETE', url: `/api/wishlist/remove/${customerId}/${productId}`, headers });
const productNames = (res: Awaited<ReturnType<typeof get>>) => body<Wishlist>(res).data.products.map((p) => p.productName);

describe('wishlist', () => {
  it('adds, lists (newest added first, populated) and removes, idempotently', async () => {
    const { fashion, alice, saree, panjabi, asAlice } = await scene();
    expect(body<Wishlist>(await get(alice.id, asAlice)).data).toEqual({ products: [] });

    expect((await add(alice.id, saree.id, asAlice)).statusCode).toBe(200);
    expect((await add(alice.id, panjabi.id, asAlice)).statusCode).toBe(200);
    const again = await add(alice.id, saree.id, asAlice);
    expect(again.statusCode).toBe(200);
    expect(productNames(again)).toEqual(['Panjabi', 'Saree']);

    const listed = await get(alice.id, asAlice);
    expect(productNames(listed)).toEqual(['Panjabi', 'Saree']);
    expect(body<Wishlist>(listed).data.products[0]).toMatchObject({
      _id: panjabi.id,
      remainingProducts: 0,
      productCategory: { _id: fashion.id, categoryName: 'Fashion' },
    });

    expect(productNames(await remove(alice.id, panjabi.id, asAlice))).toEqual(['Saree']);
    expect((await remove(alice.id, panjabi.id, asAlice)).statusCode).toBe(200);
    expect(productNames(await get(alice.id, asAlice))).toEqual(['Saree']);
  });

  it("refuses anonymous visitors (401) and another customer's wishlist (403)", async () => {
    const { alice, bob, saree, asAlice } = await scene();
    expect((await get(alice.id)).statusCode).toBe(401);
    expect((await add(alice.id, saree.id)).statusCode).toBe(401);
    const asBob = bob.headers;
    const peek = await get(alice.id, asBob);
    expect(peek.statusCode).toBe(403);
    expect(body(peek).message).toBe('You can only manage your own wishlist');
    expect((await add(alice.id, saree.id, asBob)).statusCode).toBe(403);
    await add(alice.id, saree.id, asAlice);
    expect((await remove(alice.id, saree.id, asBob)).statusCode).toBe(403);
    expect(productNames(await get(alice.id, asAlice))).toEqual(['Saree']);
    expect(productNames(await get(bob.id, asBob))).toEqual([]);
  });

  it('answers 404 for an unknown product and 400 without a product id', async () => {
    const { alice, asAlice } = await scene();
    const unknown = await add(alice.id, '0123456789abcdef01234567', asAlice);
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe('Product not found');
    const missing = await add(alice.id, undefined, asAlice);
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe('productId is required');
  });

  it(`holds at most ${WISHLIST_MAX} products: one more is refused with 409, one already there still succeeds`, async () => {
    const { fashion, alice, saree, asAlice } = await scene();
    // Filled straight in the database: through the API this would take WISHLIST_MAX requests.
    const rows = Array.from({ length: WISHLIST_MAX }, (_, i) => ({
      id: newId(),
      name: `Item ${i}`,
      categoryId: fashion.id,
      originalPrice: 100,
      price: 100,
      images: ['/media/' + '0'.repeat(32) + '.jpg'],
    }));
    await t.db.insert(products).values(rows);
    await t.db.insert(wishlistItems).values(rows.map((row) => ({ userId: alice.id, productId: row.id })));
    const full = await add(alice.id, saree.id, asAlice);
    expect(full.statusCode).toBe(409);
    expect(body(full).message).toBe(`Your wishlist is full (${WISHLIST_MAX} products). Remove some to add more.`);
    expect((await add(alice.id, rows[0]!.id, asAlice)).statusCode).toBe(200);
    expect((await remove(alice.id, rows[0]!.id, asAlice)).statusCode).toBe(200);
    expect((await add(alice.id, saree.id, asAlice)).statusCode).toBe(200);
  });
});
