import { expect, test, type Page } from '@playwright/test';
import type { Product } from '../contract/catalogue';

// The page's own requests only: the service worker would fetch the precached fonts whatever the page shows.
test.use({ serviceWorkers: 'block' });

const TAKA_FONT = /\/assets\/noto-sans-bengali-taka-\d+-[\w-]+\.woff2$/;
const SHOP_FONT = /^\/fonts\/noto-sans-bengali-shop-\d+\.woff2$/;

/** The font files the page asks for from now on. */
function fontRequests(page: Page): string[] {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
  });
  return fonts;
}

/**
 * Waits until the page has the Bengali `@font-face` rules (on a rendered page they come with the whole stylesheet,
 * after the largest picture) and every font it then needs has loaded (or failed).
 */
async function fontsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => [...document.fonts].some((face) => face.family.replace(/["']/g, '') === 'Noto Sans Bengali'));
  await page.evaluate(async () => void (await document.fonts.ready));
}

async function productNamed(page: Page, name: string): Promise<Product> {
  const answer = await page.request.get('/api/products', { params: { search: name, limit: 10 } });
  const { data } = (await answer.json()) as { data: { data: Product[] } };
  const product = data.data.find((p) => p.productName === name);
  if (!product) throw new Error(`The demo catalogue has no product named ${name}`);
  return product;
}

/** The fonts Chromium drew an element's text with, by family name (DevTools' "Rendered fonts"). */
async function renderedFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts.map((font) => `${font.familyName}${font.isCustomFont ? ' (web font)' : ''}`);
}

test("a page with Bangla text downloads the shop's Bangla face, a few KB, and draws the Bangla with it", async ({ page }) => {
  const product = await productNamed(page, 'জামদানি শাড়ি');
  const fonts = fontRequests(page);
  const sizes: number[] = [];
  page.on('response', async (response) => {
    if (SHOP_FONT.test(new URL(response.url()).pathname)) sizes.push((await response.body()).length);
  });
  await page.goto(`/products/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.productName })).toBeVisible();
  await fontsSettled(page);

  expect(fonts.filter((path) => SHOP_FONT.test(path)).length).toBeGreaterThan(0);
  await expect.poll(() => sizes.length).toBeGreaterThan(0);
  // Cut for the demo catalogue's Bangla words: about 8 KB, where the whole Bengali block is about 40 KB.
  for (const size of sizes) expect(size).toBeLessThan(10 * 1024);
  // No system font has Bengali on the test machine: the heading's letters come from the webfont, not as empty boxes.
  expect(await renderedFonts(page, 'h1')).toContain('Noto Sans Bengali (web font)');
});

test('a page with prices but no Bangla downloads only the taka sign, under 1 KB', async ({ page }) => {
  const product = await productNamed(page, 'Tangail Cotton Saree');
  const fonts = fontRequests(page);
  const sizes: number[] = [];
  page.on('response', async (response) => {
    if (TAKA_FONT.test(new URL(response.url()).pathname)) sizes.push((await response.body()).length);
  });
  await page.goto(`/products?search=${encodeURIComponent(product.productName)}`);
  await expect(page.getByRole('link', { name: product.productName, exact: true }).first()).toBeVisible();
  await fontsSettled(page);

  expect(fonts.filter((path) => TAKA_FONT.test(path)).length).toBeGreaterThan(0);
  expect(fonts.filter((path) => SHOP_FONT.test(path))).toEqual([]);
  await expect.poll(() => sizes.length).toBeGreaterThan(0);
  for (const size of sizes) expect(size).toBeLessThan(1024);
});

test('a page with only Latin text downloads no Bengali font', async ({ page }) => {
  const fonts = fontRequests(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await fontsSettled(page);

  expect(fonts.filter((path) => TAKA_FONT.test(path) || SHOP_FONT.test(path))).toEqual([]);
});
