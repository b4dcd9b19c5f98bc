import { expect, test, type APIRequestContext, type Page, type Response } from '@playwright/test';
import type { SessionData } from '../contract/auth';
import { KEPT_PAGES_CACHE_PREFIX } from '../src/lib/runtime-caches';
import { inStockProducts } from './support/app';
import { ADMIN } from './support/env';

const controlled = (page: Page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });

/** The pages the service worker keeps, by path and query, with the documents it keeps for them. */
function keptPages(page: Page): Promise<Record<string, string>> {
  return page.evaluate(async (prefix) => {
    const kept: Record<string, string> = {};
    for (const name of await caches.keys()) {
      if (!name.startsWith(prefix)) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const url = new URL(request.url);
        kept[url.pathname + url.search] = (await (await cache.match(request))?.text()) ?? '';
      }
    }
    return kept;
  }, KEPT_PAGES_CACHE_PREFIX);
}

/** Waits until the service worker keeps a copy of `path` that `accept` takes. */
async function expectKept(page: Page, path: string, accept: (html: string) => boolean = () => true) {
  await expect.poll(async () => accept((await keptPages(page))[path] ?? ''), { timeout: 20_000, message: `a kept copy of ${path}` }).toBe(true);
}

/** The document as the browser got it, before any script ran: the service worker's kept copy, marked as such. */
async function expectKeptDocument(answer: Response | null, ...markup: string[]) {
  expect(answer, 'the navigation has an answer').not.toBeNull();
  expect(answer!.fromServiceWorker(), 'answered by the service worker').toBe(true);
  const html = await answer!.text();
  expect(html).toMatch(/<div id="root" data-kept-at="\d+" data-origin="/);
  for (const text of markup) expect(html).toContain(text);
  // The kept answer keeps its headers: the nonce of its scripts is the one its policy allows.
  const nonce = /<script nonce="([^"]+)"/.exec(html)?.[1];
  expect(nonce).toBeDefined();
  expect(answer!.headers()['content-security-policy']).toContain(`'nonce-${nonce}'`);
  return html;
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const signin = await request.post('/api/user/signin', { data: { identifier: ADMIN.email, password: ADMIN.password } });
  expect(signin.ok()).toBe(true);
  return ((await signin.json()) as { data: SessionData }).data.accessToken;
}

async function setPrice(request: APIRequestContext, token: string, productId: string, price: number) {
  const changed = await request.put(`/api/products/${productId}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { productOriginalPrice: price, productDiscount: 0 },
  });
  expect(changed.ok(), await changed.text()).toBe(true);
}

const priceOnPage = (page: Page) =>
  page
    .getByRole('main')
    .locator('p', { hasText: /^Price\s/ })
    .first();

/** Console errors (a refused script, a hydration mismatch) and uncaught errors, from now on. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // Offline, the page's reads fail until the service worker answers them: the browser logs each failed request.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test('a repeat visit and an offline reopen are answered with the kept rendered page, and online its data is asked for again', async ({
  context,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await adminToken(request);
  const [product] = await inStockProducts(request, 1, { skip: 11 });
  if (!product) throw new Error('the seeded catalogue has too few products in stock');
  await setPrice(request, token, product._id, 1405);
  const productPath = `/products/${product._id}`;

  // First visit: the server's render; the service worker installs and keeps the start page.
  await page.goto('/');
  await controlled(page);
  await expectKept(page, '/', (html) => html.includes('Offer Products'));

  // A product page with no copy yet: the shell answers, and the worker keeps the server's render behind it.
  await page.goto(productPath);
  await expect(page.getByRole('heading', { level: 1, name: product.productName })).toBeVisible();
  await expectKept(page, productPath, (html) => html.includes('৳1,405'));
  // Private pages and the shell are never kept.
  await page.goto('/cart');
  await expect(page.getByRole('main')).toBeVisible();
  expect(Object.keys(await keptPages(page)).sort()).toEqual(['/', productPath].sort());

  // Reopened online: the kept copy paints at once, then the page's data is asked for again and the new price shows.
  const problems = problemsOf(page);
  await expectKeptDocument(await page.goto('/'), 'Offer Products');
  await expect(page.getByRole('heading', { name: 'Offer Products' })).toBeVisible();
  await setPrice(request, token, product._id, 1080);
  const reopened = await expectKeptDocument(await page.goto(productPath), `/products/${product._id}`);
  expect(reopened).toContain('৳1,405');
  await expect(priceOnPage(page)).toHaveText(/৳1,080/, { timeout: 10_000 });
  await page.waitForFunction(() => !('$_TSR' in window));
  expect(problems).toEqual([]);

  // Reopened with no connection at all, in a brand-new page: the rendered pages, and the app starts on them.
  await context.setOffline(true);
  const offline = await context.newPage();
  const offlineProblems = problemsOf(offline);
  await expectKeptDocument(await offline.goto('/'), 'Offer Products');
  await expect(offline.getByRole('heading', { name: 'Offer Products' })).toBeVisible();
  await offline.waitForFunction(() => !('$_TSR' in window));
  await expectKeptDocument(await offline.goto(productPath), `/products/${product._id}`);
  await expect(offline.getByRole('heading', { level: 1, name: product.productName })).toBeVisible();
  await offline.waitForFunction(() => !('$_TSR' in window));
  await expect(priceOnPage(offline)).toHaveText(/৳1,(405|080)/);
  expect(offlineProblems).toEqual([]);
  await context.setOffline(false);
});

test("a language change drops the kept pages: a reopen never shows the old language's copy", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await controlled(page);
  await expectKept(page, '/', (html) => html.includes('<html lang="en"'));
  await page.waitForFunction(() => !('$_TSR' in window));

  // The app's switch: the interface changes in place, and the worker drops its English pages.
  await page.getByRole('link', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const reopened = await page.goto('/');
  expect(await reopened!.text()).not.toContain('<html lang="en"');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { name: 'অফারের পণ্য' })).toBeVisible();
  // The page is kept again, in Bangla, and the next reopen is answered with it.
  await expectKept(page, '/', (html) => html.includes('<html lang="bn"'));
  await expectKeptDocument(await page.goto('/'), '<html lang="bn"', 'অফারের পণ্য');
  await expect(page.getByRole('heading', { name: 'অফারের পণ্য' })).toBeVisible();

  // A language link followed before the app has started (`?lang=`) drops them too.
  await page.goto('/?lang=en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Offer Products' })).toBeVisible();
  const back = await page.goto('/');
  expect(await back!.text()).not.toContain('<html lang="bn"');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Offer Products' })).toBeVisible();
});
