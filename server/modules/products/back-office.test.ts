import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Product, ProductList } from '../../../contract/catalogue';
import { authAs, body, createUser, useShop } from '../../test/harness';
import { mediaDir } from '../../config';
import { daysAgo, fileBlob, insertCategory, insertProduct, mediaUrl, picture, storeMedia } from './test-fixtures';

const t = useShop({ people: true });

async function otherSeller() {
  const row = await createUser(t.db, { name: 'Chittagong Crafts', email: 'crafts@example.com', role: 'seller' });
  return { ...row, headers: await authAs(t.config, row) };
}

const storedFiles = () => (existsSync(mediaDir(t.config.dataDir)) ? readdirSync(mediaDir(t.config.dataDir)).filter((name) => name !== 'cache') : []);
/** Files stored since `before` was listed; an earlier test's unused image may be deleted meanwhile, which is not one. */
const storedSince = (before: string[]) => storedFiles().filter((name) => !before.includes(name));
const fileExists = (url: string) => existsSync(join(mediaDir(t.config.dataDir), url.slice('/media/'.length)));

/** A product form: text fields (a list repeats its field) and `files` pictures, each of its own size so each is its own file. */
async function productForm(fields: Record<string, string | string[]>, files: number, firstWidth = 400) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) form.append(key, item);
  for (let i = 0; i < files; i += 1) form.append('productImages', fileBlob(await picture(firstWidth + i, 300, 'jpeg'), 'image/jpeg'), `photo-${i}.jpg`);
  return form;
}

