import { describe, expect, it } from 'vitest';
import { isPublicCatalogueRead } from './public-reads';

describe('isPublicCatalogueRead', () => {
  it.each([
    '/categories',
    '/categories/get-names',
    '/subcategories',
    '/subsubcategories/abc',
    '/products',
    '/products/abc',
    '/products/suggest',
    '/banner',
    '/logo',
    '/delivery-zones',
  ])('takes %s as the same for everyone', (path) => expect(isPublicCatalogueRead(path)).toBe(true));

  it.each([
    '/products/abc/reviews',
    '/wishlist/get-wishlist/u1',
    '/order/my-orders',
    '/user/refresh-token',
    '/admin/products',
    '/products/manage',
    '/products/export',
    '/push/key',
    '/bannerx',
    '/products/a/b',
  ])('keeps %s to the shopper', (path) => expect(isPublicCatalogueRead(path)).toBe(false));
});
