import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { KEPT_PAGES_CACHE_PREFIX } from '../src/lib/runtime-caches';
import { inStockProducts, stored, submitPasswordSignIn } from './support/app';
import { copyBuild, publishVersion } from './support/app-versions';
import { chromiumLaunchOptions, DEMO_CUSTOMER, E2E_BASE_URL, WEB_ROOT } from './support/env';
import { startSpareServer } from './support/spare-server';

type ManifestImage = { src: string; sizes: string; type: string; form_factor?: string; label?: string };
type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  icons: (ManifestImage & { purpose?: string })[];
  shortcuts: { name: string; url: string; icons: ManifestImage[] }[];
  screenshots: ManifestImage[];
};

const controlled = (page: Page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null);

test('Chromium finds the app installable and its manifest without errors', async () => {
  // Installability is only judged in a normal (persistent) profile, not in an incognito context.
  const userDataDir = mkdtempSync(join(tmpdir(), 'haat-e2e-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, { ...chromiumLaunchOptions, headless: true, baseURL: E2E_BASE_URL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await controlled(page);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${E2E_BASE_URL}/manifest.webmanifest`);
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data ?? '{}') as Manifest;
    expect(manifest).toMatchObject({ name: 'haat — online shop', short_name: 'haat', start_url: '/', display: 'standalone' });
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
        expect.objectContaining({ sizes: '192x192', purpose: 'maskable' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
    expect(manifest.shortcuts.map(({ name, url: target }) => [name, target])).toEqual([
      ['Products', '/products'],
      ['My Orders', '/user/my-orders'],
      ['Wishlist', '/wishlist'],
    ]);
    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);

    // Every image the install sheet shows exists, in the type and size the manifest declares.
    const images = [...manifest.icons, ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons), ...manifest.screenshots];
    for (const image of images) {
      const answer = await page.request.get(image.src);
      expect(answer.status(), image.src).toBe(200);
      expect(answer.headers()['content-type'], image.src).toBe(image.type);
      const { width, height } = await sharp(await answer.body()).metadata();
      expect(`${width}x${height}`, image.src).toBe(image.sizes);
    }
    for (const shot of manifest.screenshots) expect(shot.label, shot.src).toBeTruthy();

    // Chromium offers installation to this profile: the app shows it as a button in the footer (once the footer nears
    // the screen, when its code loads), which goes once used.
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    const install = page.getByRole('contentinfo').getByRole('button', { name: 'Install app' });
    await expect(install).toBeVisible();
    await install.click();
    await expect(install).toHaveCount(0);
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
});

test('the service worker keeps the catalogue and images it served, and nothing personal', async ({ page, request }) => {
  const [product] = await inStockProducts(request, 1);
  const personalReads = new Set<string>();
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (sent.method() === 'GET' && /^\/api\/(order|wishlist)\//.test(pathname)) personalReads.add(pathname.split('/')[2]!);
  });
  await page.goto('/login');
  await controlled(page);
  await submitPasswordSignIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(page.getByText('Login successful')).toBeVisible();
  // Signed in: the account's reads carry the token, the catalogue's do not.
  await page.goto(`/products/${product!._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product!.productName })).toBeVisible();
  // My Orders keeps its stream of order changes open: the network never idles there, so the orders' read is waited for.
  const ordersRead = page.waitForResponse((res) => res.url().includes('/api/order/get-order-by-customerId/'));
  await page.goto('/user/my-orders');
  await ordersRead;
  await page.goto('/wishlist');
  await page.waitForLoadState('networkidle');

  expect([...personalReads].sort()).toEqual(['order', 'wishlist']);

  const kept = await page.evaluate(async () => {
    const entries: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      entries[name] = (await cache.keys()).map((key) => {
        const url = new URL(key.url);
        return url.pathname + url.search;
      });
    }
    return entries;
  });
  expect(kept.catalogue).toContain(`/api/products/${product!._id}`);
  expect(kept.catalogue!.some((path) => path.startsWith('/api/products?'))).toBe(true);
  expect(kept.images!.some((path) => /^\/media\/[\w.]+\?w=\d+$/.test(path))).toBe(true);
  const everything = Object.values(kept).flat();
  expect(everything.filter((path) => /^\/api\/(user|order|wishlist|refund|payment|config)\b/.test(path))).toEqual([]);
  const runtimeCaches = Object.keys(kept).filter((name) => !name.startsWith('workbox-precache-'));
  expect(runtimeCaches).toEqual(expect.arrayContaining(['catalogue', 'images']));
  expect(runtimeCaches.filter((name) => !['catalogue', 'fonts', 'images'].includes(name) && !name.startsWith(KEPT_PAGES_CACHE_PREFIX))).toEqual([]);
  // The kept pages are the public pages the server renders, never the sign-in page, the account or the wishlist.
  const keptPages = runtimeCaches.filter((name) => name.startsWith(KEPT_PAGES_CACHE_PREFIX)).flatMap((name) => kept[name]!);
  expect(keptPages.filter((path) => !/^\/(products(\/[\w-]+)?)?$/.test(path))).toEqual([]);
  // The fonts cache holds only the shop's Bangla face, kept once a page with Bangla needed it.
  expect((kept.fonts ?? []).filter((path) => !/^\/fonts\/noto-sans-bengali-shop-\d+\.woff2$/.test(path))).toEqual([]);
});

test('a new version is offered, taken only when accepted, reloads once and keeps the cart and session', async ({ browser }) => {
  // Its own server and database (started here), and a copy of the build that the test deploys a new version over.
  test.setTimeout(150_000);
  const build = copyBuild(WEB_ROOT);
  const server = await startSpareServer(build.root);
  const context = await browser.newContext({ baseURL: server.baseUrl });
  try {
    const page = await context.newPage();
    // Counts the page loads of this tab, reloads included.
    await page.addInitScript(() => sessionStorage.setItem('loads', String(Number(sessionStorage.getItem('loads') ?? '0') + 1)));
    const loads = async () => Number(await page.evaluate(() => sessionStorage.getItem('loads')));
    const newVersion = page.locator('meta[name="app-version"]');

    await page.goto('/login');
    await controlled(page);
    await submitPasswordSignIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await expect(page.getByText('Login successful')).toBeVisible();
    const [product] = await inStockProducts(context.request, 1);
    await page.goto(`/products/${product!._id}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Added to cart!')).toBeVisible();
    const cart = await stored(page, 'cart');
    const auth = await stored(page, 'auth');
    expect(cart).toContain(product!._id);

    publishVersion(build.root, 'e2e-2');
    // Opening the app again makes the browser look for a new sw.js; the page itself is still the version installed.
    await page.reload();
    const offer = page.getByRole('button', { name: 'Reload to update' });
    await expect(offer).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('A new version of haat is ready.')).toBeVisible();
    await expect(newVersion).toHaveCount(0);
    const loadsBefore = await loads();

    await offer.click();
    await expect(newVersion).toHaveAttribute('content', 'e2e-2', { timeout: 20_000 });
    // The new worker controls the page, nothing waits any more, and the precache holds the new page.
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        const shell = await caches.match('/index.html', { ignoreSearch: true });
        return {
          controlled: navigator.serviceWorker.controller !== null,
          waiting: registration?.waiting ?? null,
          shellIsNew: (await shell?.text())?.includes('content="e2e-2"') ?? false,
        };
      }),
    ).toEqual({ controlled: true, waiting: null, shellIsNew: true });
    // Exactly one reload, and no second one after it.
    await page.waitForLoadState('networkidle');
    expect(await loads()).toBe(loadsBefore + 1);
    expect(await stored(page, 'cart')).toBe(cart);
    expect(await stored(page, 'auth')).toBe(auth);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload to update' })).toHaveCount(0);
  } finally {
    await context.close();
    await server.stop();
    build.remove();
  }
});