describe("GET /api/products/manage: the caller's products with their stock", () => {
  async function catalogue() {
    const category = await insertCategory(t.db, 'Fashion');
    const crafts = await otherSeller();
    const own = (name: string, remaining: number, days: number, tags: string[] = []) =>
      insertProduct(t.db, { name, categoryId: category.id, ownerId: t.seller.id, remaining, tags, createdAt: daysAgo(days) });
    await own('Jamdani Saree', 4, 5, ['handloom']);
    await own('Cotton Shirt', 0, 4);
    await own('Silk Panjabi', 12, 3);
    await own('Handloom Gamchha', 1, 2);
    await insertProduct(t.db, { name: 'Nakshi Kantha', categoryId: category.id, ownerId: crafts.id, remaining: 2, tags: ['handloom'] });
    return { crafts };
  }
  const manage = async (headers: Record<string, string>, query = '') => {
    const res = await t.app.inject({ url: `/api/products/manage${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return body<ProductList>(res).data;
  };
  const names = (page: ProductList) => page.data.map((p) => p.productName);

  it('lists only a seller’s own products, newest first, with stock and the total', async () => {
    await catalogue();
    const page = await manage(t.seller.headers, '?limit=3');
    expect(page).toMatchObject({ count: 3, total: 4, page: 1, pages: 2 });
    expect(page.data.map((p) => [p.productName, p.remainingProducts])).toEqual([
      ['Handloom Gamchha', 1],
      ['Silk Panjabi', 12],
      ['Cotton Shirt', 0],
    ]);
    expect(names(await manage(t.seller.headers, '?limit=3&page=2'))).toEqual(['Jamdani Saree']);
    expect(page.data.every((p) => p.OwnerId?._id === t.seller.id)).toBe(true);
  });

  it('searches the seller’s own products only, and sorts the lowest stock first', async () => {
    const { crafts } = await catalogue();
    expect(names(await manage(t.seller.headers, '?search=HANDLOOM'))).toEqual(['Handloom Gamchha', 'Jamdani Saree']);
    expect(names(await manage(crafts.headers, '?search=handloom'))).toEqual(['Nakshi Kantha']);
    expect(names(await manage(t.seller.headers, '?sortBy=stock'))).toEqual(['Cotton Shirt', 'Handloom Gamchha', 'Jamdani Saree', 'Silk Panjabi']);
  });

  it('shows an admin every product', async () => {
    await catalogue();
    expect((await manage(t.admin.headers)).total).toBe(5);
  });

  it('answers 401 to anonymous callers and 403 to customers', async () => {
    await catalogue();
    expect((await t.app.inject({ url: '/api/products/manage' })).statusCode).toBe(401);
    const customer = await t.app.inject({ url: '/api/products/manage', headers: t.alice.headers });
    expect(customer.statusCode).toBe(403);
    expect(body(customer).message).toBe('You do not have permission to do this');
  });

  it('refuses hostile and out-of-range queries with a 400 and a message', async () => {
    for (const query of [
      '?page=0',
      '?limit=0',
      '?limit=101',
      '?limit=1e309',
      '?sortBy=price',
      `?search=${'x'.repeat(6000)}`,
      '?search=a%00b',
      '?page=1&page=2',
    ]) {
      const res = await t.app.inject({ url: `/api/products/manage${query}`, headers: t.seller.headers });
      expect(res.statusCode, query).toBe(400);
      expect(body(res).message, query).not.toBe('');
    }
  });
});

describe("a product's images: several, in order, reordered, new ones placed among them", () => {
  const create = (form: FormData, headers = t.seller.headers) => t.app.inject({ method: 'POST', url: '/api/products', payload: form, headers });
  const put = (id: string, payload: FormData | object, headers = t.seller.headers) =>
    t.app.inject({ method: 'PUT', url: `/api/products/${id}`, payload: payload as never, headers });
  const imagesOf = async (id: string) => body<Product>(await t.app.inject({ url: `/api/products/${id}` })).data.productImages;

  it('keeps uploaded files in the order they came, or in the order upload:N places them', async () => {
    const category = await insertCategory(t.db, 'Fashion');
    const fields = { name: 'Three pictures', originalPrice: '100', category: category.id };
    const inOrder = await create(await productForm(fields, 3));
    expect(inOrder.statusCode, inOrder.body).toBe(201);
    const [a, b, c] = body<Product>(inOrder).data.productImages;

    await storeMedia(t.config, mediaUrl(9));
    const placed = await create(await productForm({ ...fields, productImages: ['upload:2', mediaUrl(9), 'upload:0'] }, 3));
    expect(placed.statusCode, placed.body).toBe(201);
    // The file no item names (upload:1) follows the listed ones.
    expect(body<Product>(placed).data.productImages).toEqual([c, mediaUrl(9), a, b]);
  });

  it('takes a price, discount and stock typed in Bangla digits, as the Bangla back office sends them', async () => {
    const category = await insertCategory(t.db, 'Fashion');
    const res = await create(
      await productForm({ name: 'Bangla digits', originalPrice: '১২৫০.৫০', discount: '১০', remainingProducts: '৪২', category: category.id }, 1),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(body<Product>(res).data).toMatchObject({ productOriginalPrice: 1250.5, productDiscount: 10, remainingProducts: 42 });
    const edited = await put(body<Product>(res).data._id, { productOriginalPrice: '৯৯৯', remainingProducts: '০' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(body<Product>(edited).data).toMatchObject({ productOriginalPrice: 999, remainingProducts: 0 });
  });

  it('reorders with the same images in a new order, keeping every file', async () => {
    const category = await insertCategory(t.db, 'Fashion');
    const made = body<Product>(await create(await productForm({ name: 'Reordered', originalPrice: '100', category: category.id }, 3))).data;
    const reversed = [...made.productImages].reverse();
    const res = await put(made._id, { productImages: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect(body<Product>(res).data.productImages).toEqual(reversed);
    expect(await imagesOf(made._id)).toEqual(reversed);
    expect(reversed.every(fileExists)).toBe(true);
  });

  it('places a new upload among the kept images and deletes the file of the image left out', async () => {
    const category = await insertCategory(t.db, 'Fashion');
    const made = body<Product>(await create(await productForm({ name: 'Edited', originalPrice: '100', category: category.id }, 2))).data;
    const [first, second] = made.productImages as [string, string];
    const res = await put(made._id, await productForm({ productImages: [second, 'upload:0'] }, 1, 900));
    expect(res.statusCode, res.body).toBe(200);
    const images = body<Product>(res).data.productImages;
    expect(images).toHaveLength(2);
    expect(images[0]).toBe(second);
    expect(images[1]).not.toBe(first);
    expect(fileExists(images[1]!)).toBe(true);
    expect(fileExists(first)).toBe(false);
  });

  it('refuses an upload:N that names no file, or one named twice, and keeps no file of the refused form', async () => {
    const category = await insertCategory(t.db, 'Fashion');
    const before = storedFiles();
    const fields = { name: 'Broken', originalPrice: '100', category: category.id };
    const missing = await create(await productForm({ ...fields, productImages: ['upload:1'] }, 1));
    expect(missing.statusCode).toBe(400);
    expect(body(missing).message).toBe('upload:1 names no file: the form has 1 productImages file, counted from 0');
    const twice = await create(await productForm({ ...fields, productImages: ['upload:0', 'upload:0'] }, 1));
    expect(twice.statusCode).toBe(400);
    expect(body(twice).message).toBe('upload:0 is given more than once');
    const asJson = await t.app.inject({ method: 'POST', url: '/api/products', headers: t.seller.headers, payload: { ...fields, productImages: ['upload:0'] } });
    expect(asJson.statusCode).toBe(400);
    expect(body(asJson).message).toBe('upload:0 names no file: the form has 0 productImages files, counted from 0');
    for (const bad of ['upload:-1', 'upload:100', 'upload:', 'https://example.com/a.jpg', 'upload:0\u0000']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/products', headers: t.seller.headers, payload: { ...fields, productImages: [bad] } });
      expect(res.statusCode, bad).toBe(400);
      expect(body(res).message, bad).not.toBe('');
    }
    expect(storedSince(before)).toEqual([]);
  });

  it('refuses more than 10 images in all', async () => {
    const category = await insertCategory(t.db, 'Fashion');
    const kept = Array.from({ length: 9 }, (_, i) => mediaUrl(20 + i));
    await storeMedia(t.config, ...kept);
    const res = await create(await productForm({ name: 'Many', originalPrice: '100', category: category.id, productImages: kept }, 2));
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('A product can have at most 10 images');
  });

  it("refuses a seller changing another seller's product (403) before storing any of the form's files", async () => {
    const category = await insertCategory(t.db, 'Fashion');
    const crafts = await otherSeller();
    const theirs = await insertProduct(t.db, { name: 'Theirs', categoryId: category.id, ownerId: crafts.id, images: [mediaUrl(3)] });
    await storeMedia(t.config, mediaUrl(3));
    const before = storedFiles();
    const res = await put(theirs.id, await productForm({ productImages: ['upload:0', mediaUrl(3)] }, 1, 700));
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toBe('You can only change your own products');
    expect(storedSince(before)).toEqual([]);
    const reorder = await put(theirs.id, { productImages: [mediaUrl(3)] });
    expect(reorder.statusCode).toBe(403);
    expect(await imagesOf(theirs.id)).toEqual([mediaUrl(3)]);
  });
});
