import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/app';
import { ADMIN, DEMO_CUSTOMER, ROOT } from './support/env';

/** Real pictures the server accepts (it checks each upload's content): a square one for a category, a wide one for a banner. */
const SQUARE_PICTURE = join(ROOT, 'public/icons/icon-512.png');
const WIDE_PICTURE = join(ROOT, 'public/screenshots/home-wide.webp');

const ADMIN_SCREENS = ['/admin', '/admin/categories', '/admin/banners', '/admin/delivery-fees'];

/** No sideways scrolling of the page itself (a row of tabs may scroll inside its own box). */
async function expectNoSidewaysScroll(page: Page, screen: string) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${screen}: the page is wider than the screen`).toBeLessThanOrEqual(clientWidth);
}

test('an admin creates a category with an image and a banner for it, and the shop shows both', async ({ page, browser }) => {
  const name = `Fresh ${Date.now().toString(36)}`;
  await signIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.getByRole('navigation', { name: 'haat admin' }).getByRole('link', { name: 'Categories' }).click();
  await expect(page).toHaveURL(/\/admin\/categories$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();

  await page.getByText('New category').click();
  await page.getByLabel('Category name').fill(name);
  await page.getByLabel('Category image').setInputFiles(SQUARE_PICTURE);
  await expect(page.getByRole('region', { name: 'Preview in the shop' }).first()).toContainText(name);
  await page.getByRole('button', { name: 'Create category' }).click();
  await expect(page.getByRole('rowheader', { name })).toBeVisible();

  await page.getByRole('navigation', { name: 'haat admin' }).getByRole('link', { name: 'Banners & logo' }).click();
  await page.getByText('New banner').click();
  await page.getByLabel('Banner image').setInputFiles(WIDE_PICTURE);
  await page.getByLabel('Offer (% off)').fill('15');
  await page.getByLabel('Category').selectOption({ label: name });
  const preview = page.getByRole('region', { name: 'Preview in the shop' });
  await expect(preview.getByText('15% OFF')).toBeVisible();
  await expect(preview.getByRole('img', { name: `${name} offer` })).toBeVisible();
  await page.getByRole('button', { name: 'Create banner' }).click();
  await expect(page.getByRole('table', { name: 'Banners' }).getByRole('row', { name: new RegExp(name) })).toContainText('15% off');

  // A shopper's first visit: the server renders the home page from the database as it is now.
  const shopper = await browser.newContext();
  const home = await shopper.newPage();
  await home.goto('/');
  await expect(home.getByRole('region', { name: 'Categories' }).getByRole('link', { name })).toBeVisible();
  const offers = home.getByRole('region', { name: 'Offers' });
  await expect(offers.getByRole('img', { name: `${name} offer` })).toBeVisible();
  await expect(offers).toContainText('15% OFF');
  await shopper.close();
});

test('a customer opening /admin gets the unauthorized page', async ({ page }) => {
  await signIn(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await page.goto('/admin/categories');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Unauthorized Access' })).toBeVisible();
});

test('at 360 px the admin screens never scroll sideways, and their menu is a row of 44 px tabs', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, ADMIN.email, ADMIN.password);
  for (const path of ADMIN_SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Forms open, as an admin works with them.
    for (const summary of await page.locator('summary').all()) await summary.click();
    await expectNoSidewaysScroll(page, path);
    for (const tab of await page.getByRole('navigation', { name: 'haat admin' }).getByRole('link').all()) {
      expect((await tab.boundingBox())?.height, `${path}: a menu tab's height`).toBeGreaterThanOrEqual(44);
    }
  }
});
