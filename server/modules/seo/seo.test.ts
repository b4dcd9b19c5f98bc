import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids';
import { products } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertCategory, insertProduct } from '../products/test-fixtures';
import { sitemap, SITEMAP_MAX_URLS, sitemapPage } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://shop.example' });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc!);

describe('robots.txt', () => {
  it('keeps crawlers out of the API, the customer area, checkout and the sandbox, and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    for (const path of ['/api/', '/user', '/checkout', '/sandbox/', '/admin', '/seller']) expect(res.body).toContain(`Disallow: ${path}\n`);
    expect(res.body).not.toMatch(/Disallow: \/products/);
    expect(res.body).toContain('Sitemap: https://shop.example/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  it('lists the home page, the listing, each category and each product, on the public address', async () => {
    const category = await insertCategory(t.db, 'Fruits');
    const product = await insertProduct(t.db, { categoryId: category.id, name: 'Mango <fresh> & sweet' });
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    expect(locs(res.body)).toEqual([
      'https://shop.example/',
      'https://shop.example/products',
      `https://shop.example/products?category=${category.id}`,
      `https://shop.example/products/${product.id}`,
    ]);
    expect(res.body).toMatch(new RegExp(`${product.id}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
  });

  it(`becomes an index of numbered sitemaps past ${SITEMAP_MAX_URLS} addresses, every product on exactly one of them`, async () => {
    const category = await insertCategory(t.db, 'Bulk');
    const total = SITEMAP_MAX_URLS + 5;
    const rows = Array.from({ length: total }, (_, i) => ({
      id: `p${String(i).padStart(6, '0')}`,
      name: `Product ${i}`,
      originalPrice: 100,
      price: 100,
      categoryId: category.id,
    }));
    for (let i = 0; i < rows.length; i += 5000) await t.db.insert(products).values(rows.slice(i, i + 5000));

    const index = await sitemap(t.db, 'https://shop.example');
    expect(index).toContain('<sitemapindex');
    expect(locs(index)).toEqual(['https://shop.example/sitemaps/1.xml', 'https://shop.example/sitemaps/2.xml']);

    const first = locs((await sitemapPage(t.db, 'https://shop.example', 1))!);
    const second = locs((await sitemapPage(t.db, 'https://shop.example', 2))!);
    expect(first).toHaveLength(SITEMAP_MAX_URLS);
    expect(first.slice(0, 3)).toEqual(['https://shop.example/', 'https://shop.example/products', `https://shop.example/products?category=${category.id}`]);
    const productPages = [...first, ...second].filter((loc) => loc.includes('/products/'));
    expect(productPages).toHaveLength(total);
    expect(new Set(productPages).size).toBe(total);
    expect(await sitemapPage(t.db, 'https://shop.example', 3)).toBeNull();
  }, 120_000);

  it('answers a numbered sitemap past the last with 404, and a malformed number with a message, never a 500', async () => {
    const category = await insertCategory(t.db, 'Tea');
    await insertProduct(t.db, { categoryId: category.id, id: newId() });
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/9.xml' })).statusCode).toBe(404);
    for (const url of ['/sitemaps/0.xml', '/sitemaps/abc.xml', '/sitemaps/1.json', `/sitemaps/${'9'.repeat(60)}.xml`, '/sitemaps/%00.xml']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().success, url).toBe(false);
    }
  });
});
