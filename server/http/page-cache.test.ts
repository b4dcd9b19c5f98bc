import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileBlob, picture } from '../modules/products/test-fixtures';
import { orderPayload, postOrder, stockShop } from '../modules/orders/test-fixtures';
import { useShop } from '../test/harness';

/**
 * A renderer as the build ships one, standing in for React: it draws the products the API lists (names and stock) and
 * counts its renders, so a test sees whether a page was rendered or reused.
 */
const RENDERER = `
export function createPageRenderer({ api }) {
  return async ({ url, nonce, locale, lightImages, signal }) => {
    // The server's own warm-up render at start is not a shopper's.
    if (nonce !== 'warm-up') globalThis.pageRendersForTest = (globalThis.pageRendersForTest ?? 0) + 1;
    const list = await (await api('/api/products?limit=50', { signal })).json();
    const shown = list.data.data.map((product) => product.productName + ' (' + product.remainingProducts + ')').join(', ');
    return {
      status: 200,
      head: '<title>Home | haat</title>',
      body: '<main data-light="' + lightImages + '">' + shown + ' in ' + locale + ' at ' + url + '<script nonce="' + nonce + '">1</script></main>',
      routeIds: [],
      messageModules: [],
    };
  };
}
`;

const webRoot = mkdtempSync(join(tmpdir(), 'haat-page-cache-'));
mkdirSync(join(webRoot, '.ssr'));
writeFileSync(
  join(webRoot, 'index.html'),
  '<!doctype html><html lang="en"><head><title>haat</title></head><body><div id="root"></div><noscript>haat needs JavaScript to run.</noscript></body></html>',
);
writeFileSync(join(webRoot, '.ssr', 'entry-server.js'), RENDERER);
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

// A fresh app (and so an empty page cache) for each test; every client address counts on its own, as behind a proxy.
const t = useShop({ webRoot, env: { PAGE_CACHE_SECONDS: '60', TRUST_PROXY: 'true', LOG_LEVEL: 'error' }, appPerTest: true, people: true });

const renders = () => (globalThis as { pageRendersForTest?: number }).pageRendersForTest ?? 0;

/** A page request from one client address (the first hop of X-Forwarded-For, as a load balancer writes it). */
async function page(url: string, { from = '203.0.113.7', headers = {} }: { from?: string; headers?: Record<string, string> } = {}) {
  const before = renders();
  const res = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': from, ...headers } });
  expect(res.statusCode).toBe(200);
  const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
  return { html: res.body, rendered: renders() > before, nonce };
}

describe('rendered pages reused for anonymous visitors', () => {
  it('serves the same visitor the same page again without rendering it, with a nonce of its own', async () => {
    await stockShop(t);
    const first = await page('/');
    const second = await page('/');
    expect(first.rendered).toBe(true);
    expect(second.rendered).toBe(false);
    expect(second.nonce).toBeTruthy();
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).toContain(`<script nonce="${second.nonce}">`);
    expect(second.html).not.toContain(first.nonce!);
    expect(second.html.replaceAll(second.nonce!, 'N')).toBe(first.html.replaceAll(first.nonce!, 'N'));
    // The page's own address is part of what is reused.
    expect((await page('/?page=2')).rendered).toBe(true);
  });

  it('never reuses a page across client addresses, languages or image sizes', async () => {
    await page('/');
    expect((await page('/', { from: '198.51.100.20' })).rendered).toBe(true);
    expect((await page('/', { headers: { cookie: 'lang=bn' } })).rendered).toBe(true);
    expect((await page('/?lang=bn')).rendered).toBe(false);
    expect((await page('/', { headers: { 'save-data': 'on' } })).rendered).toBe(true);
    // Each of them is reused for its own kind of request only.
    expect((await page('/', { from: '198.51.100.20' })).rendered).toBe(false);
    expect((await page('/', { headers: { 'save-data': 'on' } })).html).toContain('data-light="true"');
    expect((await page('/')).html).toContain('in en at /');
  });

  it('never reuses a page for a signed-in or personalised request, nor keeps one rendered for it', async () => {
    for (const headers of [t.alice.headers, { cookie: 'refreshToken=abc' }, { cookie: 'lang=en; session=xyz' }]) {
      expect((await page('/', { headers })).rendered).toBe(true);
      expect((await page('/', { headers })).rendered).toBe(true);
    }
    // Nothing rendered for them was kept for the anonymous visitor at the same address either.
    expect((await page('/')).rendered).toBe(true);
  });

  it('drops every page at once on a catalogue write: a product edit, a category, a banner, stock sold by an order', async () => {
    const { tea, alice, admin } = await stockShop(t);
    const writes: [string, () => Promise<{ statusCode: number }>, string][] = [
      [
        'product edit',
        () => t.app.inject({ method: 'PUT', url: `/api/products/${tea.id}`, headers: admin.headers, payload: { productName: 'Darjeeling Tea 500 g' } }),
        'Darjeeling Tea 500 g (100)',
      ],
      [
        'category',
        async () => {
          const form = new FormData();
          form.append('categoryName', 'Books');
          form.append('categoryImage', fileBlob(await picture(120, 120), 'image/png'), 'books.png');
          return t.app.inject({ method: 'POST', url: '/api/categories', headers: admin.headers, payload: form });
        },
        'Darjeeling Tea 500 g (100)',
      ],
      [
        'banner',
        async () => {
          const form = new FormData();
          form.append('bannerOffer', '15');
          form.append('bannerImage', fileBlob(await picture(300, 100), 'image/png'), 'banner.png');
          return t.app.inject({ method: 'POST', url: '/api/banner', headers: admin.headers, payload: form });
        },
        'Darjeeling Tea 500 g (100)',
      ],
      ['order', () => postOrder(t, alice.headers, orderPayload(alice, { items: [{ productId: tea.id, quantity: 2 }] })), 'Darjeeling Tea 500 g (98)'],
    ];
    for (const [what, write, shown] of writes) {
      await page('/');
      expect((await page('/')).rendered, `${what}: kept before the write`).toBe(false);
      expect((await write()).statusCode, what).toBeLessThan(300);
      const after = await page('/');
      expect(after.rendered, `${what}: rendered again after the write`).toBe(true);
      expect(after.html, what).toContain(shown);
    }
  });

  it('keeps pages in place across writes that change nothing a page shows', async () => {
    const { tea, alice } = await stockShop(t);
    await page('/');
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/wishlist/add-to-wishlist/${alice.id}`,
      headers: alice.headers,
      payload: { productId: tea.id },
    });
    expect(added.statusCode).toBeLessThan(300);
    expect((await page('/')).rendered).toBe(false);
  });
});
