import { expect, test, type Page } from '@playwright/test';
import { inStockProducts, signIn } from './support/app';
import { copyBuild, publishRenamedBuild } from './support/app-versions';
import { ADMIN, WEB_ROOT } from './support/env';
import { startSpareServer } from './support/spare-server';

// page.route sees the page's requests only where no service worker answers them.
test.use({ serviceWorkers: 'block' });

/**
 * The page is hidden for a moment, as when the shopper switches apps and back: web-vitals reports LCP, INP and CLS, the
 * reporter sends by beacon. Visible again at once: web-vitals loading after a hide that stayed would count the page as
 * hidden before its first paint and never report FCP or LCP.
 */
const hide = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState;
  });

/**
 * Hides the page until a batch to /api/client-events carries what `wanted` looks for (the reporter loads when the page
 * is idle). A key press first, as a shopper's: web-vitals settles LCP on the first trusted input or hide, and a hide
 * dispatched by a test is not trusted.
 */
async function hideUntilReported(page: Page, wanted: (events: { type: string; name?: string; kind?: string; route: string }[]) => boolean) {
  let seen = false;
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/client-events' && wanted(JSON.parse(sent.postData() ?? '[]'))) seen = true;
  });
  await expect
    .poll(
      async () => {
        await page.keyboard.press('Shift');
        await hide(page);
        return seen;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

test('a page whose read fails on the server shows the error screen with the request id, is reported, and Try again recovers', async ({ page, request }) => {
  const [product] = await inStockProducts(request, 1);
  let failing = true;
  await page.route(`**/api/products/${product!._id}`, (route) =>
    failing
      ? route.fulfill({
          status: 500,
          contentType: 'application/json',
          headers: { 'X-Request-Id': 'e2e-request-1' },
          body: JSON.stringify({ success: false, message: 'Internal Server Error', requestId: 'e2e-request-1' }),
        })
      : route.fallback(),
  );
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  // An in-app navigation (the router follows history.pushState): the browser reads the product itself.
  await page.evaluate((id) => window.history.pushState({}, '', `/products/${id}`), product!._id);

  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Reference for support: e2e-request-1')).toBeVisible();
  await expect(page.getByText('Oops! Page Not Found')).toHaveCount(0);
  // Inside the shop's frame: the navigation stays.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await hideUntilReported(page, (events) => events.some((event) => event.type === 'error' && event.kind === 'boundary' && event.route === '/products/$id'));

  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { level: 1, name: product!.productName })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
});

test('an unknown address still shows the 404 page, not the error screen', async ({ page }) => {
  await page.goto('/products');
  await page.evaluate(() => window.history.pushState({}, '', '/no/such/page'));
  await expect(page.getByRole('heading', { name: 'Oops! Page Not Found' })).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
});

test("a shopper's web vitals reach the back office's Speed screen", async ({ browser }) => {
  // A server and database of the test's own: its figures hold only this visit.
  test.setTimeout(120_000);
  const server = await startSpareServer(WEB_ROOT);
  const context = await browser.newContext({ baseURL: server.baseUrl, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await hideUntilReported(page, (events) => events.some((event) => event.type === 'vital' && event.name === 'LCP' && event.route === '/products'));

    const admin = await context.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.goto('/admin/speed');
    await expect(admin.getByRole('heading', { level: 1, name: 'Speed' })).toBeVisible();
    const lcp = admin.getByRole('region', { name: 'Overview' }).getByRole('listitem', { name: 'LCP' });
    await expect(lcp).toContainText(/\d+ samples?/);
    await expect(lcp).toContainText(/Good|Needs work/);
    await expect(lcp).toContainText('Goal: p75 ≤ 2.50 s');
    const productsRow = admin.getByRole('table', { name: 'LCP by page' }).getByRole('row', { name: /^\/products\b/ });
    await expect(productsRow.getByRole('cell').nth(1)).toHaveText('1');
    await expect(productsRow).toContainText(/Good|Needs work/);
    await expect(admin.getByRole('region', { name: 'LCP per day, p75' }).locator('canvas')).toBeVisible();
    await admin.getByRole('tab', { name: 'Last 30 days' }).click();
    await expect(admin.getByRole('tab', { name: 'Last 30 days' })).toHaveAttribute('aria-selected', 'true');
    await expect(productsRow.getByRole('cell').nth(1)).toHaveText('1');
  } finally {
    await context.close();
    await server.stop();
  }
});

test('after a release, a page of the old build reloads once on opening a route whose code is gone, and lands on the new build', async ({ browser }) => {
  test.setTimeout(150_000);
  const build = copyBuild(WEB_ROOT);
  let server = await startSpareServer(build.root);
  // No service worker: it would answer with the old build's files it keeps, which is its job; this is the case without one.
  const context = await browser.newContext({ baseURL: server.baseUrl, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => sessionStorage.setItem('loads', String(Number(sessionStorage.getItem('loads') ?? '0') + 1)));
    const loads = async () => Number(await page.evaluate(() => sessionStorage.getItem('loads')));
    await page.goto('/login', { waitUntil: 'networkidle' });
    await expect(page.getByRole('button', { name: 'Via Password' })).toBeVisible();
    expect(await loads()).toBe(1);

    // The release: the server restarts on the new build at the same address, the old build's files gone.
    const { port } = new URL(server.baseUrl);
    await server.stop();
    publishRenamedBuild(build.root, 'e2e-2');
    server = await startSpareServer(build.root, { port: Number(port) });

    // The router follows the address and imports the cart's code, which is gone: the page reloads at once, taking this
    // evaluation's context with it.
    await page.evaluate(() => window.history.pushState({}, '', '/cart')).catch(() => undefined);

    await expect(page.locator('meta[name="app-version"]')).toHaveAttribute('content', 'e2e-2', { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/cart');
    await page.waitForLoadState('networkidle');
    expect(await loads()).toBe(2);
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
  } finally {
    await context.close();
    await server.stop();
    build.remove();
  }
});
