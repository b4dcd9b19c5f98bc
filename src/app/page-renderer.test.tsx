// @vitest-environment node
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Banner, Category, Product, SubCategory } from '@contract/catalogue';
import type { PageRedirect, PageRequest, RenderedPage, ShellPage } from '@contract/page-document';
import { createPageRenderer, splitHoisted } from './page-renderer';

const HOSTILE = '</script><script>alert(1)</script>';
const IMAGE = (n: number) => `/media/${String(n).padStart(32, '0')}.jpg`;

const category: Category = { _id: 'c1', categoryName: 'Fruits', categoryNameBn: null, categoryImage: IMAGE(1) } as Category;
const banner: Banner = {
  _id: 'b1',
  bannerImage: IMAGE(2),
  bannerOffer: 20,
  bannerCategory: { _id: 'c1', categoryName: 'Fruits', categoryNameBn: null },
  position: 1,
};

function product(fields: Partial<Product> = {}): Product {
  return {
    _id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    productName: 'Himsagar Mango',
    productDescription: 'Sweet mangoes from Rajshahi.',
    productNameBn: null,
    productDescriptionBn: null,
    productDetailsBn: [],
    quantityBn: null,
    productImages: [IMAGE(3)],
    productPrice: 1250,
    productOriginalPrice: 1500,
    productDiscount: 17,
    productRating: 4.5,
    reviewCount: 2,
    reviews: [],
    sales: 10,
    remainingProducts: 7,
    quantity: '1 kg',
    productColors: [],
    productSizes: [],
    productDetails: [],
    searchTags: [],
    faqs: [],
    video: null,
    productCategory: { _id: 'c1', categoryName: 'Fruits', categoryNameBn: null },
    productSubCategory: null,
    productSubSubCategory: null,
    OwnerId: { _id: 's1', name: 'Rahim Traders' },
    createdAt: '2026-01-01T00:00:00.000Z',
    variants: [],
    status: 'published',
    ...fields,
  };
}

const list = (items: Product[]) => ({ count: items.length, total: items.length, page: 1, pages: 1, data: items });
const ok = (data: unknown) => ({ status: 200, body: { success: true, message: 'ok', data } });

type Answers = Record<string, { status: number; body: unknown }>;

