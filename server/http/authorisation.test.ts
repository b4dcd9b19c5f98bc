import type { InjectOptions } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { codeOfText } from '../../contract/api-messages';
import { newId } from '../db/ids';
import { banners, coupons, logos, orders, shopWords } from '../db/schema';
import { insertCategory, insertProduct, insertSubCategory, insertSubSubCategory, mediaUrl, storeMedia } from '../modules/products/test-fixtures';
import { authAs, body, createUser, useShop, type Person, type Shop } from '../test/harness';

/**
 * Who may call the back office's writes, route by route: anonymous callers get a 401, customers and sellers a 403 on
 * admin routes, a seller a 403 on another seller's product, and the admin (or the owning seller) succeeds. Each route
 * is called by the refused callers first, so a refusal that changed something shows in the admin's call after them.
 */

const t = useShop({ people: true });
// The pictures the forms below name: a form may name stored files only.
beforeEach(() => storeMedia(t.config, mediaUrl(1), mediaUrl(2), mediaUrl(3), mediaUrl(4), mediaUrl(5)));

const SIGN_IN = 'Please sign in to continue';
const NOT_ALLOWED = 'You do not have permission to do this';

type Call = { method: InjectOptions['method']; url: string; payload?: object };
/** A route's call, built on a shop set up for it; `ok` is the admin's (or owner's) success status. */
type Case = { name: string; call: (shop: Shop) => Promise<Call>; ok: 200 | 201 };

const send = (call: Call, caller: Person | null) =>
  t.app.inject({ method: call.method, url: call.url, payload: call.payload, headers: caller ? caller.headers : {} });

async function expectRefused(call: Call, caller: Person | null, status: 401 | 403, message: string) {
  const res = await send(call, caller);
  expect(res.statusCode, `${call.method} ${call.url} as ${caller?.name ?? 'anonymous'}`).toBe(status);
  expect(body(res)).toEqual({ success: false, message, code: codeOfText(message) });
}

const category = (shop: Shop) => insertCategory(shop.db, `Category ${newId().slice(0, 6)}`);
const subCategory = async (shop: Shop) => insertSubCategory(shop.db, (await category(shop)).id, 'Sub');
const coupon = async (shop: Shop) => {
  const [row] = await shop.db
    .insert(coupons)
    .values({ id: newId(), code: `C${newId().slice(0, 8)}`, kind: 'fixed', value: 10 })
    .returning();
  return row!;
};

const shopWord = async (shop: Shop) => {
  const [row] = await shop.db
    .insert(shopWords)
    .values({ id: newId(), words: ['chal', 'rice'], keys: ['chal', 'rice'] })
    .returning();
  return row!;
};

/** A customer's cash order, as stored; answers its id. */
const order = async (shop: Shop) => {
  const [row] = await shop.db
    .insert(orders)
    .values({
      id: newId(),
      customerId: shop.alice.id,
      customerName: 'Alice Rahman',
      phone: '01712345678',
      paymentMethod: 'cash',
      subTotal: 100,
      deliveryFee: 60,
      totalPrice: 160,
      division: 'Dhaka',
      district: 'Dhaka',
      city: 'Dhanmondi',
      addressDetails: 'House 12',
    })
    .returning({ id: orders.id });
  return row!.id;
};

