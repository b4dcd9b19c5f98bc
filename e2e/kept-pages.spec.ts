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

declare global {
  interface Window {
    __served?: { lang: string; root: string; text: string; routerState: boolean };
    __refused?: string[];
  }
}

/**
 * Runs before the page's own scripts: notes the document as it came, once parsed (the app's scripts start later,
 * after the page's largest picture), and every script or style its Content-Security-Policy refuses.
 */
const noteServedDocument = () => {
  window.__refused = [];
  document.addEventListener('securitypolicyviolation', (event) => window.__refused!.push(`${event.violatedDirective} ${event.blockedURI}`));
  document.addEventListener('DOMContentLoaded', () => {
    const root = document.getElementById('root');
    window.__served = { lang: document.documentElement.lang, root: root?.outerHTML ?? '', text: root?.textContent ?? '', routerState: '$_TSR' in window };
  });
};

/**
 * The page was answered by the service worker with its kept copy: the rendered markup was there before any of the
 * app's scripts ran, the router's state scripts ran under the copy's policy (its nonce kept with its headers), and
 * the app then hydrated it.
 */
async function expectKeptDocument(page: Page, answer: Response | null, ...texts: string[]) {
  expect(answer?.fromServiceWorker(), 'answered by the service worker').toBe(true);
  const served = (await page.evaluate(() => window.__served))!;
  expect(served.root).toMatch(/^<div id="root" data-kept-at="\d+" data-origin="/);
  expect(served.routerState, "the router's state scripts ran").toBe(true);
  for (const text of texts) expect(served.text).toContain(text);
  expect(answer!.headers()['content-security-policy']).toMatch(/script-src [^;]*'nonce-[^']+'/);
  await page.waitForFunction(() => !('$_TSR' in window));
  expect(await page.evaluate(() => window.__refused)).toEqual([]);
  return served;
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
  await page.addInitScript(noteServedDocument);
  await expectKeptDocument(page, await page.goto('/'), 'Offer Products');
  await expect(page.getByRole('heading', { name: 'Offer Products' })).toBeVisible();
  await setPrice(request, token, product._id, 1080);
  const reopened = await expectKeptDocument(page, await page.goto(productPath), product.productName);
  expect(reopened.text).toContain('৳1,405');
  await expect(priceOnPage(page)).toHaveText(/৳1,080/, { timeout: 10_000 });
  expect(problems).toEqual([]);

  // Reopened with no connection at all, in a brand-new page: the rendered pages, and the app starts on them.
  await context.setOffline(true);
  const offline = await context.newPage();
  const offlineProblems = problemsOf(offline);
  await offline.addInitScript(noteServedDocument);
  await expectKeptDocument(offline, await offline.goto('/'), 'Offer Products');
  await expect(offline.getByRole('heading', { name: 'Offer Products' })).toBeVisible();
  await expectKeptDocument(offline, await offline.goto(productPath), product.productName);
  await expect(offline.getByRole('heading', { level: 1, name: product.productName })).toBeVisible();
  await expect(priceOnPage(offline)).toHaveText(/৳1,(405|080)/);
  expect(offlineProblems).toEqual([]);
  await context.setOffline(false);
});

test("a language change drops the kept pages: a reopen never shows the old language's copy", async ({ page }) => {
  test.setTimeout(90_000);
  await page.addInitScript(noteServedDocument);
  await page.goto('/');
  await controlled(page);
  await expectKept(page, '/', (html) => html.includes('<html lang="en"'));
  await page.waitForFunction(() => !('$_TSR' in window));

  // The app's switch: the interface changes in place, and the worker drops its English pages.
  await page.getByRole('link', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await page.goto('/');
  // The shell (the app starts in the chosen language), not the English copy.
  expect(await page.evaluate(() => window.__served?.root)).toMatch(/^<div id="root">/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { name: 'অফারের পণ্য' })).toBeVisible();
  // The page is kept again, in Bangla, and the next reopen is answered with it.
  await expectKept(page, '/', (html) => html.includes('<html lang="bn"'));
  const kept = await expectKeptDocument(page, await page.goto('/'), 'অফারের পণ্য');
  expect(kept.lang).toBe('bn');
  await expect(page.getByRole('heading', { name: 'অফারের পণ্য' })).toBeVisible();

  // A language link followed before the app has started (`?lang=`) drops them too.
  await page.goto('/?lang=en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Offer Products' })).toBeVisible();
  await page.goto('/');
  expect(await page.evaluate(() => window.__served?.root)).toMatch(/^<div id="root">/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Offer Products' })).toBeVisible();
});
