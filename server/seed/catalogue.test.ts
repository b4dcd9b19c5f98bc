import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LIST_LIMIT_MAX,
  type Banner,
  type Category,
  type Logo,
  type Product,
  type ProductList,
  type SubCategory,
  type SubSubCategory,
} from '../../contract/catalogue';
import { body, signIn, useShop } from '../test/harness';
import { openMediaStorage } from '../modules/media/storage';
import { seedCatalogue } from './catalogue';
import { DEMO_SELLER_PASSWORD, DEMO_SELLERS } from './catalogue-data';

// Seeding 160 products with their pictures is costly: done once, and every test reads it.
const t = useShop({ shareData: true });
let summary: string;
beforeAll(async () => {
  summary = await seedCatalogue(t.db, { storage: openMediaStorage(t.config.mediaStorage) });
});

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return body<T>(res).data;
};

/** Every product, a page of the largest size at a time. */
async function everyProduct(): Promise<ProductList> {
  const first = await get<ProductList>(`/api/products?limit=${LIST_LIMIT_MAX}`);
  const data = [...first.data];
  for (let page = 2; page <= first.pages; page += 1) data.push(...(await get<ProductList>(`/api/products?limit=${LIST_LIMIT_MAX}&page=${page}`)).data);
  return { ...first, count: data.length, data };
}

describe('seedCatalogue', () => {
  it('builds a category tree of at least 8 categories, each with sub- and sub-sub-categories', async () => {
    expect(summary).toContain('160 products');
    const categories = await get<Category[]>('/api/categories');
    expect(categories.length).toBeGreaterThanOrEqual(8);
    for (const category of categories) {
      const subs = await get<SubCategory[]>(`/api/subcategories?categoryId=${category._id}`);
      expect(subs.length, category.categoryName).toBeGreaterThanOrEqual(2);
      for (const sub of subs) {
        expect((await get<SubSubCategory[]>(`/api/subsubcategories?subCategoryId=${sub._id}`)).length, sub.subCategoryName).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('seeds 160 varied products whose pictures are served', async () => {
    const { total, data } = await everyProduct();
    expect(total).toBe(160);
    expect(data.some((p) => /[\u0980-\u09FF]/.test(p.productName))).toBe(true);
    expect(data.filter((p) => p.productDiscount > 0).length).toBeGreaterThan(20);
    expect(data.filter((p) => p.remainingProducts === 0).length).toBeGreaterThan(3);
    expect(data.some((p) => p.video?.includes('/shorts/'))).toBe(true);
    expect(data.some((p) => p.video?.includes('vimeo.com'))).toBe(true);
    expect(data.every((p) => p.productImages.length > 0 && p.OwnerId !== null && p.faqs.length > 0)).toBe(true);
    const prices = data.map((p) => p.productPrice);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(50);
    expect(Math.max(...prices)).toBeLessThanOrEqual(9500);
    const image = await t.app.inject({ method: 'GET', url: `${data[0]!.productImages[0]}?w=250`, headers: { accept: 'image/webp' } });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.length).toBeLessThan(20 * 1024);
  });

  it('keeps each product rating and review count equal to its reviews', async () => {
    const mismatched = await t.db.execute(sql`
      select p.id from products p left join reviews r on r.product_id = p.id
      group by p.id
      having p.review_count <> count(r.id) or p.rating <> coalesce(round(avg(r.stars), 2), 0)`);
    expect((mismatched as { rows: unknown[] }).rows).toEqual([]);
    const [reviewed] = await get<ProductList>('/api/products?sortBy=rating&limit=1').then((page) => page.data);
    const detail = await get<Product>(`/api/products/${reviewed!._id}`);
    expect(detail.reviews).toHaveLength(detail.reviewCount);
    expect(detail.reviews[0]!.userId.name).toEqual(expect.any(String));
  });

  it('adds three banners whose offer leads to products, and a logo', async () => {
    const banners = await get<Banner[]>('/api/banner');
    expect(banners).toHaveLength(3);
    for (const banner of banners) {
      expect(banner.bannerCategory).not.toBeNull();
      const offers = await get<ProductList>(`/api/products?category=${encodeURIComponent(banner.bannerCategory!.categoryName)}&discount=${banner.bannerOffer}`);
      expect(offers.total, banner.bannerCategory!.categoryName).toBeGreaterThan(0);
    }
    const logo = await get<Logo>('/api/logo');
    expect(logo).toEqual({ _id: expect.any(String), url: expect.stringMatching(/^\/media\/[0-9a-f]{32}\.png$/), alt: expect.any(String) });
  });

  it('creates sellers who can sign in and own the products', async () => {
    const { user } = await signIn(t.app, DEMO_SELLERS[0].email, DEMO_SELLER_PASSWORD);
    expect(user.role).toBe('seller');
    const { data } = await everyProduct();
    const owners = new Set(data.map((p) => p.OwnerId?.name));
    expect(owners).toEqual(new Set(DEMO_SELLERS.map((s) => s.name)));
  });

  it('adds products to an existing catalogue without duplicating categories, banners or accounts', async () => {
    const before = await get<Category[]>('/api/categories');
    await seedCatalogue(t.db, { storage: openMediaStorage(t.config.mediaStorage), products: 40 });
    expect(await get<Category[]>('/api/categories')).toEqual(before);
    expect((await get<ProductList>('/api/products?limit=1')).total).toBe(200);
    expect(await get<Banner[]>('/api/banner')).toHaveLength(3);
  });
});
