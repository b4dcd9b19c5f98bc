import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProductList } from '../../../contract/catalogue';
import { products } from '../../db/schema';
import { body, useShop } from '../../test/harness';
import { insertCategory, insertProduct, storeMedia } from './test-fixtures';

// A fresh app (and so an empty cache) for each test; the database is shared within the file.
const t = useShop({ env: { LIST_CACHE_SECONDS: '60' }, appPerTest: true, people: true });

const names = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/products' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return body<ProductList>(res).data.data.map((p) => p.productName);
};

/** A change made behind the API's back shows only once something clears the cache. */
async function renameBehindTheApi(id: string, name: string) {
  await t.db.update(products).set({ name }).where(eq(products.id, id));
}

describe('the product list cache', () => {
  it('serves a repeated list from memory, and clears on a successful catalogue write', async () => {
    const category = await insertCategory(t.db, 'Fashion');
    const product = await insertProduct(t.db, { name: 'Jamdani Saree', categoryId: category.id, originalPrice: 2000 });

    expect(await names()).toEqual(['Jamdani Saree']);
    await renameBehindTheApi(product.id, 'Renamed Saree');
    expect(await names()).toEqual(['Jamdani Saree']);

    const failed = await t.app.inject({ method: 'DELETE', url: '/api/categories/unknown-id', headers: t.admin.headers });
    expect(failed.statusCode).toBe(404);
    expect(await names()).toEqual(['Jamdani Saree']);

    await storeMedia(t.config, product.images[0]!);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: t.admin.headers,
      payload: { categoryName: 'Books', categoryImage: product.images[0] },
    });
    expect(created.statusCode).toBe(201);
    expect(await names()).toEqual(['Renamed Saree']);
  });

  it('is not cleared by account, wishlist, address or browser-report writes', async () => {
    const category = await insertCategory(t.db, 'Fashion');
    const product = await insertProduct(t.db, { name: 'Jamdani Saree', categoryId: category.id, originalPrice: 2000 });
    expect(await names()).toEqual(['Jamdani Saree']);
    await renameBehindTheApi(product.id, 'Renamed Saree');
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/wishlist/add-to-wishlist/${t.alice.id}`,
      headers: t.alice.headers,
      payload: { productId: product.id },
    });
    expect(added.statusCode).toBeLessThan(300);
    const address = { phone: '01712345678', division: 'Sylhet', district: 'Sylhet', city: 'Sylhet Sadar', addressDetails: 'House 3, Zindabazar' };
    const saved = await t.app.inject({ method: 'POST', url: '/api/addresses', headers: t.alice.headers, payload: address });
    expect(saved.statusCode).toBeLessThan(300);
    const reported = await t.app.inject({ method: 'POST', url: '/api/client-events', headers: { 'content-type': 'application/json' }, payload: [] });
    expect(reported.statusCode).toBeLessThan(500);
    expect(await names()).toEqual(['Jamdani Saree']);
  });
});
