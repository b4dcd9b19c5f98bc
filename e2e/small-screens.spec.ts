import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Locator } from '@playwright/test';
import { inStockProducts, placeOrderThroughApi, seedCart, signedInCustomer, signIn } from './support/app';
import { chromiumLaunchOptions, E2E_BASE_URL } from './support/env';
import { openHydrated } from './support/pages';
import { expectFitsTheScreen, expectWholeLabel } from './support/screen-fit';

/** The narrowest phones still sold, and the most common Android width. */
const PHONE_WIDTHS = [320, 360] as const;
const TAP_TARGET = 44;

/** The placeholder fits the box it is typed into (a placeholder never scrolls, so what does not fit is cut off). */
async function expectWholePlaceholder(input: Locator, name: string) {
  const { needed, room } = await input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas to measure text with');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    return {
      needed: context.measureText(element.placeholder).width,
      room: element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    };
  });
  expect(needed, `${name}: the placeholder needs ${needed.toFixed(1)} px of ${room} px`).toBeLessThanOrEqual(room);
}

async function expectTapTarget(target: Locator, name: string) {
  const box = await target.boundingBox();
  expect(box, name).not.toBeNull();
  expect(box!.width, `${name}: width`).toBeGreaterThanOrEqual(TAP_TARGET);
  expect(box!.height, `${name}: height`).toBeGreaterThanOrEqual(TAP_TARGET);
}

