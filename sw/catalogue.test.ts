import { describe, expect, it } from 'vitest';
import { isCatalogueRead } from './catalogue';

const ORIGIN = 'https://haat.example';
const get = (path: string, init?: RequestInit) => new Request(`${ORIGIN}${path}`, init);

describe('isCatalogueRead', () => {
  it.each([
    '/api/categories',
    '/api/categories/get-names',
    '/api/categories/c1',
    '/api/subcategories?categoryId=c1',
    '/api/subsubcategories?subCategoryId=s1',
    '/api/banner',
    '/api/logo',
    '/api/products?page=2&limit=20&category=c1&sortBy=priceLowToHigh',
    '/api/products',
    '/api/products/p1',
    '/api/products/categories-with-products',
    '/api/delivery-zones',
  ])('keeps the public read %s', (path) => {
    expect(isCatalogueRead(get(path), ORIGIN)).toBe(true);
  });

  it.each([
    '/api/user/get-single-user/u1',
    '/api/user/refresh-token',
    '/api/order/get-order-by-customerId/u1',
    '/api/order/invoice/o1',
    '/api/wishlist/get-wishlist/u1',
    '/api/refund',
    '/api/payment/success',
    '/api/config',
    '/api/products/p1/reviews',
    '/api/categoriesX',
    '/media/0123456789abcdef0123456789abcdef.jpg?w=250',
  ])('leaves %s alone', (path) => {
    expect(isCatalogueRead(get(path), ORIGIN)).toBe(false);
  });

  it('never keeps a read sent with a token', () => {
    expect(isCatalogueRead(get('/api/products/p1', { headers: { Authorization: 'Bearer t' } }), ORIGIN)).toBe(false);
  });

  it.each(['POST', 'PUT', 'DELETE'])('never keeps a %s', (method) => {
    expect(isCatalogueRead(get('/api/categories', { method }), ORIGIN)).toBe(false);
  });

  it('leaves another origin alone', () => {
    expect(isCatalogueRead(new Request('https://elsewhere.example/api/products'), ORIGIN)).toBe(false);
  });
});