/** The shop's API as the renderer sees it: answers by path and query; anything else is a 404. */
function shopApi(answers: Answers) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const answer = answers[String(input)] ?? { status: 404, body: { success: false, message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
}

function catalogue(items: Product[], extra: Answers = {}): Answers {
  return {
    '/api/logo': ok(null),
    '/api/categories': ok([category]),
    '/api/banner': ok([banner]),
    '/api/products?popularProducts=offer&limit=5': ok(list(items)),
    '/api/products?page=1&limit=10': ok(list(items)),
    '/api/products?page=1&limit=10&category=c1': ok(list(items)),
    '/api/subcategories?categoryId=c1': ok([{ _id: 's1', subCategoryName: 'Mangoes', subCategoryImage: null, category: 'c1' } as unknown as SubCategory]),
    ...Object.fromEntries(items.map((item) => [`/api/products/${item._id}`, ok({ ...item, reviews: [] })])),
    ...extra,
  };
}

const request = (url: string, fields: Partial<PageRequest> = {}): PageRequest => ({
  url,
  origin: 'https://shop.example',
  lightImages: false,
  locale: 'en',
  nonce: 'test-nonce',
  signal: new AbortController().signal,
  ...fields,
});

async function render(answers: Answers, url: string, fields: Partial<PageRequest> = {}) {
  const api = shopApi(answers);
  // A redirect is looked at as one where a test expects it; everywhere else the answer is a page (or the shell).
  const page = (await createPageRenderer({ api })(request(url, fields))) as RenderedPage | null;
  return { page, api };
}

const meta = (page: RenderedPage, property: string) => new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`).exec(page.head)?.[1];

function jsonLd(page: RenderedPage): { '@graph': Record<string, unknown>[] } {
  const [, json] = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body) ?? [];
  return JSON.parse(json!) as { '@graph': Record<string, unknown>[] };
}

describe('rendering pages on the server', () => {
  // The first render loads every route's code (transformed on demand here): once, before the timed tests.
  beforeAll(async () => {
    for (const url of ['/', '/products', '/products/aaaaaaaaaaaaaaaaaaaaaaaa', '/no-such-page']) await render(catalogue([product()]), url);
  }, 60_000);

  it('draws the home page with its categories, first banner and offers, and its head', async () => {
    const { page, api } = await render(catalogue([product()]), '/');
    expect(page?.status).toBe(200);
    expect(page?.body).toContain('Fruits');
    expect(page?.body).toContain('Himsagar Mango');
    expect(page?.body).toContain('৳1,250');
    // The first banner is in the markup itself, at high priority, with its candidates and sizes.
    expect(page?.body).toMatch(
      new RegExp(
        `<img src="${IMAGE(2)}\\?w=640" srcSet="[^"]*${IMAGE(2)}\\?w=1200 1200w" sizes="\\(max-width: 1152px\\) 100vw, 1152px"[^>]*fetchPriority="high"`,
      ),
    );
    expect(page?.head).toContain('<title>haat — online shop</title>');
    expect(page?.head).toContain('<link rel="canonical" href="https://shop.example/"/>');
    expect(meta(page!, 'og:url')).toBe('https://shop.example/');
    const [organization, site] = jsonLd(page!)['@graph'];
    expect(organization).toMatchObject({ '@type': 'Organization', url: 'https://shop.example/' });
    expect(site).toMatchObject({
      '@type': 'WebSite',
      potentialAction: { '@type': 'SearchAction', target: { urlTemplate: 'https://shop.example/products?search={search_term_string}' } },
    });
    // The route's reads, each asked for once; the browser gets them in the page.
    expect(api.mock.calls.map(([url]) => String(url)).sort()).toEqual([
      '/api/banner',
      '/api/categories',
      '/api/logo',
      '/api/products?popularProducts=offer&limit=5',
    ]);
    expect(page?.routeIds).toEqual(['__root__', '/_main', '/_main/']);
  });

  it('draws a category listing with its name, products and prices', async () => {
    const { page } = await render(catalogue([product()]), '/products?category=c1');
    expect(page?.body).toMatch(/<h1[^>]*>Fruits<\/h1>/);
    expect(page?.body).toContain('Himsagar Mango');
    expect(page?.body).toContain('৳1,250');
    expect(page?.body).toContain('Mangoes');
    expect(page?.head).toContain('<title>Fruits | haat</title>');
    expect(page?.head).toContain('<link rel="canonical" href="https://shop.example/products?category=c1"/>');
  });

  it('gives a product page its share preview: title, description with the price in taka, the 1200×630 picture, structured data', async () => {
    const { page } = await render(catalogue([product()]), '/products/aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(page?.body).toMatch(/<h1[^>]*>Himsagar Mango<\/h1>/);
    expect(meta(page!, 'og:title')).toBe('Himsagar Mango');
    expect(meta(page!, 'og:type')).toBe('product');
    expect(meta(page!, 'og:image')).toBe(`https://shop.example${IMAGE(3)}?w=1200&amp;h=630`);
    expect(meta(page!, 'og:image:width')).toBe('1200');
    expect(meta(page!, 'twitter:card')).toBe('summary_large_image');
    expect(meta(page!, 'description')).toContain('৳1,250 / 1 kg');
    expect(meta(page!, 'og:description')).toContain('৳1,250');
    const [item, trail] = jsonLd(page!)['@graph'];
    expect(item).toMatchObject({
      '@type': 'Product',
      name: 'Himsagar Mango',
      offers: { '@type': 'Offer', price: '1250.00', priceCurrency: 'BDT', availability: 'https://schema.org/InStock' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2 },
    });
    expect(trail).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((trail as { itemListElement: { name: string }[] }).itemListElement.map((step) => step.name)).toEqual(['Home', 'Products', 'Himsagar Mango']);
  });

  it('says a product without stock is out of stock, and leaves out the rating of a product nobody reviewed', async () => {
    const { page } = await render(catalogue([product({ remainingProducts: 0, reviewCount: 0, productRating: 0 })]), '/products/aaaaaaaaaaaaaaaaaaaaaaaa');
    const [item] = jsonLd(page!)['@graph'];
    expect(item).toMatchObject({ offers: { availability: 'https://schema.org/OutOfStock' } });
    expect(item).not.toHaveProperty('aggregateRating');
  });

  it('keeps a product named like a script inert everywhere: the markup, the head, the structured data and the page data', async () => {
    const hostile = product({ productName: HOSTILE, productDescription: `${HOSTILE} & "quoted"` });
    for (const url of ['/', '/products/aaaaaaaaaaaaaaaaaaaaaaaa']) {
      const { page } = await render(catalogue([hostile]), url);
      const html = page!.head + page!.body;
      expect(html, url).not.toContain('<script>alert(1)');
      expect(html, url).not.toMatch(/<\/script><script>alert/);
      // Every script element is one we wrote: the router's state (with the nonce) and the structured data.
      for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) expect(tag, url).toMatch(/nonce="test-nonce"|type="application\/ld\+json"/);
      expect(page!.body, url).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    }
    const { page } = await render(catalogue([hostile]), '/products/aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(meta(page!, 'og:title')).toBe('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const [item] = jsonLd(page!)['@graph'];
    expect(item).toMatchObject({ name: HOSTILE });
  });

  it('answers an unknown address with the 404 page, and a product that does not exist with "Product not found"', async () => {
    const missing = await render(catalogue([]), '/no-such-page');
    expect(missing.page?.status).toBe(404);
    expect(missing.page?.body).toContain('Oops! Page Not Found');
    expect(missing.page?.head).toContain('<title>Page Not Found | haat</title>');

    const gone = await render(catalogue([]), '/products/bbbbbbbbbbbbbbbbbbbbbbbb');
    expect(gone.page?.status).toBe(404);
    expect(gone.page?.body).toContain('Product not found');
    expect(gone.page?.head).toContain('<title>Product not found | haat</title>');
  });

  it('does not ask the API about a product address that cannot be an id', async () => {
    for (const id of ['%3Cscript%3E', 'x'.repeat(65), 'a%00b']) {
      const { page, api } = await render(catalogue([]), `/products/${id}`);
      expect(page?.status, id).toBe(404);
      expect(
        api.mock.calls.some(([url]) => String(url).startsWith('/api/products/')),
        id,
      ).toBe(false);
    }
  });

  it('reads a hostile listing address as a plain listing: malformed values dropped, nothing of it written raw', async () => {
    const hostile = `/products?sortBy=%3Cscript%3E&page=-1&minPrice=abc&discount=500&x=%3Cscript%3Ealert(1)%3C%2Fscript%3E`;
    const { page: answer } = await render(catalogue([product()]), hostile);
    // The router writes the address its own way, the malformed values out: the browser is sent there first.
    expect(answer).toMatchObject({ status: 307 });
    const { location } = answer as unknown as PageRedirect;
    expect(location.startsWith('/products')).toBe(true);
    expect(location).not.toMatch(/sortBy|page=|minPrice|discount/);
    const { page, api } = await render(catalogue([product()]), location);
    expect(page).toMatchObject({ status: 200 });
    expect(api.mock.calls.map(([url]) => String(url))).toContain('/api/products?page=1&limit=10');
    const { head, body } = page as RenderedPage;
    expect(head + body).not.toContain('<script>alert');
    expect(head).toContain('<link rel="canonical" href="https://shop.example/products"/>');
  });

  it('leaves private pages to the shell (the browser renders them with its session)', async () => {
    // The back office is no route of the table: its paths are left to the shell, not answered with the 404 page.
    const backOffice = ['/admin', '/admin/categories', '/admin/orders/o1?status=pending', '/seller', '/seller/products/new'];
    for (const url of [
      '/cart',
      '/checkout',
      '/wishlist',
      '/user',
      '/user/my-orders',
      '/login',
      '/register',
      '/forgot-password',
      '/payment/success/T1',
      ...backOffice,
    ]) {
      const { page, api } = await render(catalogue([]), url);
      expect(page, url).toBeNull();
      expect(api, url).not.toHaveBeenCalled();
    }
  });

  it('answers a path that only begins like a back-office area with the 404 page', async () => {
    const { page } = await render(catalogue([]), '/administrator');
    expect(page?.status).toBe(404);
    expect(page?.body).toContain('Oops! Page Not Found');
  });

  it('rejects a page whose first reads fail, or whose render throws, so the server sends the shell', async () => {
    await expect(render(catalogue([product()], { '/api/categories': { status: 500, body: { success: false, message: 'down' } } }), '/')).rejects.toThrow();
    // A product without its list of images cannot be drawn: the card throws.
    const broken = { ...product(), productImages: undefined } as unknown as Product;
    await expect(render(catalogue([broken]), '/')).rejects.toThrow();
  });

  it('draws smaller banner images for a browser that asked to save data', async () => {
    const { page } = await render(catalogue([product()]), '/', { lightImages: true });
    expect(page?.body).toContain(`${IMAGE(2)}?w=640 640w"`);
    expect(page?.body).not.toContain(`${IMAGE(2)}?w=800 800w`);
  });
});

