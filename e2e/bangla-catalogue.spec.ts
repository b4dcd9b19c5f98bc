import { expect, test, type Page } from '@playwright/test';
import type { Product } from '@contract/catalogue';
import { openHydrated } from './support/pages';
import { expectFitsTheScreen, expectWholeLabel } from './support/screen-fit';

// Every page load is the server's render (no service worker answering with the English shell).
test.use({ serviceWorkers: 'block' });

/** A price in Bangla digits: ৳১,৬৫০. */
const BANGLA_PRICE = /৳[০-৯]/;

const banglaDigits = (value: number) => String(value).replace(/\d/g, (digit) => String.fromCharCode(0x09e6 + Number(digit)));

/** Warnings and errors in the console (hydration mismatches among them) and uncaught errors, from now on. */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    // Blocking the service worker is this spec's own doing, not the page's.
    if (message.text().startsWith('Service Worker registration blocked')) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

test('the language switch shows the shop in Bangla, a reload keeps it, and English comes back', async ({ page }) => {
  const problems = problemsOf(page);
  await openHydrated(page, '/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('link', { name: 'বাংলা' }).click();

  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const offers = page.getByRole('region', { name: 'অফারের পণ্য' });
  await expect(offers.getByRole('heading', { name: 'অফারের পণ্য' })).toBeVisible();
  await expect(offers.getByText(/^[০-৯,]+টি পণ্যের মধ্যে ৫টি দেখানো হচ্ছে$/)).toBeVisible();
  await expect(offers.getByRole('button', { name: 'আরও দেখুন' })).toBeVisible();
  await expect(offers.getByRole('article').first().getByText(BANGLA_PRICE).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'আপনার জন্য বাছাই করা' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'নতুন পণ্য' })).toBeVisible();

  // The server renders the page in Bangla: its markup, the document's language and the share previews.
  const rendered = await (await page.request.get('/')).text();
  expect(rendered).toContain('<html lang="bn"');
  expect(rendered).toContain('অফারের পণ্য');
  expect(rendered).toMatch(/<meta property="og:locale" content="bn_BD"\/?>/);
  expect(rendered).toMatch(/<meta property="og:locale:alternate" content="en_US"\/?>/);
  expect(rendered).toMatch(/<title>হাট — অনলাইন শপ<\/title>/);

  await page.reload();
  await page.waitForFunction(() => !('$_TSR' in window));
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await expect(page.getByRole('heading', { name: 'অফারের পণ্য' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'অফারের পণ্য' }).getByText(BANGLA_PRICE).first()).toBeVisible();

  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: 'Offer Products' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Offer Products' }).getByText(/৳\d/).first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Offer Products' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  expect(problems).toEqual([]);
});

test('a Bangla search finds a product by its Bangla name', async ({ page }) => {
  await openHydrated(page, '/?lang=bn');
  await page.getByRole('searchbox', { name: 'পণ্য খুঁজুন' }).fill('শাড়ি');
  await page.getByRole('searchbox', { name: 'পণ্য খুঁজুন' }).press('Enter');
  const results = page.getByRole('list', { name: 'পণ্য' }).getByRole('article');
  await expect(results.filter({ hasText: 'জামদানি শাড়ি' })).toHaveCount(1);
  await expect(page.getByText(/^"শাড়ি" খুঁজে [০-৯]+টি পণ্যের মধ্যে [০-৯]+টি দেখানো হচ্ছে$/)).toBeVisible();
});

for (const width of [320, 360]) {
  test(`the listing and a product page in Bangla fit a ${width} px phone, labels whole, without console errors`, async ({ page, request }) => {
    const problems = problemsOf(page);
    const [product] = ((await (await request.get('/api/products?limit=20')).json()) as { data: { data: Product[] } }).data.data.filter(
      (p) => p.remainingProducts > 0 && p.productImages.length > 1,
    );
    expect(product, 'a product in stock with several images').toBeDefined();
    await page.setViewportSize({ width, height: 740 });

    await openHydrated(page, '/products?lang=bn');
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(page.getByRole('heading', { level: 1, name: 'পণ্য' })).toBeVisible();
    await expect(page.getByText(/^[০-৯,]+টি পণ্যের মধ্যে [০-৯]+টি দেখানো হচ্ছে$/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'পণ্য' }).getByText(BANGLA_PRICE).first()).toBeVisible();
    const pagination = page.getByRole('navigation', { name: 'পাতা' });
    await expectWholeLabel(pagination.getByRole('link', { name: 'পরের' }), "listing's 'Next'");
    await expectWholeLabel(pagination.getByRole('link', { name: 'আগের' }), "listing's 'Previous'");
    await expectWholeLabel(pagination.getByText(/^পাতা ১ \/ [০-৯]+$/), "listing's page number");
    await expectWholeLabel(page.getByRole('button', { name: /^ফিল্টার/ }), "listing's 'Filters'");
    await expectWholeLabel(page.getByText('সাজান', { exact: true }), "listing's 'Sort by'");
    await expectFitsTheScreen(page, `listing in Bangla at ${width} px`);

    await page.getByRole('button', { name: /^ফিল্টার/ }).click();
    const sheet = page.getByRole('dialog', { name: 'ফিল্টার' });
    await expect(sheet.getByRole('heading', { name: 'দামের সীমা' })).toBeVisible();
    await expectWholeLabel(sheet.getByRole('button', { name: /^[০-৯,]+টি পণ্য দেখুন$/ }), "filter sheet's 'Show products'");
    await sheet.getByRole('button', { name: 'ফিল্টার বন্ধ করুন' }).click();

    // The Bangla page names the product in Bangla when it has a Bangla name.
    const banglaName = product!.productNameBn ?? product!.productName;
    await openHydrated(page, `/products/${product!._id}`);
    await expect(page.getByRole('heading', { level: 1, name: banglaName })).toBeVisible();
    await expect(page.getByText(BANGLA_PRICE).first()).toBeVisible();
    await expect(page.getByText(/^[০-৯,]+টি আছে$/)).toBeVisible();
    await expectWholeLabel(page.getByRole('button', { name: 'কার্টে যোগ করুন', exact: true }), "product page's 'Add to Cart'");
    await expectWholeLabel(page.getByRole('button', { name: 'এখনই কিনুন', exact: true }), "product page's 'Buy Now'");
    for (const tab of await page.getByRole('tab').all()) await expectWholeLabel(tab, `product tab '${await tab.textContent()}'`);
    await expectFitsTheScreen(page, `product page in Bangla at ${width} px`);

    // The lightbox names its image in Bangla.
    await page.getByRole('button', { name: /বড় করে দেখুন$/ }).click();
    const count = banglaDigits(product!.productImages.length);
    await expect(page.getByRole('dialog', { name: `${banglaName} — ${count}টির মধ্যে ১ নম্বর ছবি` })).toBeVisible();
    await page.getByRole('button', { name: 'বন্ধ করুন' }).click();

    expect(problems).toEqual([]);
  });
}
