import { createRoute } from '@tanstack/react-router';
import { vi } from 'vitest';
import type { Product } from '@contract/catalogue';
import { renderInRouter } from '@/test/render-in-router';
import { parseListingSearch } from '../lib/listing-search';
import { HomePage } from '../pages/home-page';
import { ProductListingPage } from '../pages/product-listing-page';

/** The catalogue's pages in a real router (memory history) and a fresh query client, starting at `path`. */
export async function renderCatalogue(path: string) {
  return renderInRouter(
    (root) => {
      const productsRoute = createRoute({
        getParentRoute: () => root,
        path: '/products',
        validateSearch: parseListingSearch,
        component: function Products() {
          return <ProductListingPage search={productsRoute.useSearch()} />;
        },
      });
      return [
        createRoute({ getParentRoute: () => root, path: '/', component: () => <HomePage /> }),
        productsRoute,
        createRoute({ getParentRoute: () => root, path: '/products/$id', component: () => <p>Product page</p> }),
      ];
    },
    { at: path },
  );
}

type Reply = { status?: number; body: unknown };

/**
 * Answers `fetch` by "path?query" (as the page sends it, without /api); a function may look at the query.
 * Anything else answers 404. Returns the spy, whose calls show what was asked.
 */
export function stubApi(handlers: Record<string, Reply | ((url: URL) => Reply)>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const handler = handlers[`${path}${url.search}`] ?? handlers[path];
    const reply = (typeof handler === 'function' ? handler(url) : handler) ?? { status: 404, body: { success: false, message: 'Not found' } };
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const ok = (data: unknown): Reply => ({ body: { success: true, message: 'OK', data } });

export function makeProduct(n: number, overrides: Partial<Product> = {}): Product {
  return {
    _id: `p${n}`,
    productName: `Product ${n}`,
    productDescription: '',
    productImages: [],
    productPrice: 1000 + n,
    productOriginalPrice: 1000 + n,
    productDiscount: 0,
    productRating: 4,
    reviewCount: 1,
    reviews: [],
    sales: 0,
    remainingProducts: 5,
    quantity: '1 pc',
    productColors: [],
    productSizes: [],
    productDetails: [],
    searchTags: [],
    faqs: [],
    video: null,
    productCategory: { _id: 'c1', categoryName: 'Fashion' },
    productSubCategory: null,
    productSubSubCategory: null,
    OwnerId: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const list = (products: Product[], extra: { total?: number; page?: number; pages?: number } = {}) =>
  ok({ count: products.length, total: extra.total ?? products.length, page: extra.page ?? 1, pages: extra.pages ?? 1, data: products });

/** Pretends the screen is `width` px wide for every `(min-width: …)` media query (jsdom has no matchMedia). */
export function stubScreenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: min ? width >= Number(min[1]) : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  });
}
