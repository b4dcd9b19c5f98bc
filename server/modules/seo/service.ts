import { and, asc, count, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, products } from '../../db/schema';
import { isPublished } from '../products/service';

/** The most a sitemap may list; past it the sitemap becomes an index of numbered sitemaps (the sitemaps.org limit). */
export const SITEMAP_MAX_URLS = 50_000;

/** Paths crawlers are kept out of: the API, the customer's own pages, checkout and payment, and the test gateway. */
const PRIVATE_PATHS = ['/api/', '/user', '/checkout', '/payment/', '/cart', '/wishlist', '/sandbox/', '/admin', '/seller'];

export function robotsTxt(origin: string): string {
  return ['User-agent: *', ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

type SitemapUrl = { path: string; lastModified?: Date };

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);

function urlset(origin: string, urls: SitemapUrl[]): string {
  const entries = urls.map(
    ({ path, lastModified }) =>
      `<url><loc>${escapeXml(origin + path)}</loc>${lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

function sitemapIndex(origin: string, pages: number): string {
  const entries = Array.from({ length: pages }, (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** The pages before the products: the home page, the listing and each category's listing. */
async function fixedUrls(db: Db): Promise<SitemapUrl[]> {
  const rows = await db.select({ id: categories.id }).from(categories).orderBy(asc(categories.id));
  return [{ path: '/' }, { path: '/products' }, ...rows.map(({ id }) => ({ path: `/products?category=${encodeURIComponent(id)}` }))];
}

/** Up to `limit` product pages after the product `after` (by id), with when each last changed. */
async function productUrls(db: Db, after: string | null, limit: number): Promise<(SitemapUrl & { id: string })[]> {
  const rows = await db
    .select({ id: products.id, updatedAt: products.updatedAt })
    .from(products)
    .where(and(isPublished, after === null ? undefined : gt(products.id, after)))
    .orderBy(asc(products.id))
    .limit(limit);
  return rows.map(({ id, updatedAt }) => ({ id, path: `/products/${encodeURIComponent(id)}`, lastModified: updatedAt }));
}

/**
 * `/sitemap.xml`: the listing's pages and every product's, all in one sitemap while they fit (50,000 URLs); past that
 * an index of `/sitemaps/{n}.xml`, each listing 50,000 of them in a fixed order.
 */
export async function sitemap(db: Db, origin: string): Promise<string> {
  const fixed = await fixedUrls(db);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(products).where(isPublished);
  const urls = fixed.length + total;
  if (urls <= SITEMAP_MAX_URLS) return urlset(origin, [...fixed, ...(await productUrls(db, null, total))]);
  return sitemapIndex(origin, Math.ceil(urls / SITEMAP_MAX_URLS));
}

/**
 * `/sitemaps/{page}.xml` of an index: page 1 starts with the listing's pages, then products in id order. Null past the
 * last page.
 */
export async function sitemapPage(db: Db, origin: string, page: number): Promise<string | null> {
  const fixed = await fixedUrls(db);
  const start = (page - 1) * SITEMAP_MAX_URLS;
  const fromFixed = fixed.slice(start, start + SITEMAP_MAX_URLS);
  const productsBefore = Math.max(0, start - fixed.length);
  const wanted = SITEMAP_MAX_URLS - fromFixed.length;
  // Keyset paging: the id the previous page ended at, found by skipping its products once (an index-only scan).
  let after: string | null = null;
  if (productsBefore > 0) {
    const [last] = await db
      .select({ id: products.id })
      .from(products)
      .where(isPublished)
      .orderBy(asc(products.id))
      .offset(productsBefore - 1)
      .limit(1);
    if (!last) return null;
    after = last.id;
  }
  const rest = await productUrls(db, after, wanted);
  if (fromFixed.length === 0 && rest.length === 0) return null;
  return urlset(origin, [...fromFixed, ...rest]);
}
