import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { inStockProducts, signIn } from './support/app';
import { ADMIN, WEB_ROOT } from './support/env';
import { savedQueryKeys } from './support/saved-queries';

type BuildChunk = { file: string; name?: string; src?: string; imports?: string[]; css?: string[] };
const build = JSON.parse(readFileSync(join(WEB_ROOT, '.vite/manifest.json'), 'utf8')) as Record<string, BuildChunk>;

/** Words only back-office screens show: the product list's delete confirmation and the dashboard chart's table switch. */
const BACK_OFFICE_TEXTS = ['Delete this product?', 'Show the days as a table'];

/**
 * The back office's chunks: its screens' group, and what the back office's own modules start (the dashboard's chart;
 * the Speed screen's chart only that screen loads).
 */
const backOfficeFiles = Object.values(build)
  .filter((chunk) => chunk.name === 'back-office' || chunk.src?.startsWith('src/features/back-office/'))
  .flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]);
// Not the speed page's chart nor the products import, which load when the owner opens them.
const visitedBackOfficeFiles = backOfficeFiles.filter((file) => !file.includes('vitals-plot') && !file.includes('product-import-panel'));

/** The route splits (the route table is the storefront's alone) with the chunks and styles they import: what opening each route loads. */
function storefrontRouteFiles(): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = build[key]!;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const style of chunk.css ?? []) files.add(style);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of Object.keys(build)) if (/^src\/routes\/.*\?tsr-split=/.test(key)) visit(key);
  return [...files];
}

const controlled = (page: Page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null);

/** Every cache's entries as paths; the precache's revision query is left off. */
function cachedPaths(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const entries: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      entries[name] = (await (await caches.open(name)).keys()).map((key) => new URL(key.url).pathname);
    }
    return entries;
  });
}

const precached = (kept: Record<string, string[]>) => Object.entries(kept).find(([name]) => name.startsWith('workbox-precache-'))?.[1] ?? [];

test("a shopper's first visit precaches every file the storefront loads and none of the back office", async ({ page, request }) => {
  expect(backOfficeFiles.length).toBeGreaterThan(0);
  const loaded = new Set<string>();
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname.startsWith('/assets/')) loaded.add(pathname);
  });
  await page.goto('/');
  // Controlled means installed and activated: the precache is complete.
  await controlled(page);
  const [product] = await inStockProducts(request, 1);
  for (const path of ['/products', `/products/${product!._id}`, '/cart', '/login', '/register']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }

  const kept = await cachedPaths(page);
  const shell = precached(kept);
  expect(shell).toContain('/index.html');
  expect(shell.filter((path) => backOfficeFiles.includes(path.slice(1)))).toEqual([]);
  expect(storefrontRouteFiles().filter((file) => !shell.includes(`/${file}`))).toEqual([]);
  expect([...loaded].filter((path) => !shell.includes(path))).toEqual([]);
  // Nothing of the back office came in by another way either.
  expect(kept['build-assets'] ?? []).toEqual([]);

  const texts = await page.evaluate(
    async (paths) => Promise.all(paths.map(async (path) => (await caches.match(path, { ignoreSearch: true }))!.text())),
    shell.filter((path) => /\.(js|css)$/.test(path)),
  );
  for (const text of BACK_OFFICE_TEXTS)
    expect(
      texts.filter((code) => code.includes(text)),
      text,
    ).toEqual([]);
});

test('an admin who opened the dashboard and the products reopens the products offline and sees the list they saw', async ({ context, page }) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await controlled(page);
  await signIn(page, ADMIN.email, ADMIN.password);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Revenue per day, last 30 days' }).locator('canvas')).toBeVisible();

  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  const editLinks = page.getByRole('link', { name: /^Edit / });
  await expect(editLinks.first()).toBeVisible();
  const seen = await editLinks.evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')));
  const listSaved = async () => (await savedQueryKeys(page)).some((key) => key.startsWith('["back-office","products","list",'));
  await expect.poll(listSaved, { timeout: 15_000 }).toBe(true);
  // The back office's chunks, the dashboard chart's among them, were kept as they loaded.
  expect((await cachedPaths(page))['build-assets']).toEqual(expect.arrayContaining(visitedBackOfficeFiles.map((file) => `/${file}`)));

  // The browser's own HTTP cache would hold the chunks too, for a while: with it emptied, only the service worker has them.
  const devTools = await context.newCDPSession(page);
  await devTools.send('Network.clearBrowserCache');
  await devTools.detach();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page.getByText('You are offline — showing what you saw last.')).toBeVisible();
  await expect.poll(() => editLinks.evaluateAll((links) => links.map((link) => link.getAttribute('aria-label')))).toEqual(seen);
  await context.setOffline(false);
});