const adminCases: Case[] = [
  {
    name: 'create a category',
    ok: 201,
    call: async () => ({ method: 'POST', url: '/api/categories', payload: { categoryName: 'Toys', categoryImage: mediaUrl(1) } }),
  },
  {
    name: 'change a category',
    ok: 200,
    call: async (shop) => ({ method: 'PUT', url: `/api/categories/${(await category(shop)).id}`, payload: { categoryName: 'Renamed' } }),
  },
  { name: 'delete a category', ok: 200, call: async (shop) => ({ method: 'DELETE', url: `/api/categories/${(await category(shop)).id}` }) },
  {
    name: 'create a sub-category',
    ok: 201,
    call: async (shop) => ({ method: 'POST', url: '/api/subcategories', payload: { subCategoryName: 'Dolls', categoryId: (await category(shop)).id } }),
  },
  {
    name: 'change a sub-category',
    ok: 200,
    call: async (shop) => ({ method: 'PUT', url: `/api/subcategories/${(await subCategory(shop)).id}`, payload: { subCategoryName: 'Renamed' } }),
  },
  { name: 'delete a sub-category', ok: 200, call: async (shop) => ({ method: 'DELETE', url: `/api/subcategories/${(await subCategory(shop)).id}` }) },
  {
    name: 'create a sub-sub-category',
    ok: 201,
    call: async (shop) => ({
      method: 'POST',
      url: '/api/subsubcategories',
      payload: { subSubCategoryName: 'Rag dolls', subCategoryId: (await subCategory(shop)).id },
    }),
  },
  {
    name: 'change a sub-sub-category',
    ok: 200,
    call: async (shop) => ({
      method: 'PUT',
      url: `/api/subsubcategories/${(await insertSubSubCategory(shop.db, await subCategory(shop), 'Subsub')).id}`,
      payload: { subSubCategoryName: 'Renamed' },
    }),
  },
  {
    name: 'delete a sub-sub-category',
    ok: 200,
    call: async (shop) => ({ method: 'DELETE', url: `/api/subsubcategories/${(await insertSubSubCategory(shop.db, await subCategory(shop), 'Subsub')).id}` }),
  },
  { name: 'create a banner', ok: 201, call: async () => ({ method: 'POST', url: '/api/banner', payload: { bannerImage: mediaUrl(2), bannerOffer: 10 } }) },
  {
    name: 'change a banner',
    ok: 200,
    call: async (shop) => {
      const [row] = await shop.db
        .insert(banners)
        .values({ id: newId(), image: mediaUrl(2), position: 1 })
        .returning();
      return { method: 'PUT', url: `/api/banner/${row!.id}`, payload: { bannerOffer: 20 } };
    },
  },
  {
    name: 'delete a banner',
    ok: 200,
    call: async (shop) => {
      const [row] = await shop.db
        .insert(banners)
        .values({ id: newId(), image: mediaUrl(2), position: 1 })
        .returning();
      return { method: 'DELETE', url: `/api/banner/${row!.id}` };
    },
  },
  { name: 'upload a logo', ok: 201, call: async () => ({ method: 'POST', url: '/api/logo', payload: { url: mediaUrl(3), alt: 'haat' } }) },
  {
    name: 'delete a logo',
    ok: 200,
    call: async (shop) => {
      const [row] = await shop.db
        .insert(logos)
        .values({ id: newId(), url: mediaUrl(3), alt: 'haat' })
        .returning();
      return { method: 'DELETE', url: `/api/logo/${row!.id}` };
    },
  },
  {
    name: 'set the delivery zones',
    ok: 200,
    call: async () => ({ method: 'PUT', url: '/api/delivery-zones', payload: { zones: [], otherDistricts: { fee: 120, freeFrom: null } } }),
  },
  {
    name: 'set the two delivery fees',
    ok: 200,
    call: async () => ({ method: 'POST', url: '/api/shipping-fee/add', payload: { shippingFee: 60, shippingFeeOutside: 120 } }),
  },
  { name: 'list coupons', ok: 200, call: async () => ({ method: 'GET', url: '/api/coupons?limit=5' }) },
  { name: 'read a coupon', ok: 200, call: async (shop) => ({ method: 'GET', url: `/api/coupons/${(await coupon(shop)).id}` }) },
  { name: 'create a coupon', ok: 201, call: async () => ({ method: 'POST', url: '/api/coupons', payload: { code: 'NEW10', kind: 'percent', value: 10 } }) },
  { name: 'change a coupon', ok: 200, call: async (shop) => ({ method: 'PUT', url: `/api/coupons/${(await coupon(shop)).id}`, payload: { value: 15 } }) },
  { name: 'delete a coupon', ok: 200, call: async (shop) => ({ method: 'DELETE', url: `/api/coupons/${(await coupon(shop)).id}` }) },
  { name: 'list shop words', ok: 200, call: async () => ({ method: 'GET', url: '/api/shop-words?limit=5' }) },
  { name: 'add a shop word', ok: 201, call: async () => ({ method: 'POST', url: '/api/shop-words', payload: { words: ['dal', 'lentil'] } }) },
  {
    name: 'change a shop word',
    ok: 200,
    call: async (shop) => ({ method: 'PUT', url: `/api/shop-words/${(await shopWord(shop)).id}`, payload: { words: ['chal', 'rice', 'চাল'] } }),
  },
  { name: 'remove a shop word', ok: 200, call: async (shop) => ({ method: 'DELETE', url: `/api/shop-words/${(await shopWord(shop)).id}` }) },
  { name: 'list users by page', ok: 200, call: async () => ({ method: 'GET', url: '/api/user/users?role=user' }) },
  { name: 'list every user', ok: 200, call: async () => ({ method: 'GET', url: '/api/user/get-all-users' }) },
  { name: 'search users', ok: 200, call: async () => ({ method: 'GET', url: '/api/user/get-user-by-search?searchTerm=alice' }) },
  {
    name: "change a user's role",
    ok: 200,
    call: async (shop) => ({ method: 'PATCH', url: '/api/user/change-role', payload: { userId: shop.bob.id, role: 'seller' } }),
  },
  { name: 'delete a user', ok: 200, call: async (shop) => ({ method: 'DELETE', url: `/api/user/delete-user/${shop.bob.id}` }) },
  { name: "read an order's notes", ok: 200, call: async (shop) => ({ method: 'GET', url: `/api/admin/orders/${await order(shop)}/notes` }) },
  {
    name: 'add a note to an order',
    ok: 201,
    call: async (shop) => ({ method: 'POST', url: `/api/admin/orders/${await order(shop)}/notes`, payload: { body: 'Called the customer' } }),
  },
];

describe('admin routes: anonymous 401, customer 403, seller 403, admin succeeds', () => {
  it.each(adminCases.map((c) => [c.name, c] as const))('%s', async (_, { call, ok }) => {
    const request = await call(t);
    await expectRefused(request, null, 401, SIGN_IN);
    await expectRefused(request, t.alice, 403, NOT_ALLOWED);
    await expectRefused(request, t.seller, 403, NOT_ALLOWED);
    const res = await send(request, t.admin);
    expect(res.statusCode, res.body).toBe(ok);
    expect(body(res).success).toBe(true);
  });
});