/** The tags of a head: each `<title>`, `<meta>`, `<link>` and structured-data block. */
const tagsOf = (html: string) => html.match(/<title>[^<]*<\/title>|<(?:meta|link) [^>]*>|<script type="application\/ld\+json">[\s\S]*?<\/script>/g) ?? [];

/**
 * Renders `url`, giving the render up as soon as the renderer has told the shell built from the page's first reads
 * (its second report), as the server does when the time limit passes during React's render.
 */
async function givenUpAfterReads(answers: Answers, url: string, fields: Partial<PageRequest> = {}) {
  const controller = new AbortController();
  const shells: ShellPage[] = [];
  const rendering = createPageRenderer({ api: shopApi(answers) })(
    request(url, {
      ...fields,
      signal: controller.signal,
      onShell: (shell) => {
        shells.push(shell);
        if (shells.length === 2) controller.abort(new Error('the render took too long'));
      },
    }),
  );
  await expect(rendering).rejects.toThrow('the render took too long');
  return shells;
}

describe('a render given up', () => {
  it("tells the shell the page's own head, built from its first reads by the rules the rendered page uses", async () => {
    const mango = product({ productName: 'Himsagar "Best" Mango & Co' });
    for (const url of ['/', '/products?category=c1', `/products/${mango._id}`, '/unauthorized', '/no-such-page']) {
      const { page } = await render(catalogue([mango]), url);
      const shells = await givenUpAfterReads(catalogue([mango]), url);
      const shell = shells.at(-1)!;
      // Every tag the rendered page has, and no other: title, description, canonical link, share tags, structured data.
      expect(tagsOf(shell.head).sort(), url).toEqual(
        tagsOf(`${page!.head}${page!.body}`)
          .filter((tag) => !/rel="preload"|rel="icon"/.test(tag))
          .sort(),
      );
      expect(shell.needsJavaScript).toBe('haat needs JavaScript to run.');
    }
    const [, shell] = await givenUpAfterReads(catalogue([mango]), `/products/${mango._id}`, { locale: 'bn' });
    expect(shell!.head).toContain('<title>Himsagar &quot;Best&quot; Mango &amp; Co | হাট</title>');
    expect(shell!.head).toContain(`<link rel="canonical" href="https://shop.example/products/${mango._id}"/>`);
    expect(shell!.head).toContain('<meta property="og:image" content="https://shop.example/media/');
    expect(shell!.head).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(shell!.head).toMatch(/<script type="application\/ld\+json">\{[^<]*"@type":"Product"/);
    expect(shell!.needsJavaScript).toBe('হাট চালাতে জাভাস্ক্রিপ্ট চালু থাকতে হবে।');
  }, 30_000);

  it('stops where it is: its reads are cancelled, their calls aborted, and nothing after them runs', async () => {
    const answers = catalogue([product()]);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const calls: { url: string; signal: AbortSignal | undefined }[] = [];
    const api = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), signal: init?.signal ?? undefined });
      await held;
      return new Response(JSON.stringify(answers[String(input)]!.body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const controller = new AbortController();
    const shells: ShellPage[] = [];
    const rendering = createPageRenderer({ api })(
      request('/products/aaaaaaaaaaaaaaaaaaaaaaaa', { signal: controller.signal, onShell: (shell) => shells.push(shell) }),
    );
    await vi.waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/products/aaaaaaaaaaaaaaaaaaaaaaaa'));
    // The shell the address alone gives is told at once.
    await vi.waitFor(() => expect(shells).toHaveLength(1));
    controller.abort(new Error('the render took too long'));
    // The render ends while its reads are still unanswered: it waits for nothing it started.
    await expect(rendering).rejects.toThrow();
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => call.signal?.aborted)).toBe(true);
    // Answered late, the reads lead nowhere: no head from them, no further read.
    const callsWhenAborted = calls.length;
    release();
    await held;
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(shells).toHaveLength(1);
    expect(shells[0]!.head).toContain('<title>haat — online shop</title>');
    expect(calls).toHaveLength(callsWhenAborted);
  });
});

describe('splitHoisted', () => {
  it("takes the tags React writes ahead of the markup for the head, and leaves the markup's own scripts", () => {
    const html =
      '<link rel="preload" as="image" href="/a.png"/><title>A &lt;b&gt;</title><meta name="description" content="x"/><a href="#main">Skip</a><script type="application/ld+json">{}</script>';
    expect(splitHoisted(html)).toEqual({
      head: '<link rel="preload" as="image" href="/a.png"/><title>A &lt;b&gt;</title><meta name="description" content="x"/>',
      body: '<a href="#main">Skip</a><script type="application/ld+json">{}</script>',
    });
  });
});
