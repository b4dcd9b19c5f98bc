import { describe, expect, it } from 'vitest';
import { bannerImageHint, hintTags, landingHints, wantsLightImages, type BuildManifest, type LandingContext } from './landing-hints';

/** A build manifest shaped like Vite's: the entry, the layout and two pages with shared and own imports. */
const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_react-R.js'] },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_card-C.js': { file: 'assets/card-C.js', imports: ['_react-R.js'] },
  'src/routes/_main.tsx?tsr-split=component': { file: 'assets/_main-L.js', imports: ['_react-R.js'] },
  'src/routes/_main/index.tsx?tsr-split=component': { file: 'assets/_main-H.js', imports: ['_card-C.js', '_react-R.js'] },
  'src/routes/_main/products.$id.tsx?tsr-split=component': { file: 'assets/products._id-P.js', imports: ['_card-C.js'] },
  'src/routes/_main/products.index.tsx?tsr-split=component': { file: 'assets/products.index-I.js' },
};

const BANNER = '/media/0123456789abcdef0123456789abcdef.jpg';
const shop = (firstBannerImage: string | null = BANNER, lightImages = false): LandingContext => ({ firstBannerImage: async () => firstBannerImage, lightImages });

describe('landingHints', () => {
  it('hints the home page: its route chunks beyond the entry, the reads it starts with and the first banner', async () => {
    const hints = await landingHints('/', manifest, shop());
    expect(hints.modules).toEqual(['/assets/_main-L.js', '/assets/_main-H.js', '/assets/card-C.js']);
    expect(hints.data).toEqual([
      '/api/categories',
      '/api/banner',
      '/api/products?popularProducts=offer&limit=0',
      '/api/products?sortBy=newest&limit=12',
      '/api/logo',
    ]);
    expect(hints.image?.href).toBe(`${BANNER}?w=640`);
  });

  it('hints a product page with its own chunk and read', async () => {
    const hints = await landingHints('/products/6b027d50c83f6f3b5d449c31', manifest, shop());
    expect(hints.modules).toEqual(['/assets/_main-L.js', '/assets/products._id-P.js', '/assets/card-C.js']);
    expect(hints.data).toEqual(['/api/products/6b027d50c83f6f3b5d449c31', '/api/logo']);
    expect(hints.image).toBeUndefined();
  });

  it('leaves the list read out of a filtered listing, whose request it cannot know', async () => {
    expect((await landingHints('/products', manifest, shop())).data).toContain('/api/products?page=1&limit=10');
    expect((await landingHints('/products?category=fashion', manifest, shop())).data).toEqual(['/api/categories', '/api/logo']);
  });

  it('hints the reads but no chunks without a build manifest', async () => {
    const hints = await landingHints('/', null, shop());
    expect(hints.modules).toEqual([]);
    expect(hints.data).toHaveLength(5);
  });

  it('hints nothing for other pages or ids that are not ids', async () => {
    for (const url of ['/login', '/user/my-orders', '/products/a/b', '/products/%3Cscript%3E']) {
      expect(await landingHints(url, manifest, shop())).toEqual({ modules: [], data: [] });
    }
  });

  it('serves the page without the picture when there is no banner or the lookup fails', async () => {
    expect((await landingHints('/', manifest, shop(null))).image).toBeUndefined();
    const failing: LandingContext = { firstBannerImage: () => Promise.reject(new Error('database down')), lightImages: false };
    const hints = await landingHints('/', manifest, failing);
    expect(hints.image).toBeUndefined();
    expect(hints.data).toHaveLength(5);
  });
});

describe('wantsLightImages', () => {
  it('follows Save-Data and a 2G-class connection, like the web app', () => {
    expect(wantsLightImages({ 'save-data': 'on' })).toBe(true);
    expect(wantsLightImages({ ect: '2g' })).toBe(true);
    expect(wantsLightImages({ ect: 'slow-2g' })).toBe(true);
    expect(wantsLightImages({ ect: '3g', 'save-data': 'off' })).toBe(false);
    expect(wantsLightImages({})).toBe(false);
  });
});

describe('bannerImageHint', () => {
  it('offers the widths the banner <img> offers, up to 640 px for light images', () => {
    expect(bannerImageHint(BANNER, false)).toEqual({
      href: `${BANNER}?w=640`,
      srcset: [400, 500, 640, 800, 1200].map((w) => `${BANNER}?w=${w} ${w}w`).join(', '),
      sizes: '(max-width: 1152px) 100vw, 1152px',
    });
    expect(bannerImageHint(BANNER, true).srcset).toBe([400, 500, 640].map((w) => `${BANNER}?w=${w} ${w}w`).join(', '));
  });

  it('passes an image hosted elsewhere through as it is', () => {
    expect(bannerImageHint('https://cdn.example.com/banner.jpg', false)).toEqual({ href: 'https://cdn.example.com/banner.jpg' });
  });
});

describe('hintTags', () => {
  it('writes code first, then reads, then the picture, with attributes escaped', () => {
    const tags = hintTags({
      modules: ['/assets/a.js'],
      data: ['/api/products?sortBy=newest&limit=12'],
      image: { href: '/media/x.jpg?w=640', srcset: '/media/x.jpg?w=400 400w', sizes: '100vw' },
    }).split('\n').map((tag) => tag.trim());
    expect(tags).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/a.js">',
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/products?sortBy=newest&amp;limit=12">',
      '<link rel="preload" as="image" fetchpriority="high" href="/media/x.jpg?w=640" imagesrcset="/media/x.jpg?w=400 400w" imagesizes="100vw">',
    ]);
  });

  it('is empty when there is nothing to hint', () => {
    expect(hintTags({ modules: [], data: [] })).toBe('');
  });
});
