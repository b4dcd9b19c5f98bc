import { createRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import type { PublicUser } from '@contract/auth';
import type { Product } from '@contract/catalogue';
import { session } from '@/lib/session';
import { destinationRoutes, renderInRouter } from '@/test/render-in-router';

/** Renders `page` at `path` in a real router with a fresh query client; other paths render 'Page {path}'. */
export async function renderAt(page: ReactNode, path = '/products/p1') {
  const pattern = path.split('?')[0] ?? path;
  return renderInRouter(
    (root) => [
      createRoute({ getParentRoute: () => root, path: pattern, component: () => page }),
      ...destinationRoutes(root, ['/login', '/products', '/products/$id'].filter((p) => p !== pattern)),
    ],
    { at: path },
  );
}

type Reply = { status?: number; body?: unknown } | 'network-error';
type Handler = Reply | ((body: unknown) => Reply | Promise<Reply>);

/**
 * Stubs `fetch` at the network edge, answering by "METHOD /api/path" (unknown ones: 404);
 * 'network-error' makes fetch reject the way a dropped connection does. Returns the spy.
 */
export function stubFetch(routes: Record<string, Handler>) {
  const spy = vi.fn(async (url: string, init: RequestInit = {}) => {
    const handler = routes[`${init.method ?? 'GET'} ${url}`];
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const reply = typeof handler === 'function' ? await handler(body) : (handler ?? { status: 404, body: { success: false, message: 'Not found' } });
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body ?? { success: true, message: 'ok', data: null }), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

/** A wishlist answer as the server gives it. */
export const wishlistReply = (products: Product[]) => ({ body: { success: true, message: 'Wishlist', data: { products } } });

export function signIn(overrides: Partial<PublicUser> = {}): PublicUser {
  const user: PublicUser = {
    _id: 'u1',
    name: 'Test Customer',
    email: 'customer@example.com',
    role: 'user',
    isEmailVerified: true,
    profileImg: null,
    phone: null,
    address: null,
    googleId: null,
    ...overrides,
  };
  session.setUser(user, 'token-u1');
  return user;
}

export function product(id: string, overrides: Partial<Product> = {}): Product {
  return {
    _id: id,
    productName: `Product ${id}`,
    productDescription: '',
    productImages: [`/media/${id.padEnd(32, '0')}.jpg`],
    productPrice: 500,
    productOriginalPrice: 500,
    productDiscount: 0,
    productRating: 4,
    reviewCount: 0,
    reviews: [],
    sales: 0,
    remainingProducts: 3,
    quantity: '1 pc',
    productColors: [],
    productSizes: [],
    productDetails: [],
    searchTags: [],
    faqs: [],
    video: null,
    productCategory: { _id: 'c1', categoryName: 'Clothing' },
    productSubCategory: null,
    productSubSubCategory: null,
    OwnerId: { _id: 'o1', name: 'Rahim Traders' },
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