for (const width of PHONE_WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 }, hasTouch: true });

    test('the shop screens fit the phone and show their labels whole', async ({ page, request }) => {
      // Five screens, each measured: longer than one screen's default budget.
      test.setTimeout(60_000);
      const [product] = await inStockProducts(request, 1);
      if (!product) throw new Error('the seeded catalogue has no product in stock');

      await openHydrated(page, '/');
      await expectFitsTheScreen(page, 'home');
      for (const tab of ['New Arrivals', 'Top Rated', 'Best Seller']) await expectWholeLabel(page.getByRole('tab', { name: tab }), `home tab '${tab}'`);
      await expectFitsTheScreen(page, 'home with its tabs');

      await openHydrated(page, '/products');
      const pagination = page.getByRole('navigation', { name: 'Pagination' });
      await expectWholeLabel(pagination.getByRole('link', { name: 'Next' }), "listing's 'Next'");
      await expectWholeLabel(pagination.getByRole('link', { name: 'Previous' }), "listing's 'Previous'");
      await expectWholeLabel(pagination.getByText(/^Page 1 of \d+$/), "listing's page number");
      await expectFitsTheScreen(page, 'listing');

      await openHydrated(page, `/products/${product._id}`);
      await expect(page.getByRole('heading', { level: 1, name: product.productName })).toBeVisible();
      // The product's own buttons come before those of the related products' cards.
      await expectWholeLabel(page.getByRole('button', { name: 'Add to Cart', exact: true }).first(), "product page's 'Add to Cart'");
      await expectWholeLabel(page.getByRole('button', { name: 'Buy Now', exact: true }).first(), "product page's 'Buy Now'");
      for (const tab of await page.getByRole('tablist', { name: 'Product information' }).getByRole('tab').all()) {
        await expectWholeLabel(tab, `product tab '${await tab.textContent()}'`);
      }
      await expectFitsTheScreen(page, 'product page');

      await seedCart(page, [{ product, quantity: 1 }]);
      await openHydrated(page, '/cart');
      await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
      await expectFitsTheScreen(page, 'cart');

      await openHydrated(page, '/wishlist');
      await expectFitsTheScreen(page, 'wishlist, signed out');

      await openHydrated(page, '/login');
      await expectWholeLabel(page.getByRole('button', { name: 'Via Password' }), "sign-in's 'Via Password'");
      await expectFitsTheScreen(page, 'sign-in');
    });

    test("a customer's screens fit the phone; wishlist checkboxes are 44 px targets", async ({ page, request }) => {
      test.setTimeout(60_000);
      const customer = await signedInCustomer(request, `Small Screen ${width}`);
      const products = await inStockProducts(request, 2);
      for (const product of products) {
        const added = await request.post(`/api/wishlist/add-to-wishlist/${customer.id}`, {
          headers: { Authorization: `Bearer ${customer.token}` },
          data: { productId: product._id },
        });
        expect(added.ok(), await added.text()).toBe(true);
      }
      await placeOrderThroughApi(request, customer, products[0]!);
      await signIn(page, customer.email, customer.password);

      await openHydrated(page, '/user/my-orders');
      await expect(page.getByRole('article')).toHaveCount(1);
      await expectWholePlaceholder(page.getByRole('searchbox', { name: 'Search orders' }), "My Orders' search");
      for (const tab of ['All', 'Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled']) {
        await expectWholeLabel(page.getByRole('tab', { name: tab }), `order status tab '${tab}'`);
      }
      await expectFitsTheScreen(page, 'My Orders');
      const filter = page.getByRole('button', { name: /^Filter/ });
      await expectTapTarget(filter, "My Orders' 'Filter'");
      await filter.click();
      const filters = page.getByRole('region', { name: 'Order filters' });
      for (const label of ['From', 'To', 'Payment status', 'Payment method']) {
        await expectTapTarget(filters.getByLabel(label), `order filter '${label}'`);
        await expectWholeLabel(filters.getByText(label, { exact: true }), `order filter label '${label}'`);
      }
      await filters.getByLabel('Payment status').selectOption('Paid');
      await expect(page.getByRole('article')).toHaveCount(0);
      await expect(filter).toHaveAccessibleName('Filter 1 active');
      const clear = filters.getByRole('button', { name: 'Clear filters' });
      await expectTapTarget(clear, "'Clear filters'");
      await expectWholeLabel(clear, "'Clear filters'");
      await expectTapTarget(page.getByRole('button', { name: 'Clear search and filters' }), "'Clear search and filters'");
      await expectFitsTheScreen(page, 'My Orders with its filters open');
      await clear.click();
      await expect(page.getByRole('article')).toHaveCount(1);

      await openHydrated(page, '/user/profile');
      for (const tab of await page.getByRole('tablist').getByRole('tab').all()) {
        await expectWholeLabel(tab, `settings tab '${await tab.textContent()}'`);
      }
      await expectFitsTheScreen(page, 'profile');

      await openHydrated(page, '/wishlist');
      await expect(page.getByText('2 items saved')).toBeVisible();
      await expectFitsTheScreen(page, 'wishlist');
      for (const product of products) {
        await expectTapTarget(page.getByRole('checkbox', { name: `Select ${product.productName}` }), `checkbox of ${product.productName}`);
      }
      const selectAll = page.getByRole('checkbox', { name: 'Select all (0/2)' });
      await expectTapTarget(selectAll, "'Select all'");
      // The whole target takes the tap, not only the square drawn in its middle.
      const box = (await selectAll.boundingBox())!;
      await page.touchscreen.tap(box.x + 3, box.y + 3);
      await expect(page.getByRole('checkbox', { name: 'Select all (2/2)' })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: `Select ${products[0]!.productName}` })).toBeChecked();
    });
  });
}

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test.describe('the account menu offers to install the app', () => {
  test('on an iPhone: the Add to Home Screen hint, which closes there and in the footer at once', async ({ browser, request }) => {
    const customer = await signedInCustomer(request, 'iPhone Shopper');
    const context = await browser.newContext({ userAgent: IPHONE, viewport: { width: 360, height: 740 }, hasTouch: true });
    try {
      const page = await context.newPage();
      await signIn(page, customer.email, customer.password);
      await openHydrated(page, '/user');
      await page.getByRole('button', { name: 'Account menu' }).click();
      const menu = page.getByRole('navigation', { name: 'Account' });
      const hint = menu.getByRole('complementary', { name: 'Install haat' });
      await expect(hint).toContainText('Share → Add to Home Screen');
      await expectFitsTheScreen(page, 'account menu with the install hint');

      const footer = page.getByRole('contentinfo');
      await footer.scrollIntoViewIfNeeded();
      await expect(footer.getByRole('complementary', { name: 'Install haat' })).toBeVisible();
      await hint.getByRole('button', { name: 'Dismiss install hint' }).click();
      await expect(page.getByRole('complementary', { name: 'Install haat' })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test("where the browser offers installation: the 'Install app' button", async ({ request }) => {
    // Chromium judges installability once the service worker is in, which takes long on a loaded machine.
    test.setTimeout(120_000);
    const customer = await signedInCustomer(request, 'Installing Shopper');
    // Installability is only judged in a normal (persistent) profile, not in an incognito context.
    const userDataDir = mkdtempSync(join(tmpdir(), 'haat-e2e-profile-'));
    const context = await chromium.launchPersistentContext(userDataDir, {
      ...chromiumLaunchOptions,
      headless: true,
      baseURL: E2E_BASE_URL,
      viewport: { width: 360, height: 740 },
    });
    // Counts the browser's install dialogs: Chromium may make a new offer once one is turned down, bringing the button back.
    await context.addInitScript(() => {
      // Chromium's own event type, missing from TypeScript's DOM types.
      const offer = (window as unknown as { BeforeInstallPromptEvent: { prototype: { prompt(): Promise<unknown> } } }).BeforeInstallPromptEvent.prototype;
      const prompt = offer.prompt;
      offer.prompt = function (this: Event) {
        sessionStorage.setItem('install-dialogs', String(Number(sessionStorage.getItem('install-dialogs') ?? '0') + 1));
        return prompt.call(this);
      };
      // Notes that the browser made this page its offer, which the app keeps for the button.
      addEventListener('beforeinstallprompt', () => document.documentElement.setAttribute('data-install-offered', ''));
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await signIn(page, customer.email, customer.password);
      await openHydrated(page, '/user');
      await expect(page.locator('html[data-install-offered]')).toBeAttached({ timeout: 90_000 });
      await page.getByRole('button', { name: 'Account menu' }).click();
      const install = page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Install app' });
      await expect(install).toBeVisible();
      await expectTapTarget(install, "'Install app'");
      await install.click();
      await expect.poll(() => page.evaluate(() => sessionStorage.getItem('install-dialogs'))).toBe('1');
    } finally {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    }
  });
});
