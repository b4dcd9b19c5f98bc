import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WISHLIST_MAX, type Wishlist } from '../../../contract/catalogue';
import { newId } from '../../db/ids';
import { products, wishlistItems } from '../../db/schema';
import { body, createTestApp, createUser, resetDatabase, type TestApp } from '../../test/harness';
import { authAs, insertCategory, insertProduct } from '../products/test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => resetDatabase(t.db));

async function scene() {
  const fashion = await insertCategory(t.db, 'Fashion');
  const [rahim, fatema] = await Promise.all([
    createUser(t.db, { name: 'Rahim', email: 'rahim@example.com' }),
    createUser(t.db, { name: 'Fatema', email: 'fatema@example.com' }),
  ]);
  const saree = await insertProduct(t.db, { name: 'Saree', categoryId: fashion.id });
  const panjabi = await insertProduct(t.db, { name: 'Panjabi', categoryId: fashion.id, remaining: 0 });
  return { fashion, rahim, fatema, saree, panjabi, asRahim: await authAs(t.config, rahim) };
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
    const { fashion, rahim, saree, panjabi, asRahim } = await scene();
    expect(body<Wishlist>(await get(rahim.id, asRahim)).data).toEqual({ products: [] });

    expect((await add(rahim.id, saree.id, asRahim)).statusCode).toBe(200);
    expect((await add(rahim.id, panjabi.id, asRahim)).statusCode).toBe(200);
    const again = await add(rahim.id, saree.id, asRahim);
    expect(again.statusCode).toBe(200);
    expect(productNames(again)).toEqual(['Panjabi', 'Saree']);

    const listed = await get(rahim.id, asRahim);
    expect(productNames(listed)).toEqual(['Panjabi', 'Saree']);
    expect(body<Wishlist>(listed).data.products[0]).toMatchObject({
      _id: panjabi.id,
      remainingProducts: 0,
      productCategory: { _id: fashion.id, categoryName: 'Fashion' },
    });

    expect(productNames(await remove(rahim.id, panjabi.id, asRahim))).toEqual(['Saree']);
    expect((await remove(rahim.id, panjabi.id, asRahim)).statusCode).toBe(200);
    expect(productNames(await get(rahim.id, asRahim))).toEqual(['Saree']);
  });

  it("refuses anonymous visitors (401) and another customer's wishlist (403)", async () => {
    const { rahim, fatema, saree, asRahim } = await scene();
    expect((await get(rahim.id)).statusCode).toBe(401);
    expect((await add(rahim.id, saree.id)).statusCode).toBe(401);
    const asFatema = await authAs(t.config, fatema);
    const peek = await get(rahim.id, asFatema);
    expect(peek.statusCode).toBe(403);
    expect(body(peek).message).toBe('You can only manage your own wishlist');
    expect((await add(rahim.id, saree.id, asFatema)).statusCode).toBe(403);
    await add(rahim.id, saree.id, asRahim);
    expect((await remove(rahim.id, saree.id, asFatema)).statusCode).toBe(403);
    expect(productNames(await get(rahim.id, asRahim))).toEqual(['Saree']);
    expect(productNames(await get(fatema.id, asFatema))).toEqual([]);
  });

  it('answers 404 for an unknown product and 400 without a product id', async () => {
    const { rahim, asRahim } = await scene();
    const unknown = await add(rahim.id, '0123456789abcdef01234567', asRahim);
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe('Product not found');
    const missing = await add(rahim.id, undefined, asRahim);
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe('productId is required');
  });

  it(`holds at most ${WISHLIST_MAX} products: one more is refused with 409, one already there still succeeds`, async () => {
    const { fashion, rahim, saree, asRahim } = await scene();
    // Filled straight in the database: through the API this would take WISHLIST_MAX requests.
    const rows = Array.from({ length: WISHLIST_MAX }, (_, i) => ({ id: newId(), name: `Item ${i}`, categoryId: fashion.id, originalPrice: 100, price: 100, images: ['/media/' + '0'.repeat(32) + '.jpg'] }));
    await t.db.insert(products).values(rows);
    await t.db.insert(wishlistItems).values(rows.map((row) => ({ userId: rahim.id, productId: row.id })));
    const full = await add(rahim.id, saree.id, asRahim);
    expect(full.statusCode).toBe(409);
    expect(body(full).message).toBe(`Your wishlist is full (${WISHLIST_MAX} products). Remove some to add more.`);
    expect((await add(rahim.id, rows[0]!.id, asRahim)).statusCode).toBe(200);
    expect((await remove(rahim.id, rows[0]!.id, asRahim)).statusCode).toBe(200);
    expect((await add(rahim.id, saree.id, asRahim)).statusCode).toBe(200);
  });
});
