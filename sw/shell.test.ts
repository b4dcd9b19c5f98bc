import { describe, expect, it } from 'vitest';
import { servesAppShell } from './shell';

const at = (path: string) => new URL(path, 'https://haat.example');

describe('servesAppShell', () => {
  it.each(['/', '/products', '/products?category=c1&page=2', '/products/p1', '/user/my-orders', '/verify/abc.def', '/payment/success/T1', '/cart'])(
    'opens %s from the precached app shell',
    (path) => {
      expect(servesAppShell(at(path))).toBe(true);
    },
  );

  it.each([
    '/api/payment/success',
    '/api/order/invoice/o1',
    '/sandbox/pay/T1',
    '/media/0123456789abcdef0123456789abcdef.jpg?w=250',
    '/assets/index-abc.js',
    '/icons/icon-512.png',
    '/screenshots/home-wide.webp',
    '/sw.js',
    '/manifest.webmanifest',
    '/robots.txt?x=1',
    '/sitemap.xml',
    '/sitemaps/2.xml',
  ])('lets the server answer %s', (path) => {
    expect(servesAppShell(at(path))).toBe(false);
  });
});