describe("sellers' product routes: a seller manages their own products only", () => {
  async function products(shop: Shop) {
    const fashion = await category(shop);
    const other = await createUser(shop.db, { name: 'Chittagong Crafts', email: 'crafts@example.com', role: 'seller' });
    const otherSeller: Person = { ...other, headers: await authAs(shop.config, other) };
    const mine = await insertProduct(shop.db, { name: 'Mine', categoryId: fashion.id, ownerId: shop.seller.id });
    return { fashion, otherSeller, mine };
  }

  it('create: anonymous 401, customer 403; a seller and an admin create', async () => {
    const { fashion } = await products(t);
    const call: Call = {
      method: 'POST',
      url: '/api/products',
      payload: { name: 'New', originalPrice: 100, category: fashion.id, productImages: [mediaUrl(4)] },
    };
    await expectRefused(call, null, 401, SIGN_IN);
    await expectRefused(call, t.alice, 403, NOT_ALLOWED);
    expect((await send(call, t.seller)).statusCode).toBe(201);
    expect((await send(call, t.admin)).statusCode).toBe(201);
  });

  it('change: anonymous 401, customer 403, another seller 403; the owner and an admin change it', async () => {
    const { otherSeller, mine } = await products(t);
    const call: Call = { method: 'PUT', url: `/api/products/${mine.id}`, payload: { remainingProducts: 3, productImages: [mediaUrl(5), mediaUrl(2)] } };
    await expectRefused(call, null, 401, SIGN_IN);
    await expectRefused(call, t.alice, 403, NOT_ALLOWED);
    await expectRefused(call, otherSeller, 403, 'You can only change your own products');
    const untouched = await t.app.inject({ url: `/api/products/${mine.id}` });
    expect(body<{ remainingProducts: number; productImages: string[] }>(untouched).data).toMatchObject({ remainingProducts: 10, productImages: [mediaUrl(2)] });
    expect((await send(call, t.seller)).statusCode).toBe(200);
    expect((await send(call, t.admin)).statusCode).toBe(200);
  });

  it('delete: anonymous 401, customer 403, another seller 403; the owner deletes it', async () => {
    const { otherSeller, mine } = await products(t);
    const call: Call = { method: 'DELETE', url: `/api/products/${mine.id}` };
    await expectRefused(call, null, 401, SIGN_IN);
    await expectRefused(call, t.alice, 403, NOT_ALLOWED);
    await expectRefused(call, otherSeller, 403, 'You can only change your own products');
    expect((await send(call, t.seller)).statusCode).toBe(200);
  });

  it('an admin deletes any seller’s product', async () => {
    const { mine } = await products(t);
    expect((await send({ method: 'DELETE', url: `/api/products/${mine.id}` }, t.admin)).statusCode).toBe(200);
  });

  it("the product list to manage: anonymous 401, customer 403; another seller sees none of this seller's products", async () => {
    const { otherSeller } = await products(t);
    const call: Call = { method: 'GET', url: '/api/products/manage' };
    await expectRefused(call, null, 401, SIGN_IN);
    await expectRefused(call, t.alice, 403, NOT_ALLOWED);
    expect(body<{ total: number }>(await send(call, otherSeller)).data.total).toBe(0);
    expect(body<{ total: number }>(await send(call, t.seller)).data.total).toBe(1);
    expect(body<{ total: number }>(await send(call, t.admin)).data.total).toBe(1);
  });
  it("the products file: anonymous 401, customer 403; another seller neither exports nor imports this seller's products", async () => {
    const { otherSeller, mine } = await products(t);
    const exported = (caller: Person | null) => send({ method: 'GET', url: '/api/products/export' }, caller);
    const previewed = (caller: Person | null, file: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/products/import/preview',
        payload: file,
        headers: { ...(caller ? caller.headers : {}), 'content-type': 'text/csv' },
      });
    await expectRefused({ method: 'GET', url: '/api/products/export' }, null, 401, SIGN_IN);
    await expectRefused({ method: 'GET', url: '/api/products/export' }, t.alice, 403, NOT_ALLOWED);
    const file = (await exported(t.seller)).body;
    expect(file).toContain(mine.id);
    expect((await exported(otherSeller)).body).not.toContain(mine.id);
    expect((await previewed(null, file)).statusCode).toBe(401);
    expect((await previewed(t.alice, file)).statusCode).toBe(403);
    const changed = file.replace('"Mine"', '"Theirs now"');
    expect(body<{ rows: { reason: object }[] }>(await previewed(otherSeller, changed)).data.rows.map((row) => row.reason)).toEqual([
      { code: 'ownProductsOnly', message: 'You can only change your own products' },
    ]);
    expect(body<{ changed: number }>(await previewed(t.seller, changed)).data.changed).toBe(1);
    expect(body<{ changed: number }>(await previewed(t.admin, changed)).data.changed).toBe(1);
  });
});
