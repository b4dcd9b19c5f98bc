import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { Banner, Category, Product, ProductList } from '../contract/catalogue';
import { DEFERRED_STYLESHEET_ATTRIBUTE } from '../contract/page-document';
import { E2E_BASE_URL } from './support/env';
import { inStockProducts, signedInCustomer, stored, type ApiCustomer } from './support/app';
import { firstReadsOf, openHydrated } from './support/pages';

const HOSTILE_NAME = '</script><script>alert(1)</script>';
/** The demo catalogue's sellers (server/db/seed). */
const SELLER = { identifier: 'seller1@haat.local', password: 'seller123' };

type Envelope<T> = { data: T };
const read = async <T>(request: APIRequestContext, path: string): Promise<T> => {
  const answer = await request.get(path);
  expect(answer.ok(), path).toBe(true);
  return ((await answer.json()) as Envelope<T>).data;
};

/** The raw HTML of a page, as a crawler or a link preview gets it. */
async function html(request: APIRequestContext, path: string): Promise<string> {
  const answer = await request.get(path, { headers: { accept: 'text/html' } });
  expect(answer.status(), path).toBe(200);
  expect(answer.headers()['content-type']).toBe('text/html; charset=utf-8');
  return answer.text();
}

const bodyOf = (document: string) => document.slice(document.indexOf('<body'));
const headOf = (document: string) => document.slice(0, document.indexOf('</head>'));
const metaContent = (document: string, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(headOf(document))?.[1];
const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
/** What `formatTaka` writes: ৳ and whole taka with thousands separators. */
const taka = (amount: number) => `৳${Math.round(amount).toLocaleString('en-US')}`;

function structuredData(document: string): { '@graph': Record<string, unknown>[] } {
  const [, json] = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(document) ?? [];
  expect(json, 'the page carries structured data').toBeTruthy();
  return JSON.parse(json!) as { '@graph': Record<string, unknown>[] };
}

/** A product of the seller's, created through the API. */
async function createProduct(request: APIRequestContext, fields: { name: string; description: string; categoryId: string; image: string }): Promise<Product> {
  const signin = await request.post('/api/user/signin', { data: SELLER });
  expect(signin.ok()).toBe(true);
  const { accessToken } = ((await signin.json()) as Envelope<{ accessToken: string }>).data;
  const created = await request.post('/api/products', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: {
      name: fields.name,
      description: fields.description,
      originalPrice: 1250,
      remainingProducts: 4,
      category: fields.categoryId,
      productImages: [fields.image],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as Envelope<Product>).data;
}

test.describe('pages as the server sends them', () => {
  test('the home page already holds the first banner, the categories, products and prices', async ({ request }) => {
    const [banners, categories, offers] = await Promise.all([
      read<Banner[]>(request, '/api/banner'),
      read<Category[]>(request, '/api/categories'),
      read<ProductList>(request, '/api/products?popularProducts=offer&limit=0'),
    ]);
    const body = bodyOf(await html(request, '/'));
    const banner = banners[0]!.bannerImage;
    expect(body).toMatch(
      new RegExp(`<img src="${banner}\\?w=640" srcSet="${banner}\\?w=400 400w, [^"]*" sizes="\\(max-width: 1152px\\) 100vw, 1152px"[^>]*fetchPriority="high"`),
    );
    for (const category of categories.slice(0, 5)) expect(decode(body)).toContain(`>${category.categoryName}</span>`);
    for (const product of offers.data.slice(0, 5)) {
      expect(decode(body)).toContain(product.productName);
      expect(body).toContain(taka(product.productPrice));
    }
  });

  test("a category's listing already holds its name, its products and their prices", async ({ request }) => {
    const [category] = await read<Category[]>(request, '/api/categories');
    const list = await read<ProductList>(request, `/api/products?page=1&limit=10&category=${category!._id}`);
    const document = await html(request, `/products?category=${category!._id}`);
    expect(decode(document)).toContain(`<title>${category!.categoryName} | haat</title>`);
    expect(decode(bodyOf(document))).toMatch(new RegExp(`<h1[^>]*>${category!.categoryName}</h1>`));
    expect(list.data.length).toBeGreaterThan(0);
    for (const product of list.data) {
      expect(decode(bodyOf(document))).toContain(product.productName);
      expect(bodyOf(document)).toContain(taka(product.productPrice));
    }
  });

  test('a product page carries its share preview and its structured data', async ({ request }) => {
    const list = await read<ProductList>(request, '/api/products?limit=1');
    const product = await read<Product>(request, `/api/products/${list.data[0]!._id}`);
    const document = await html(request, `/products/${product._id}`);
    expect(decode(metaContent(document, 'og:title') ?? '')).toBe(product.productName);
    const image = decode(metaContent(document, 'og:image') ?? '');
    expect(image).toMatch(new RegExp(`^${E2E_BASE_URL}/media/[0-9a-f]{32}\\.\\w+\\?w=1200&h=630$`));
    expect(metaContent(document, 'description')).toContain(taka(product.productPrice));
    expect(document).toContain(`<link rel="canonical" href="${E2E_BASE_URL}/products/${product._id}"/>`);
    // The picture of the preview is the resizer's 1200×630 crop.
    const picture = await request.get(new URL(image).pathname + new URL(image).search);
    expect(picture.ok()).toBe(true);
    const [item, trail] = structuredData(document)['@graph'];
    expect(item).toMatchObject({
      '@type': 'Product',
      name: product.productName,
      offers: { '@type': 'Offer', price: product.productPrice.toFixed(2), priceCurrency: 'BDT' },
    });
    expect((item as { offers: { availability: string } }).offers.availability).toBe(
      product.remainingProducts > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    );
    if (product.reviewCount > 0) expect(item).toMatchObject({ aggregateRating: { '@type': 'AggregateRating', reviewCount: product.reviewCount } });
    expect(trail).toMatchObject({ '@type': 'BreadcrumbList' });
  });

  test('a product named like a script is inert everywhere: markup, head, structured data, page data and the browser', async ({ request, page }) => {
    const [category] = await read<Category[]>(request, '/api/categories');
    const [listed] = (await read<ProductList>(request, '/api/products?limit=1')).data;
    const product = await createProduct(request, {
      name: HOSTILE_NAME,
      description: `${HOSTILE_NAME} & "more"`,
      categoryId: category!._id,
      image: listed!.productImages[0]!,
    });

    const document = await html(request, `/products/${product._id}`);
    expect(document).not.toContain('<script>alert(1)');
    // Every script element is one of ours: the entry, the router's state (with the answer's nonce), the structured data.
    for (const [tag] of document.matchAll(/<script\b[^>]*>/g)) expect(tag).toMatch(/ src="\/assets\/|nonce="|type="application\/ld\+json"/);
    expect(bodyOf(document)).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(decode(metaContent(document, 'og:title') ?? '')).toBe(HOSTILE_NAME);
    expect(structuredData(document)['@graph'][0]).toMatchObject({ name: HOSTILE_NAME });

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openHydrated(page, `/products/${product._id}`);
    await expect(page.getByRole('heading', { level: 1, name: HOSTILE_NAME })).toBeVisible();
    await expect(page).toHaveTitle(`${HOSTILE_NAME} | haat`);
    expect(dialogs).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page, a listing and a product page show their content', async ({ page, request }) => {
    const [category] = await read<Category[]>(request, '/api/categories');
    const [product] = (await read<ProductList>(request, '/api/products?limit=1')).data;

    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Offers' }).getByRole('img')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Offer products' }).getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('link', { name: category!.categoryName })).toBeVisible();

    await page.goto(`/products?category=${category!._id}`);
    await expect(page.getByRole('heading', { level: 1, name: category!.categoryName })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('article').first()).toBeVisible();

    await page.goto(`/products/${product!._id}`);
    await expect(page.getByRole('heading', { level: 1, name: product!.productName })).toBeVisible();
    await expect(page.getByText(taka(product!.productPrice)).first()).toBeVisible();
    // Links work as plain links: the listing is a click away.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  });
});

test.describe('hydrating a page the server rendered', () => {
  /** A first visit, in a context of its own: once the service worker is in control, pages come from the shell. */
  async function visit(browser: Browser, path: string) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    const reads = firstReadsOf(page);
    // The server's markup is kept: a node marked before the app runs is still in the document after hydration.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const node = document.querySelector('main h1');
        if (node) (node as Element & { drawnByServer?: boolean }).drawnByServer = true;
      });
    });
    await openHydrated(page, path);
    await page.waitForLoadState('networkidle');
    const kept = await page.evaluate(() => (document.querySelector('main h1') as (Element & { drawnByServer?: boolean }) | null)?.drawnByServer === true);
    await context.close();
    return { problems, reads: reads(), kept };
  }

  test('home, listing and product page hydrate without warnings or errors, and never ask again for what they came with', async ({ browser, request }) => {
    const [category] = await read<Category[]>(request, '/api/categories');
    const [product] = (await read<ProductList>(request, '/api/products?limit=1')).data;
    for (const [path, firstReads] of [
      ['/', ['/api/categories', '/api/banner', '/api/products?popularProducts=offer&limit=5', '/api/logo']],
      [
        `/products?category=${category!._id}`,
        ['/api/categories', `/api/products?page=1&limit=10&category=${category!._id}`, `/api/subcategories?categoryId=${category!._id}`, '/api/logo'],
      ],
      [`/products/${product!._id}`, [`/api/products/${product!._id}`, '/api/logo']],
    ] as const) {
      const { problems, reads, kept } = await visit(browser, path);
      expect(problems, path).toEqual([]);
      expect(kept, `${path}: the server's markup is kept`).toBe(true);
      for (const read of firstReads) expect(reads, `${path} asked again for ${read}`).not.toContain(read);
    }
  });

  test("a tab chosen once the page has hydrated names the panel it shows: the server's ids and the app's agree", async ({ page }) => {
    await openHydrated(page, '/');
    const topRated = page.getByRole('tab', { name: 'Top Rated' });
    await topRated.scrollIntoViewIfNeeded();
    await topRated.click();
    await expect(topRated).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Top Rated' }).getByRole('article').first()).toBeVisible();
  });

  test('a tap on a part below the fold that has not hydrated yet (Recommended, whose code is slow to come) takes effect once it has', async ({ page }) => {
    let releaseCode = () => {};
    const codeHeld = new Promise<void>((resolve) => (releaseCode = resolve));
    await page.route('**/assets/recommended-products-*.js', async (route) => {
      await codeHeld;
      await route.continue();
    });
    await openHydrated(page, '/');
    const topRated = page.getByRole('tab', { name: 'Top Rated' });
    // Scrolled to and tapped in one go: the tap comes while the section's code is still on its way, held until then.
    await topRated.click();
    releaseCode();
    await expect(topRated).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Top Rated' }).getByRole('article').first()).toBeVisible();
  });

  /** Whether the copy of the query cache saved to IndexedDB holds a product list (the related products are one). */
  const savedProductList = (page: Page) =>
    page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const open = indexedDB.open('keyval-store');
          // Not created here before the app has: idb-keyval creates its store only with the database.
          open.onupgradeneeded = () => open.transaction?.abort();
          open.onerror = () => resolve(false);
          open.onsuccess = () => {
            if (!open.result.objectStoreNames.contains('keyval')) return resolve(false);
            const read = open.result.transaction('keyval', 'readonly').objectStore('keyval').get('haat-query-cache');
            read.onerror = () => resolve(false);
            read.onsuccess = () => resolve(typeof read.result === 'string' && read.result.includes('["products","list",'));
          };
        }),
    );

  test('a tap on a block still waiting to hydrate (the product tabs), made as the app starts on a slow phone, takes effect once the block has hydrated', async ({
    browser,
    request,
  }) => {
    const [product] = (await read<ProductList>(request, '/api/products?limit=1')).data;
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    // The tap lands in the first task after the router has taken the page's state and React has been handed the page:
    // the page's blocks hydrate in the tasks after it, the tabs among the last. React marks each element it has
    // hydrated with its fiber; the tab has none yet.
    await page.addInitScript(() => {
      let routerState = false;
      const tapWhenTheAppHasStarted = () => {
        routerState ||= '$_TSR' in window;
        if (!routerState || '$_TSR' in window) return void setTimeout(tapWhenTheAppHasStarted, 0);
        const reviews = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((tab) => tab.textContent?.startsWith('Reviews'));
        const hydrated = reviews !== undefined && Object.keys(reviews).some((key) => key.startsWith('__reactFiber$'));
        reviews?.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
        document.documentElement.dataset.tapped = hydrated ? 'after hydration' : 'before hydration';
      };
      tapWhenTheAppHasStarted();
    });
    await page.goto(`/products/${product!._id}`);
    await expect(page.getByRole('tab', { name: /^Reviews \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: /^Reviews/ })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-tapped', 'before hydration');
    await context.close();
  });

  test('a product page opened again, as Lighthouse does (a phone, service worker gone, saved cache kept), hydrates without errors', async ({
    browser,
    request,
  }) => {
    // Four openings on a processor slowed six times: well over the usual limit on a loaded machine.
    test.setTimeout(120_000);
    const [product] = (await read<ProductList>(request, '/api/products?limit=1')).data;
    // Lighthouse's phone (a Moto G Power).
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await openHydrated(page, `/products/${product!._id}`);
    // Asked for once the shopper nears them.
    await scrollToRelatedProducts(page);
    await expect.poll(() => savedProductList(page), { timeout: 15_000 }).toBe(true);
    // What Lighthouse clears before each run: the service worker and its caches, not IndexedDB or local storage.
    const devtools = await context.newCDPSession(page);
    await devtools.send('Storage.clearDataForOrigin', { origin: E2E_BASE_URL, storageTypes: 'file_systems,shader_cache,service_workers,cache_storage' });
    // A phone's slower processor: the parts of the page hydrate one by one while the saved cache comes back.
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 6 });

    const problems: string[] = [];
    page.on('console', (message) => {
      // On a processor slowed six times the largest picture's preload can be used later than Chrome's few seconds:
      // that is the throttled clock, not a hydration problem.
      if (message.type() === 'warning' && /was preloaded using link preload but not used within a few seconds/.test(message.text())) return;
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    // Whether the saved cache is back before the related products hydrate is a race: each reopening is a try.
    for (let reopening = 1; reopening <= 4; reopening += 1) {
      await openHydrated(page, `/products/${product!._id}`);
      await scrollToRelatedProducts(page);
      await expect(page.getByRole('region', { name: 'Related Products' }).getByRole('article').first()).toBeVisible();
    }
    await context.close();
    expect(problems).toEqual([]);
  });
});

