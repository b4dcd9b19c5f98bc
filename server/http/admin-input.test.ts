import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../db/ids';
import { banners, coupons } from '../db/schema';
import { insertCategory, insertProduct, insertSubCategory, insertSubSubCategory, mediaUrl, storeMedia } from '../modules/products/test-fixtures';
import { body, useShop } from '../test/harness';

/**
 * The back office's writes, sent by the admin (past every access check) with values no form would send, one field at
 * a time in an otherwise valid request: each is a 400 whose message says what is wrong, never a 500 or a success.
 * (`hostile-input.test.ts` walks every route for 500s; this holds the admin's writes to a refusal.)
 */

const t = useShop({ people: true, shareData: true });

const TEXT = ['a\u0000b', 'x'.repeat(100_000), [], ['a', 'b'], {}, { $gt: '' }, 12, true];
/** Text such as '12' is a number here: the multipart forms of these routes send every field as text. */
const NUMBER = ['twelve', [], [5], {}, true, -1, 1e308, -1e308, 1.5e-7, 2 ** 63];
const ID = ['a\u0000b', 'x'.repeat(65), [], {}, 7];

type Write = { method: 'POST' | 'PUT' | 'PATCH'; url: string; valid: Record<string, unknown>; hostile: Record<string, unknown[]> };
let writes: Write[];

beforeAll(async () => {
  const category = await insertCategory(t.db, 'Input');
  const sub = await insertSubCategory(t.db, category.id, 'Input sub');
  const subSub = await insertSubSubCategory(t.db, sub, 'Input sub-sub');
  const product = await insertProduct(t.db, { name: 'Input product', categoryId: category.id, ownerId: t.seller.id });
  const [banner] = await t.db
    .insert(banners)
    .values({ id: newId(), image: mediaUrl(1), position: 1 })
    .returning();
  const [coupon] = await t.db.insert(coupons).values({ id: newId(), code: 'INPUT', kind: 'percent', value: 10 }).returning();
  const image = mediaUrl(2);
  await storeMedia(t.config, image);
  writes = [
    { method: 'POST', url: '/api/categories', valid: { categoryName: 'Hostile', categoryImage: image }, hostile: { categoryName: TEXT, categoryImage: TEXT } },
    { method: 'PUT', url: `/api/categories/${category.id}`, valid: { categoryName: 'Input' }, hostile: { categoryName: TEXT, categoryImage: TEXT } },
    {
      method: 'POST',
      url: '/api/subcategories',
      valid: { subCategoryName: 'Hostile sub', categoryId: category.id },
      hostile: { subCategoryName: TEXT, categoryId: ID, subCategoryImage: TEXT },
    },
    {
      method: 'PUT',
      url: `/api/subcategories/${sub.id}`,
      valid: { subCategoryName: 'Input sub' },
      hostile: { subCategoryName: TEXT, categoryId: ID, subCategoryImage: TEXT },
    },
    {
      method: 'POST',
      url: '/api/subsubcategories',
      valid: { subSubCategoryName: 'Hostile sub-sub', subCategoryId: sub.id },
      hostile: { subSubCategoryName: TEXT, subCategoryId: ID, categoryId: ID, subSubCategoryImage: TEXT },
    },
    {
      method: 'PUT',
      url: `/api/subsubcategories/${subSub.id}`,
      valid: { subSubCategoryName: 'Input sub-sub' },
      hostile: { subSubCategoryName: TEXT, subCategoryId: ID, categoryId: ID, subSubCategoryImage: TEXT },
    },
    {
      method: 'POST',
      url: '/api/banner',
      valid: { bannerImage: image, bannerOffer: 10, bannerCategory: category.id },
      hostile: { bannerImage: TEXT, bannerOffer: [...NUMBER, 101], bannerCategory: TEXT, position: [...NUMBER, 0, 1.5, 1001] },
    },
    {
      method: 'PUT',
      url: `/api/banner/${banner!.id}`,
      valid: { bannerOffer: 20 },
      hostile: { bannerImage: TEXT, bannerOffer: [...NUMBER, 101], bannerCategory: TEXT, position: [...NUMBER, 0, 1.5, 1001] },
    },
    { method: 'POST', url: '/api/logo', valid: { url: image, alt: 'haat' }, hostile: { url: TEXT, alt: TEXT } },
    {
      method: 'PUT',
      url: '/api/delivery-zones',
      valid: { zones: [{ name: 'Dhaka city', districts: ['Dhaka'], fee: 60, freeFrom: null }], otherDistricts: { fee: 120, freeFrom: null } },
      hostile: {
        // An empty list is a shop with no zones: every district pays one fee.
        zones: [
          ...TEXT.filter((value) => !(Array.isArray(value) && value.length === 0)),
          [{ name: 'x', districts: ['Narnia'], fee: 1, freeFrom: null }],
          [{ name: 'x', districts: [], fee: 1, freeFrom: null }],
          Array(65).fill({ name: 'x', districts: ['Dhaka'], fee: 1, freeFrom: null }),
        ],
        otherDistricts: [...TEXT, { fee: 10.005, freeFrom: null }, { fee: 1, freeFrom: -1 }, { fee: 'twelve', freeFrom: null }],
      },
    },
    {
      method: 'POST',
      url: '/api/coupons',
      valid: { code: 'HOSTILE', kind: 'fixed', value: 10 },
      hostile: {
        code: TEXT,
        kind: TEXT,
        value: NUMBER,
        minOrder: NUMBER,
        validFrom: TEXT,
        validTo: TEXT,
        usageLimit: [...NUMBER, 0, 1.5],
        perCustomerLimit: [...NUMBER, 0, 1.5],
      },
    },
    {
      method: 'PUT',
      url: `/api/coupons/${coupon!.id}`,
      valid: { value: 15 },
      hostile: {
        code: TEXT,
        kind: TEXT,
        value: [...NUMBER, 101],
        minOrder: NUMBER,
        validFrom: TEXT,
        validTo: TEXT,
        usageLimit: NUMBER,
        perCustomerLimit: NUMBER,
      },
    },
    { method: 'PATCH', url: '/api/user/change-role', valid: { userId: t.bob.id, role: 'seller' }, hostile: { userId: ID, role: TEXT } },
    {
      method: 'PUT',
      url: `/api/products/${product.id}`,
      valid: { remainingProducts: 5 },
      hostile: {
        productName: TEXT,
        productOriginalPrice: NUMBER,
        productDiscount: [...NUMBER, 101],
        remainingProducts: NUMBER,
        productImages: [...TEXT, ['upload:0'], ['https://example.com/a.jpg']],
        productColors: [{}, [{}], 'x'.repeat(100_000), 'a\u0000b'],
        video: TEXT,
      },
    },
  ];
});

