import type { Locale } from './locale';

/**
 * How a page the server rendered tells the browser what it was drawn for: attributes of its root element
 * (`<div id="root">`), written by the server and read before hydration.
 */
export const PAGE_ATTRIBUTES = {
  /** The shop's public address the page's links and previews were written with. */
  origin: 'data-origin',
  /** Present when the page was drawn with smaller images (Save-Data or a 2G-class connection). */
  lightImages: 'data-light-images',
  /**
   * When the service worker kept this copy of the page (milliseconds since the epoch), written by the worker, never
   * by the server: the data the copy carries may be old, so the browser asks for it again once the page has hydrated.
   */
  keptAt: 'data-kept-at',
} as const;

/**
 * Marks the page's whole stylesheet, which a rendered page loads without blocking its first paint (`media="print"`,
 * its own rules being inline); the browser switches it on once it has loaded.
 */
export const DEFERRED_STYLESHEET_ATTRIBUTE = 'data-deferred';

/**
 * Where a rendered page keeps Chromium's install offer (`beforeinstallprompt`) when it comes before the app's scripts
 * have started (they wait for the page's largest picture); the app takes it from there.
 */
export const EARLY_INSTALL_OFFER = '$installOffer';

/**
 * Where a rendered page keeps the taps on its buttons made before the app's scripts have started (a button does
 * nothing without them): `[buttons tapped, stop holding]`. The app takes them over and taps them again once hydrated.
 */
export const EARLY_CLICKS = '$earlyClicks';

/**
 * The module a rendered product page's loader imports, alone, when Add to Cart is tapped before the app has started
 * (its own build entry: the build manifest names its file under this key).
 */
export const CART_TAP_ENTRY = 'src/lib/cart-tap.ts';

/** Where a product page's Add to Cart carries, as JSON, the line a tap adds, and the words that say it was added. */
export const TAPPED_LINE_ATTRIBUTES = { line: 'data-cart-line', added: 'data-cart-added' } as const;

/** What a page is drawn for, besides its address and data; the same on the server and in the browser that hydrates it. */
export type PageContext = {
  /** The shop's public address (`PUBLIC_URL`), for canonical links and share previews. */
  origin: string;
  /** Smaller images: the browser asked to save data or reported a 2G-class connection. */
  lightImages: boolean;
};

/** A page for the server's renderer (the web app's `src/entry-server.tsx`, built into `dist/.ssr/`). */
export type PageRequest = PageContext & {
  /** Path and query. */
  url: string;
  /** The Content-Security-Policy nonce of the answer, for the scripts that carry the router's state. */
  nonce: string;
  /** Aborts the render (it took too long). */
  signal: AbortSignal;
  /** The language the page is drawn in: the shopper's choice (cookie or `?lang=`), else the browser's languages. */
  locale: Locale;
  /**
   * Told what the shell answering in the page's place should carry, built without rendering: first from the address
   * alone, then again once the page's first reads are in, before React renders.
   */
  onShell?: (shell: ShellPage) => void;
};

/**
 * What the shell carries when it answers in place of a page whose render failed or took too long: the page's head
 * (title, description, canonical link, share tags, structured data), built from its data without rendering, and the
 * "needs JavaScript" notice in the page's language.
 */
export type ShellPage = { head: string; needsJavaScript: string };

/**
 * A rendered page: its status (404 for an unknown page or product), the tags React hoists into the head, the markup
 * of the root element, and the routes it matched (for the scripts to preload).
 */
export type RenderedPage = {
  status: number;
  head: string;
  body: string;
  routeIds: string[];
  /** The sources (as the build's manifest names them) of the texts the page shows, in its language. */
  messageModules: string[];
};

/** The page's address written another way (the router's own form of its query): send the browser there. */
export type PageRedirect = { status: number; location: string };

/** Renders a page; null when the page is not rendered on the server (its route is private) and the shell answers. */
export type PageRenderer = (request: PageRequest) => Promise<RenderedPage | PageRedirect | null>;

/** What the renderer's module exports: given the server's own API (called in process with `/api/...` addresses). */
export type PageRendererModule = { createPageRenderer: (options: { api: typeof fetch }) => PageRenderer };