/**
 * Brings the related products to the screen. Their heading is drawn again as the section hydrates and its products
 * come in: a scroll that met the heading as it was replaced is tried again.
 */
async function scrollToRelatedProducts(page: Page) {
  await expect(async () => {
    await page.getByRole('heading', { name: 'Related Products' }).scrollIntoViewIfNeeded({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Opens a product page with its first picture (the page's largest, marked fetchpriority="high") held back; answers
 * the scripts the page has asked for so far, and how to let the picture through.
 */
async function openWithPictureHeld(page: Page, request: APIRequestContext) {
  const [product] = (await read<ProductList>(request, '/api/products?limit=1')).data;
  let releasePicture = () => {};
  const pictureHeld = new Promise<void>((resolve) => (releasePicture = resolve));
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(new URL(sent.url()).pathname);
  });
  const picture = product!.productImages[0]!.split('?')[0]!;
  let pictureAsked = () => {};
  const pictureRequested = new Promise<void>((resolve) => (pictureAsked = resolve));
  await page.route(
    (url) => url.pathname === picture,
    async (route) => {
      pictureAsked();
      await pictureHeld;
      await route.continue();
    },
  );
  await page.goto(`/products/${product!._id}`, { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { level: 1, name: product!.productName })).toBeVisible();
  await pictureRequested;
  // The page's own script has run by now (the document is parsed): scripts it started would be in the head.
  const appScripts = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src^="/assets/"], link[rel="modulepreload"]')].map((element) =>
        element instanceof HTMLScriptElement ? element.src : element.href,
      ),
    );
  const entryStarted = () => scripts.some((path) => /^\/assets\/index-.*\.js$/.test(path));
  return { appScripts, entryStarted, releasePicture };
}

test("the app's scripts start only once the page's largest picture is in, so they never share the link with it", async ({ page, request }) => {
  const { appScripts, entryStarted, releasePicture } = await openWithPictureHeld(page, request);
  expect(await appScripts()).toEqual([]);
  releasePicture();
  await expect.poll(entryStarted).toBe(true);
  await page.waitForFunction(() => !('$_TSR' in window));
});

test("a touch before the page's largest picture is in starts the app's scripts at once", async ({ page, request }) => {
  const { appScripts, entryStarted, releasePicture } = await openWithPictureHeld(page, request);
  expect(await appScripts()).toEqual([]);
  await page.mouse.click(5, 5);
  await expect.poll(entryStarted).toBe(true);
  await page.waitForFunction(() => !('$_TSR' in window));
  releasePicture();
});

/** What a stylesheet that restyled the page would change, and start a transition on: colours and effects. */
const TRANSITIONED_PROPERTIES = [
  'color',
  'background-color',
  'border-top-color',
  'border-bottom-color',
  'outline-color',
  'fill',
  'stroke',
  'box-shadow',
  'filter',
];

test('switching on the whole stylesheet changes no colour or effect the page was drawn with: nothing is restyled or set in transition', async ({
  browser,
  request,
}) => {
  const [product] = (await read<ProductList>(request, '/api/products?limit=1')).data;
  for (const path of ['/', '/products', `/products/${product!._id}`]) {
    // The app held back, so the stylesheet stays as the page's loader added it (for print) until the test switches it on.
    const context = await browser.newContext();
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const page = await context.newPage();
    await page.goto(path);
    const stylesheet = page.locator(`link[${DEFERRED_STYLESHEET_ATTRIBUTE}]`);
    await page.waitForFunction((selector) => document.querySelector<HTMLLinkElement>(selector)?.sheet != null, `link[${DEFERRED_STYLESHEET_ATTRIBUTE}]`);
    const drawn = () =>
      page.evaluate(
        (properties) =>
          [...document.querySelectorAll('#root *')].map((element) => {
            const style = getComputedStyle(element);
            // An element in an animation of its own (a loading placeholder's pulse) changes by itself.
            return element.getAnimations().length > 0 ? null : properties.map((property) => `${property}: ${style.getPropertyValue(property)}`).join('; ');
          }),
        TRANSITIONED_PROPERTIES,
      );
    const before = await drawn();
    // Style is computed again as it is read: the stylesheet applies from here on.
    await stylesheet.evaluate((link: HTMLLinkElement) => (link.media = 'all'));
    const after = await drawn();
    expect(after.length, path).toBe(before.length);
    const changed = before.flatMap((style, index) => (style !== null && after[index] !== null && style !== after[index] ? [`${style} → ${after[index]}`] : []));
    expect(changed, path).toEqual([]);
    expect(await page.evaluate(() => document.getAnimations().filter((animation) => animation instanceof CSSTransition).length), path).toBe(0);
    await context.close();
  }
});

test("the whole stylesheet's web fonts are declared a frame after its rules, so its restyle and the fonts' new layout are tasks apart", async ({ page }) => {
  // The font rules the stylesheet holds the moment the app switches it on (a mutation observer's callback runs in the
  // same task as the change).
  await page.addInitScript((attribute) => {
    const counts: number[] = [];
    Object.assign(window, { $fontRulesWhenSwitchedOn: counts });
    new MutationObserver(() => {
      const link = document.querySelector<HTMLLinkElement>(`link[${attribute}]`);
      if (link?.media === 'all' && link.sheet) counts.push([...link.sheet.cssRules].filter((rule) => rule instanceof CSSFontFaceRule).length);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['media'] });
  }, DEFERRED_STYLESHEET_ATTRIBUTE);
  await page.goto('/');
  const stylesheet = page.locator(`link[${DEFERRED_STYLESHEET_ATTRIBUTE}]`);
  const href = await stylesheet.getAttribute('href');
  const declared = ((await (await page.request.get(href!)).text()).match(/@font-face\s*\{/g) ?? []).length;
  expect(declared).toBeGreaterThan(0);
  await expect.poll(() => page.evaluate(() => (window as unknown as { $fontRulesWhenSwitchedOn: number[] }).$fontRulesWhenSwitchedOn)).toEqual([0]);
  await expect
    .poll(() => stylesheet.evaluate((link: HTMLLinkElement) => [...link.sheet!.cssRules].filter((rule) => rule instanceof CSSFontFaceRule).length))
    .toBe(declared);
});

test("a tap on a button before the app's scripts have arrived (the phone's Filters button) takes effect once they have", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/products', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toHaveCount(0);
  releaseScripts();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
});

/**
 * Opens a product page one tap can buy from, as a phone on a slow link: the app's scripts held until released, the
 * Add to Cart's own file (cart-tap) let through; `session` is saved first when given.
 */
async function openWithAppHeld(page: Page, request: APIRequestContext, session: ApiCustomer | null) {
  const [product] = await inStockProducts(request, 1);
  await page.setViewportSize({ width: 360, height: 640 });
  let releaseApp = () => {};
  const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
  const cartTapFiles: string[] = [];
  await page.route('**/assets/*.js', async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (/^\/assets\/cart-tap-[\w-]+\.js$/.test(path)) cartTapFiles.push(path);
    else await appHeld;
    await route.continue();
  });
  if (session) {
    await page.goto('/unauthorized', { waitUntil: 'domcontentloaded' });
    await page.evaluate(({ user, token }) => localStorage.setItem('auth', JSON.stringify({ user, token })), session);
  }
  await page.goto(`/products/${product!._id}`, { waitUntil: 'domcontentloaded' });
  const cart = async () => JSON.parse((await stored(page, 'cart')) ?? '[]') as { productId: string; quantity: number; OwnerId: string }[];
  return { product: product!, releaseApp, cart, cartTapFiles };
}

