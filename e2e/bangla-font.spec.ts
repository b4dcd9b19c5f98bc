import { expect, test, type Page } from '@playwright/test';
import type { Product } from '../contract/catalogue';

// The page's own fonts only: the service worker would fetch the precached fonts whatever the page shows.
test.use({ serviceWorkers: 'block' });

/**
 * What the page asks for, whatever fonts the machine has: its Bengali `@font-face` rules (the shop's cut for Bangla
 * words, the taka sign's for prices), each with its unicode-range and file, and whether the browser has needed each
 * face. `local()` may find an installed Noto Sans Bengali and spare the download; the face is needed all the same.
 */
type Face = { weight: string; unicodeRange: string; file: string | null; status: FontFaceLoadStatus };
const isShopFace = (face: Face) => /\/fonts\/noto-sans-bengali-shop-\d+\.woff2$/.test(face.file ?? '');
const isTakaFace = (face: Face) => /\/assets\/noto-sans-bengali-taka-\d+-[\w-]+\.woff2$/.test(face.file ?? '');

/** The page's `Noto Sans Bengali` faces, in the stylesheets' order, with the file each names after its local() ones. */
function bengaliFaces(page: Page): Promise<Face[]> {
  return page.evaluate(() => {
    const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]).filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule);
    const bengali = rules.filter((rule) => rule.style.getPropertyValue('font-family').replace(/["']/g, '') === 'Noto Sans Bengali');
    const faces = [...document.fonts].filter((face) => face.family.replace(/["']/g, '') === 'Noto Sans Bengali');
    const same = (a: string, b: string) => a.replace(/\s/g, '').toUpperCase() === b.replace(/\s/g, '').toUpperCase();
    const found = new Map<string, Face>();
    for (const rule of bengali) {
      const unicodeRange = rule.style.getPropertyValue('unicode-range');
      const weight = rule.style.getPropertyValue('font-weight');
      const url = /url\("?([^")]+)"?\)/.exec(rule.style.getPropertyValue('src'))?.[1];
      const file = url ? new URL(url, document.baseURI).pathname : null;
      // A rendered page's inline rules and its stylesheet may both declare a face: it is needed if either was.
      const statuses = faces.filter((face) => same(face.unicodeRange, unicodeRange) && face.weight === weight).map((face) => face.status);
      const status = (['loaded', 'loading', 'error'] as const).find((s) => statuses.includes(s)) ?? 'unloaded';
      found.set(`${file}|${weight}`, { weight, unicodeRange, file, status });
    }
    return [...found.values()];
  });
}

/** Waits until the page has its Bengali `@font-face` rules (on a rendered page they come with the whole stylesheet, after the largest picture) and every face it then needs has loaded. */
async function fontsSettled(page: Page): Promise<void> {
  await expect.poll(async () => (await bengaliFaces(page)).length).toBeGreaterThanOrEqual(4);
  await page.evaluate(async () => void (await document.fonts.ready));
}

/** The size of a font file the page names, as the server sends it to a browser that has no Bengali font. */
async function fileSize(page: Page, path: string): Promise<number> {
  const answer = await page.request.get(path);
  expect(answer.ok(), path).toBe(true);
  return (await answer.body()).length;
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

test("a page with Bangla text needs the shop's Bangla face, a file of a few KB, and draws the Bangla in Noto Sans Bengali", async ({ page }) => {
  const product = await productNamed(page, 'জামদানি শাড়ি');
  await page.goto(`/products/${product._id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.productName })).toBeVisible();
  await fontsSettled(page);

  // The heading is bold: the 700 face of the shop's cut is the one its letters need.
  await expect
    .poll(async () => (await bengaliFaces(page)).filter((face) => isShopFace(face) && face.weight === '700').map((face) => face.status))
    .toEqual(['loaded']);
  const faces = await bengaliFaces(page);
  // Cut for the demo catalogue's Bangla words: about 8 KB, where the whole Bengali block is about 40 KB.
  for (const face of faces.filter(isShopFace)) expect(await fileSize(page, face.file!)).toBeLessThan(10 * 1024);
  // The heading's letters come from Noto Sans Bengali (the webfont, or the same font installed), not as empty boxes.
  expect((await renderedFonts(page, 'h1')).some((font) => font.startsWith('Noto Sans Bengali'))).toBe(true);
});

test('a page with prices but no Bangla needs only the taka sign, a file under 1 KB', async ({ page }) => {
  const product = await productNamed(page, 'Tangail Cotton Saree');
  await page.goto(`/products?search=${encodeURIComponent(product.productName)}`);
  await expect(page.getByRole('link', { name: product.productName, exact: true }).first()).toBeVisible();
  await fontsSettled(page);

  await expect.poll(async () => (await bengaliFaces(page)).some((face) => isTakaFace(face) && face.status === 'loaded')).toBe(true);
  const faces = await bengaliFaces(page);
  expect(faces.filter(isShopFace).map((face) => face.status)).toEqual(['unloaded', 'unloaded']);
  for (const face of faces.filter(isTakaFace)) expect(await fileSize(page, face.file!)).toBeLessThan(1024);
});

test('a page with only Latin text needs no Bengali face', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await fontsSettled(page);

  const faces = await bengaliFaces(page);
  expect(faces.filter((face) => isShopFace(face) || isTakaFace(face))).toHaveLength(4);
  expect(faces.map((face) => face.status)).toEqual(faces.map(() => 'unloaded'));
});
