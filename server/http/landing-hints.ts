import { HOME_RECOMMENDED_COUNT, IMAGE_WIDTHS, PAGE_SIZE } from '../../contract/catalogue-constants';

/** The part of Vite's build manifest (`.vite/manifest.json`) the hints read: each chunk's file and static imports. */
export type BuildManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[] }>;

/** An image with the candidates and sizes of the `<img>` that will show it, so the browser picks the same file. */
export type ImageHint = { href: string; srcset?: string; sizes?: string };

export type LandingHints = {
  /** Route chunks the page imports once the router has matched it, fetched alongside the entry instead of after it. */
  modules: string[];
  /** Catalogue reads the page starts with, fetched while its code downloads. */
  data: string[];
  /** The page's largest picture (its Largest Contentful Paint), fetched at high priority before any code runs. */
  image?: ImageHint;
};

/**
 * Whether the web app will ask for light images (src/lib/image-url.ts): the browser sends `Save-Data: on`, or its
 * `ECT` client hint (sent once a page of ours asked for it with `Accept-CH`) is 2G-class.
 */
export function wantsLightImages(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['save-data'] === 'on' || /(^|-)2g$/.test(String(headers.ect ?? ''));
}

/** What the hints need to know about the shop and the browser asking. */
export type LandingContext = {
  /** The image of the banner the home page shows first (the first of `GET /api/banner`), if any. */
  firstBannerImage: () => Promise<string | null>;
  /** The browser asks to save data or reports a 2G-class link: the app asks for smaller images then. */
  lightImages: boolean;
};

/**
 * The first banner as src/features/catalogue/components/banner-slide.tsx renders it: its own widths from 400 px (up to
 * 640 px for light images, else 1200 px) across the content column. A hint that differs would download a second file.
 */
export function bannerImageHint(image: string, lightImages: boolean): ImageHint {
  if (!image.startsWith('/media/')) return { href: image };
  const [path] = image.split('?');
  const largest = lightImages ? 640 : 1200;
  const srcset = IMAGE_WIDTHS.filter((w) => w >= 400 && w <= largest)
    .map((w) => `${path}?w=${w} ${w}w`)
    .join(', ');
  return { href: `${path}?w=640`, srcset, sizes: '(max-width: 1152px) 100vw, 1152px' };
}

/** The shop's frame (navigation bar, footer) and a page's own code, as the router plugin names its split chunks. */
const LAYOUT = 'src/routes/_main.tsx?tsr-split=component';
const page = (file: string) => `src/routes/_main/${file}?tsr-split=component`;

/**
 * The pages shoppers arrive on from outside (the home screen icon, links, search results) and the reads each starts
 * with, written as the web app asks for them (src/features/catalogue/api.ts, src/lib/product-queries.ts), so that
 * the app's own requests are answered by the preloads: a read written differently here would be downloaded twice.
 */
const LANDING_PAGES: {
  path: RegExp;
  modules: string[];
  data: (match: RegExpExecArray, query: URLSearchParams) => string[];
  image?: (context: LandingContext) => Promise<ImageHint | undefined>;
}[] = [
  {
    path: /^\/$/,
    modules: [LAYOUT, page('index.tsx')],
    image: async ({ firstBannerImage, lightImages }) => {
      const image = await firstBannerImage();
      return image ? bannerImageHint(image, lightImages) : undefined;
    },
    data: () => [
      '/api/categories',
      '/api/banner',
      '/api/products?popularProducts=offer&limit=0',
      `/api/products?sortBy=newest&limit=${HOME_RECOMMENDED_COUNT}`,
      '/api/logo',
    ],
  },
  {
    path: /^\/products$/,
    modules: [LAYOUT, page('products.index.tsx')],
    // Filters in the query change the list's request; only the unfiltered first page is known here.
    data: (_, query) => ['/api/categories', ...(query.size === 0 ? [`/api/products?page=1&limit=${PAGE_SIZE}`] : []), '/api/logo'],
  },
  {
    path: /^\/products\/([\w-]{1,64})$/,
    modules: [LAYOUT, page('products.$id.tsx')],
    data: ([, id]) => [`/api/products/${id}`, '/api/logo'],
  },
];

/** Every chunk `keys` load through static imports, the keys included. */
function withImports(manifest: BuildManifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

/**
 * What the page at `url` will fetch once its code runs, to be asked for from the document instead. Route chunks need
 * the build manifest; without one only the reads are hinted. Unknown pages get no hints.
 */
export async function landingHints(url: string, manifest: BuildManifest | null, context: LandingContext): Promise<LandingHints> {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  for (const landing of LANDING_PAGES) {
    const match = landing.path.exec(pathname);
    if (!match) continue;
    let modules: string[] = [];
    if (manifest) {
      // The document already loads the entry and everything it imports statically.
      const inDocument = new Set(withImports(manifest, Object.keys(manifest).filter((key) => manifest[key]!.isEntry)));
      modules = withImports(manifest, landing.modules)
        .filter((key) => !inDocument.has(key))
        .map((key) => `/${manifest[key]!.file}`);
    }
    // A hint is an optimisation: a failed lookup leaves the page without it rather than without a document.
    const image = await landing.image?.(context).catch(() => undefined);
    return { modules, data: landing.data(match, searchParams), ...(image ? { image } : {}) };
  }
  return { modules: [], data: [] };
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * The hints as `<link>` elements for the document's head, in the order the page needs them: its code renders it,
 * the reads fill it, then the picture shows. Over HTTP/1.1 the browser sends at most six requests at a time, in
 * document order among equals. Module preloads carry `crossorigin` like Vite's own; reads are credentialed like the
 * app's API client (`credentials: 'include'`), or the browser would not reuse them.
 */
export function hintTags({ modules, data, image }: LandingHints): string {
  const imageTag = image
    ? [
        `<link rel="preload" as="image" fetchpriority="high" href="${attribute(image.href)}"`,
        image.srcset ? ` imagesrcset="${attribute(image.srcset)}"` : '',
        image.sizes ? ` imagesizes="${attribute(image.sizes)}"` : '',
        '>',
      ].join('')
    : null;
  return [
    ...modules.map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`),
    ...data.map((href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${attribute(href)}">`),
    ...(imageTag ? [imageTag] : []),
  ].join('\n    ');
}