test("a signed-in shopper's Add to Cart, tapped before the app's scripts have arrived, adds the product at once and once only", async ({ page, request }) => {
  const customer = await signedInCustomer(request, 'Early Tapper');
  const { product, releaseApp, cart, cartTapFiles } = await openWithAppHeld(page, request, customer);
  const addToCart = page.getByRole('button', { name: 'Add to Cart' }).filter({ visible: true });
  await addToCart.click();
  await expect(page.getByRole('status').filter({ hasText: 'Added to cart!' })).toBeVisible();
  await expect.poll(cart).toEqual([expect.objectContaining({ productId: product._id, quantity: 1, OwnerId: product.OwnerId?._id ?? customer.id })]);
  expect(cartTapFiles.length, "the cart's own file came, none of the app").toBeGreaterThan(0);
  expect(await page.evaluate(() => '$_TSR' in window), 'the app has not hydrated').toBe(true);
  releaseApp();
  await page.waitForFunction(() => !('$_TSR' in window));
  // The app does not tap it again: the tap was the page's, and the cart holds one.
  await expect(page.getByRole('link', { name: 'Cart, 1 item' }).first()).toBeAttached();
  expect(await cart()).toEqual([expect.objectContaining({ productId: product._id, quantity: 1 })]);
  // From now on the app adds, to the same line.
  await addToCart.click();
  await expect.poll(cart).toEqual([expect.objectContaining({ productId: product._id, quantity: 2 })]);
});