describe("the admin's writes refuse hostile values with a 400 and a message", () => {
  it('every valid request succeeds, so each refusal below is the hostile value’s', async () => {
    for (const write of writes) {
      const res = await t.app.inject({ method: write.method, url: write.url, headers: t.admin.headers, payload: write.valid });
      expect(res.statusCode, `${write.method} ${write.url}: ${res.body}`).toBeLessThan(300);
    }
  });

  it('answers 400 with a message to each hostile value in each field', async () => {
    const wrong: string[] = [];
    for (const write of writes) {
      for (const [field, values] of Object.entries(write.hostile)) {
        for (const value of values) {
          const res = await t.app.inject({ method: write.method, url: write.url, headers: t.admin.headers, payload: { ...write.valid, [field]: value } });
          const answer = res.json<{ success?: boolean; message?: string }>();
          if (res.statusCode !== 400 || answer.success !== false || !answer.message) {
            wrong.push(`${write.method} ${write.url} ${field}=${JSON.stringify(value)?.slice(0, 30)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 400 to a body that is not an object', async () => {
    for (const write of writes) {
      for (const payload of ['[1,2]', '"text"', '{"a":']) {
        const res = await t.app.inject({
          method: write.method,
          url: write.url,
          headers: { ...t.admin.headers, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${write.method} ${write.url} ${payload}`).toBe(400);
        expect(body(res).message).not.toBe('');
      }
    }
  });
});
