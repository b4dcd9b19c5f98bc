import { expect, test, type Page } from '@playwright/test';
import { openHydrated } from './support/pages';

/** The taka amounts shown as card prices ("from" the lowest for a product whose variants differ; not the struck original prices), as numbers. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByRole('list', { name: 'Products' }).getByRole('article').allTextContents();
  return texts.map((text) => {
    const match = /Price (?:from )?৳([\d,]+)/.exec(text);
    if (!match?.[1]) throw new Error(`no price in card: ${text}`);
    return Number(match[1].replaceAll(',', ''));
  });
}

const results = (page: Page) => page.getByRole('list', { name: 'Products' }).getByRole('article');

test('home shows the category strip, the banner carousel and Offer Products', async ({ page }) => {
  await page.goto('/');
  const categories = page.getByRole('region', { name: 'Categories' });
  await expect(categories.getByRole('link').first()).toBeVisible();
  expect(await categories.getByRole('link').count()).toBeGreaterThanOrEqual(8);

  const banners = page.getByRole('region', { name: 'Offers' });
  await expect(banners).toBeVisible();
  await expect(banners.getByText(/^\d+% OFF$/).first()).toBeVisible();
  await expect(banners.getByRole('button', { name: 'Go to banner 2' })).toBeVisible();
  // The first banner image is fetched at once and first.
  const firstImage = banners.getByRole('img').first();
  await expect(firstImage).toHaveAttribute('fetchpriority', 'high');
  await expect(firstImage).toHaveAttribute('loading', 'eager');

  const offers = page.getByRole('region', { name: 'Offer Products' });
  await expect(offers.getByText(/^Showing 5 of \d+ products$/)).toBeVisible();
  await expect(offers.getByRole('article')).toHaveCount(5);
  await offers.getByRole('button', { name: 'See More' }).click();
  await expect(offers.getByRole('article')).toHaveCount(10);
  await offers.getByRole('button', { name: 'Show Less' }).click();
  await expect(offers.getByRole('article')).toHaveCount(5);

  await expect(page.getByRole('tab', { name: 'New Arrivals' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByRole('article')).toHaveCount(12);
});

test('a category from the home strip opens its products; Max Price filters them and goes in the URL', async ({ page }) => {
  await page.goto('/');
  const category = page.getByRole('region', { name: 'Categories' }).getByRole('link').first();
  const name = (await category.textContent())?.trim() ?? '';
  await category.click();
  await expect(page).toHaveURL(/\/products\?category=[0-9a-f]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText(/^Showing \d+ of \d+ products$/)).toBeVisible();
  await expect(page.getByText('Page 1 | Limit: 10')).toBeVisible();
  expect(await results(page).count()).toBeGreaterThan(0);

  const before = await page.getByText(/^Showing \d+ of \d+ products$/).textContent();
  await page.getByLabel('Max Price').fill('800');
  await expect(page).toHaveURL(/maxPrice=800/);
  await expect(page.getByText(/^Showing \d+ of \d+ products$/)).not.toHaveText(before ?? '');
  await expect(page.getByRole('button', { name: 'Remove Price: ৳0 – ৳800' })).toBeVisible();
  const prices = await cardPrices(page);
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices) expect(price).toBeLessThanOrEqual(800);
});

const inOrder = (prices: number[], direction: 'up' | 'down') =>
  prices.length > 1 && prices.every((price, i) => i === 0 || (direction === 'up' ? prices[i - 1]! <= price : prices[i - 1]! >= price));

test("'View All' from Top Rated shows that order on the listing; Sort by price orders the cards both ways", async ({ page }) => {
  await openHydrated(page, '/');
  await page.getByRole('tab', { name: 'Top Rated' }).click();
  await expect(page.getByRole('tab', { name: 'Top Rated' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/products\?sortBy=rating$/);
  const sort = page.getByRole('combobox', { name: 'Sort by' });
  await expect(sort).toHaveValue('rating');
  expect((await sort.boundingBox())?.height).toBeGreaterThanOrEqual(44);

  await sort.selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL(/\/products\?sortBy=priceAsc$/);
  await expect.poll(async () => inOrder(await cardPrices(page), 'up')).toBe(true);

  await sort.selectOption({ label: 'Price: high to low' });
  await expect(page).toHaveURL(/\/products\?sortBy=priceDesc$/);
  await expect.poll(async () => inOrder(await cardPrices(page), 'down')).toBe(true);
});

test('an unknown sort order in the address shows the newest products, not an error', async ({ page }) => {
  await page.goto('/products?sortBy=price');
  await expect(page.getByText(/^Showing \d+ of \d+ products$/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('newest');
  await expect(page.getByText('Error loading products')).toHaveCount(0);
});

test('Next shows page 2 from the top of the page, and a card opens its product', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  const firstOnPage1 = await results(page).first().getByRole('link').textContent();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(page.getByText('Page 2 | Limit: 10')).toBeVisible();
  await expect(results(page).first().getByRole('link')).not.toHaveText(firstOnPage1 ?? '');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  const card = results(page).first().getByRole('link');
  const href = await card.getAttribute('href');
  expect(href).toMatch(/^\/products\/[0-9a-f]+$/);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('the navigation bar search lists matching products', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Search products').fill('saree');
  await page.getByLabel('Search products').press('Enter');
  await expect(page).toHaveURL(/\/products\?search=saree$/);
  await expect(page.getByText(/^Showing \d+ of \d+ products for "saree"$/)).toBeVisible();
  expect(await results(page).count()).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Remove Search: saree' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test('the sort control, the Filters button and the pagination fit 320 px without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/products?sortBy=priceDesc');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('priceDesc');
    await expect(page.getByRole('button', { name: 'Filters' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Next' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });

  test('the Filters sheet opens as a dialog, filters, and closes with Escape back to its button', async ({ page }) => {
    await page.goto('/products?discount=10');
    const open = page.getByRole('button', { name: 'Filters 1 active' });
    await expect(open).toBeVisible();
    await expect(page.getByRole('button', { name: 'BROWSE CATEGORIES' })).toHaveCount(0);
    await open.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('link', { name: 'All Categories' }).focus();
    await sheet.getByRole('list').filter({ hasText: 'All Categories' }).getByRole('link').nth(1).click();
    await expect(page).toHaveURL(/category=/);
    await expect(page).toHaveURL(/discount=10/);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters 2 active' })).toBeFocused();
  });
});