test("a signed-out shopper's Add to Cart, tapped before the app's scripts have arrived, waits for the app, which asks them to sign in", async ({
  page,
  request,
}) => {
  const { releaseApp, cart } = await openWithAppHeld(page, request, null);
  await page.getByRole('button', { name: 'Add to Cart' }).filter({ visible: true }).click();
  releaseApp();
  await expect(page).toHaveURL(/\/login\?redirect=/);
  expect(await cart()).toEqual([]);
});

test('a product page asks for its related products only when the shopper nears them', async ({ page, request }) => {
  const [product] = (await read<ProductList>(request, '/api/products?limit=1')).data;
  // A short screen: the related products are well over a screen and the margin they load within away.
  await page.setViewportSize({ width: 412, height: 500 });
  await openHydrated(page, `/products/${product!._id}`);
  expect(await page.evaluate(() => document.getElementById('related-products')!.getBoundingClientRect().top - innerHeight)).toBeGreaterThan(300);
  const nearedAt = await page.evaluate(() => performance.now());
  await scrollToRelatedProducts(page);
  await expect(page.getByRole('region', { name: 'Related Products' }).getByRole('article').first()).toBeVisible();
  // When the page asked for them, by its own clock: once, and only after the shopper scrolled towards them.
  const askedAt = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => {
        const url = new URL(entry.name);
        return url.pathname === '/api/products' && url.searchParams.has('category');
      })
      .map((entry) => entry.startTime),
  );
  expect(askedAt).toHaveLength(1);
  expect(askedAt[0]).toBeGreaterThan(nearedAt);
});
