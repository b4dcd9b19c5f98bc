import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CART_TAP_ENTRY,
  DEFERRED_STYLESHEET_ATTRIBUTE,
  EARLY_CLICKS,
  EARLY_INSTALL_OFFER,
  PAGE_ATTRIBUTES,
  TAPPED_LINE_ATTRIBUTES,
  type PageRedirect,
  type PageRenderer,
  type PageRendererModule,
  type RenderedPage,
  type ShellPage,
} from '../../contract/page-document';
import { isLocale, LOCALE_COOKIE, LOCALE_PARAMETER, LOCALES, type Locale } from '../../contract/locale';
import { boundedCache } from '../lib/bounded-cache';
import { limiter } from '../lib/limiter';
import { clientKey } from './client-address';
import { criticalCssCache, prepareStylesheet } from './critical-css';
import { requestLocale } from './locale';

/**
 * The page's Brotli quality: a page of tens of KB takes a millisecond or two at 6, the smallest before the cost jumps
 * tenfold at 7.
 */
const BROTLI = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } };

/** Memory the rendered pages kept for reuse may take, keys and documents together. */
export const PAGE_CACHE_BYTES = 32 * 1024 * 1024;
/** What an entry and its bookkeeping cost beside the strings themselves. */
const ENTRY_OVERHEAD_BYTES = 256;
/**
 * Renders run at once, and may wait their turn. A render is mostly work on this thread: twenty started together would
 * share it and all pass the time limit; taken a few at a time, each finishes in its own time. A page that waited
 * RENDER_WAIT_MAX_MS, or found the queue full, is answered with the shell at once.
 */
const RENDERING_MAX = 2;
const RENDERS_WAITING_MAX = 64;
const RENDER_WAIT_MAX_MS = 3_000;

/** Where the build puts its scripts (Vite's `assetsDir`). */
const ASSET_FOLDER = '/assets/';

/** The part of Vite's build manifest (`.vite/manifest.json`) read here: each chunk's file, static imports and styles. */
export type BuildManifest = Record<string, { file: string; isEntry?: boolean; imports?: string[]; css?: string[] }>;

/**
 * The code a rendered route hydrates with, as Vite names its sources: the router plugin splits each route's component
 * into its own chunk. Preloaded from the document, they download beside the entry instead of after it. (Parts below
 * the fold, such as the footer, load their code as they near the screen: not preloaded.)
 */
const ROUTE_MODULES: Record<string, string[]> = {
  '/_main': ['src/routes/_main.tsx?tsr-split=component'],
  '/_main/': ['src/routes/_main/index.tsx?tsr-split=component'],
  '/_main/products/': ['src/routes/_main/products.index.tsx?tsr-split=component'],
  '/_main/products/$id': ['src/routes/_main/products.$id.tsx?tsr-split=component'],
  '/unauthorized': ['src/routes/unauthorized.tsx?tsr-split=component'],
};

/**
 * The language a page request is answered in: the address's `?lang=` (a language link, a crawler following an
 * hreflang alternate), else the shopper's remembered choice or the browser's languages. `chosen` says the address
 * asked, to be remembered.
 */
export function pageLocale(url: URL, request: Pick<FastifyRequest, 'cookies' | 'headers'>): { locale: Locale; chosen: boolean } {
  const asked = url.searchParams.get(LOCALE_PARAMETER);
  return isLocale(asked) ? { locale: asked, chosen: true } : { locale: requestLocale(request), chosen: false };
}

/** The page's address in each language, and without one (`x-default`: the browser's languages decide). */
export function languageAlternates(origin: string, url: URL): string {
  const address = (locale: Locale | null) => {
    const search = new URLSearchParams(url.searchParams);
    search.delete(LOCALE_PARAMETER);
    if (locale) search.set(LOCALE_PARAMETER, locale);
    const query = search.toString();
    return `${origin}${url.pathname}${query ? `?${query}` : ''}`;
  };
  return [
    ...LOCALES.map((locale) => `<link rel="alternate" hreflang="${locale}" href="${attribute(address(locale))}">`),
    `<link rel="alternate" hreflang="x-default" href="${attribute(address(null))}">`,
  ].join('');
}

/** The document in the page's language: `<html lang>` is what screen readers, fonts and the app read it in. */
const inLanguage = (html: string, locale: Locale) => html.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);

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

/** The scripts the routes hydrate with, beyond what the document's entry already loads. */
export function routeScripts(manifest: BuildManifest, routeIds: readonly string[]): string[] {
  const inDocument = new Set(
    withImports(
      manifest,
      Object.keys(manifest).filter((key) => manifest[key]!.isEntry),
    ),
  );
  return withImports(
    manifest,
    routeIds.flatMap((id) => ROUTE_MODULES[id] ?? []),
  )
    .filter((key) => !inDocument.has(key))
    .map((key) => `/${manifest[key]!.file}`);
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The built `index.html`, its whole stylesheet prepared for picking a page's rules from, and the build manifest. */
export type PageTemplate = { html: string; stylesheet: string | null; manifest: BuildManifest | null; criticalCss: (markup: string) => string };

/** Reads the build in `dir` (its index.html, manifest and stylesheet). */
export function loadTemplate(dir: string): PageTemplate {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const manifestFile = join(dir, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest) : null;
  const stylesheet = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/.exec(html)?.[1] ?? null;
  const sheet = prepareStylesheet(stylesheet ? readFileSync(join(dir, stylesheet), 'utf8') : '');
  return { html, stylesheet, manifest, criticalCss: criticalCssCache(sheet) };
}

/** How many of the app's files the loader asks for in one task (the stylesheet joins the first). */
export const ELEMENTS_PER_TASK = 1;

/**
 * The app's scripts, started once the page's largest picture (the image marked `fetchpriority="high"`) has loaded and
 * been painted, or failed, at once when the page has none, and at the shopper's first touch, click or key if that comes first. The
 * scripts only hydrate what is already on screen: started with the page, they share a slow link with that picture and
 * hold up the largest paint (on Lighthouse's simulated 3G the product page's went from 2.4 s to 1.4 s). The entry's
 * and the route's chunks are preloaded when the entry starts. The whole stylesheet starts with them, as `media="print"`
 * (the entry applies it once loaded): the page's own rules are inline, and it would otherwise share the link too.
 * Until the app has hydrated, a tap on a button is held for it; a tap on an Add to Cart that carries its line (a
 * product page's) is added at once by `cartTap` (src/lib/cart-tap.ts, 1 KB gzip, one file), imported alone, so a slow
 * link does not keep the shopper waiting for the whole app.
 */
export function appScriptsAfterLargestPicture(
  entry: string,
  chunks: readonly string[],
  nonce: string,
  { stylesheet = null, cartTap = null }: { stylesheet?: string | null; cartTap?: string | null } = {},
): string {
  // Written small, as every rendered page carries it: on a slow link the document's first round trip holds about 14 KB.
  // The chunks' shared folder and extension are written once.
  const shared = chunks.every((chunk) => chunk.startsWith(ASSET_FOLDER) && chunk.endsWith('.js'));
  const chunkList = shared
    ? `${JSON.stringify(chunks.map((chunk) => chunk.slice(ASSET_FOLDER.length, -'.js'.length)))}.map(n=>${JSON.stringify(ASSET_FOLDER)}+n+'.js')`
    : JSON.stringify(chunks);
  const start = [
    'if(s)return;s=1;',
    ...(stylesheet
      ? [`add('link',{rel:'stylesheet',media:'print',href:${JSON.stringify(stylesheet)}}).setAttribute(${JSON.stringify(DEFERRED_STYLESHEET_ATTRIBUTE)},'');`]
      : []),
    // An element a task: under DevTools' network instrumentation each costs a few milliseconds, and the dozen together
    // made one of the longest tasks of a first visit.
    `const c=${chunkList},n=()=>{for(const href of c.splice(0,${ELEMENTS_PER_TASK}))add('link',{rel:'modulepreload',crossOrigin:'',href});`,
    `c.length?setTimeout(n):add('script',{type:'module',crossOrigin:'',src:${JSON.stringify(entry)}})};n()`,
  ].join('');
  const wait = [
    // A tap on a button before the app is there would be lost: held for the app (early-input.ts), which taps it again;
    // Add to Cart's line is added by cartTap, once per tap that has come back, and held when it cannot add it.
    cartTap
      ? `let q;const h=[],k=${JSON.stringify(TAPPED_LINE_ATTRIBUTES.line)},g=()=>q||=import(${JSON.stringify(cartTap)}),` +
        "c=e=>{const b=e.target.closest?.('button[type=button]');if(!b)return;e.preventDefault();" +
        'if(!b.hasAttribute(k))return h.push(b);if(b.$tap)return;b.$tap=1;const d=()=>b.$tap=0;' +
        "g().then(m=>{d();m.addTappedLine(b)||h.push(b)},()=>{d();h.push(b)})};addEventListener('click',c,!0);" +
        // Asked for as the finger lands, before the touch starts the app's scripts: on a link of a few connections the
        // app's forty-odd files would otherwise go first.
        "addEventListener('pointerdown',e=>e.target.closest?.('['+k+']')&&g(),{capture:!0,passive:!0});"
      : "const h=[],c=e=>{const b=e.target.closest?.('button[type=button]');if(b){e.preventDefault();h.push(b)}};addEventListener('click',c,!0);",
    `self[${JSON.stringify(EARLY_CLICKS)}]=[h,()=>removeEventListener('click',c,!0)];`,
    // Chromium may offer installation before the app listens: kept for it, as the app itself would (install-prompt.ts).
    `addEventListener('beforeinstallprompt',e=>{e.preventDefault();self[${JSON.stringify(EARLY_INSTALL_OFFER)}]=e},{once:!0});`,
    "for(const t of['pointerdown','keydown'])addEventListener(t,start,{once:!0,capture:!0,passive:!0});",
    "const p=document.querySelector('img[fetchpriority=high]');",
    // After the frame that shows it: a script or the stylesheet that arrived before that paint would count against it.
    'if(!p)start();else{const f=()=>requestAnimationFrame(()=>setTimeout(start,0)),d=()=>p.decode().then(f,f);',
    "if(p.complete)d();else{p.addEventListener('load',d,{once:!0});p.addEventListener('error',start,{once:!0})}}",
  ].join('');
  // Each element gets its properties before it joins the document, where its download starts.
  const add = '(t,o)=>{const e=Object.assign(document.createElement(t),o);document.head.append(e);return e}';
  // `<` cannot appear in the JSON of our own asset paths, so the script cannot be closed early.
  return `<script nonce="${attribute(nonce)}">(()=>{let s=0;const add=${add},start=()=>{${start}};${wait}})();</script>`;
}

/**
 * A rendered page in the document. The head, in the order the browser needs it on a slow link: the page's own rules
 * inline (without the web fonts: see criticalCss), then its hoisted tags (the largest picture's preload at high
 * priority, title, share tags); the whole stylesheet comes with the app's scripts, after the largest picture, or from a
 * `<noscript>` link. The root element carries the markup and what it was drawn for;
 * the shell's outline and its "needs JavaScript" notice go (this page works without). The app's scripts follow the
 * markup and start after the largest picture (appScriptsAfterLargestPicture).
 */
export function composePage(
  template: PageTemplate,
  page: RenderedPage,
  { origin, lightImages, nonce, locale, url }: { origin: string; lightImages: boolean; nonce: string; locale: Locale; url: URL },
): string {
  const { html, stylesheet, manifest } = template;
  const entry = /<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/.exec(html)?.[1];
  const chunks = [
    ...[...html.matchAll(/<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g)].map(([, href]) => href!),
    ...(manifest ? routeScripts(manifest, page.routeIds) : []),
    // The page's texts in its language: the app waits for them before it hydrates.
    ...page.messageModules.flatMap((key) => (manifest?.[key] ? [`/${manifest[key].file}`] : [])),
  ];
  // Only a page with an Add to Cart that carries its line loads the cart's tap handler before the app.
  const cartTapFile = page.body.includes(TAPPED_LINE_ATTRIBUTES.line) ? manifest?.[CART_TAP_ENTRY]?.file : undefined;
  const cartTap = cartTapFile ? `/${cartTapFile}` : null;
  const scripts = entry ? appScriptsAfterLargestPicture(entry, chunks, nonce, { stylesheet, cartTap }) : '';
  const critical = stylesheet ? `<style>${template.criticalCss(page.body).replace(/<\/style/gi, '<\\/style')}</style>` : '';
  // With JavaScript the stylesheet starts with the app's scripts; without, the browser takes it from here.
  const deferredStylesheet = stylesheet ? `<noscript><link rel="stylesheet" href="${attribute(stylesheet)}"></noscript>` : '';
  const rootAttributes = `${PAGE_ATTRIBUTES.origin}="${attribute(origin)}"${lightImages ? ` ${PAGE_ATTRIBUTES.lightImages}` : ''}`;
  return inLanguage(html, locale)
    .replace(/<title>[\s\S]*?<\/title>\s*/, () => `${critical}\n    ${page.head}${languageAlternates(origin, url)}\n    `)
    .replace(/<script type="module"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(/<link rel="stylesheet"[^>]*>/, () => deferredStylesheet)
    .replace(/<div id="root">[\s\S]*<\/noscript>/, () => `<div id="root" ${rootAttributes}>${page.body}</div>\n    ${scripts}`);
}

/**
 * The shell in place of a page that was not rendered in time: the page's head (built from its data without rendering)
 * in place of the template's title, and the "needs JavaScript" notice in the page's language.
 */
export function composeShell(template: PageTemplate, shell: ShellPage | null, { origin, locale, url }: { origin: string; locale: Locale; url: URL }): string {
  const html = inLanguage(template.html, locale);
  if (!shell) return html;
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `${shell.head}${languageAlternates(origin, url)}`)
    .replace(/<noscript>[^<]*<\/noscript>/, () => `<noscript>${shell.needsJavaScript.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</noscript>`);
}

/** Adds the answer's nonce to the policy's script sources, for the scripts that carry the router's state. */
export function withScriptNonce(policy: string, nonce: string): string {
  return policy.replace(/(^|;)\s*script-src ([^;]*)/, `$1script-src $2 'nonce-${nonce}'`);
}

/** Brotli, else gzip, as the browser accepts (a coding with `q=0` is refused); null for neither. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*/))
      .filter(([, q]) => !q || Number(q.replace(/^q=/, '')) > 0)
      .map(([coding]) => coding!.toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

/**
 * Whether the web app will ask for light images: the browser sends `Save-Data: on`, or its `ECT` client hint (sent
 * once a page of ours asked for it with `Accept-CH`) is 2G-class.
 */
export function wantsLightImages(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['save-data'] === 'on' || /(^|-)2g$/.test(String(headers.ect ?? ''));
}

/** The address of the visitor a page is rendered for, through the render's reads. */
const renderingFor = new AsyncLocalStorage<string>();

/** Runs `task` (a page's render) for the visitor at `address`: the API reads it makes come from that address. */
export const renderFor = <T>(address: string, task: () => Promise<T>): Promise<T> => renderingFor.run(address, task);

/**
 * The server's own API as `fetch`: calls go through its routes in process (`app.inject`), never over a socket. A call
 * made while rendering a page comes from the visitor's address, so the reads count against that visitor's share of
 * the API, not one share for every page. A call whose signal aborts (the page's render was given up) is ended as a
 * client that went away would be.
 */
export function inProcessFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    init?.signal?.throwIfAborted();
    const url = typeof input === 'string' ? input : input instanceof URL ? `${input.pathname}${input.search}` : input.url;
    const visitor = renderingFor.getStore();
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url,
      ...(visitor ? { remoteAddress: visitor } : {}),
      headers: Object.fromEntries(new Headers(init?.headers)),
      ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      ...(init?.signal ? { signal: init.signal } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(answer.statusCode === 204 ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
  };
}

export type PageServerOptions = {
  /** The built web app: index.html, .vite/manifest.json, and the renderer in .ssr/entry-server.js. */
  dir: string;
  /** The shop's public address. */
  origin: string;
  /** The server's own API, for the renderer's reads. */
  api: typeof fetch;
  /** How long a page may take to render, from its turn, before the shell answers instead. */
  renderTimeoutMs: number;
  /** How long a page rendered for an anonymous visitor is reused for the same visitor; 0: never. */
  pageCacheSeconds: number;
};

/** A render given up: the shell answers, with what the renderer had told of the page by then. */
class RenderNotUsed extends Error {
  constructor(
    readonly reason: unknown,
    readonly shell: ShellPage | null,
  ) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}

/** A page rendered for one visitor, kept for that visitor's next requests of it. */
type KeptPage = { expires: number; status: number; html: string; nonce: string };

/**
 * Whether a page request carries nothing of a person beyond what the page is keyed by: no credentials and no cookie
 * but the language choice. Only such requests reuse a page, or leave one to be reused.
 */
function isAnonymous(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return false;
  return Object.keys(request.cookies ?? {}).every((name) => name === LOCALE_COOKIE);
}

/**
 * Answers page requests. Public pages (those whose route says `ssr: true`, and the 404) are rendered on the server;
 * private pages, and any page whose render throws or takes longer than `renderTimeoutMs`, get the shell (index.html),
 * which the browser renders itself: a page request never fails. The shell in place of a public page carries that
 * page's head and the "needs JavaScript" notice in its language. The build is read again when index.html changes, so
 * a rebuild under a running server is picked up.
 *
 * A page rendered for an anonymous visitor is kept `pageCacheSeconds` for the same client address, language, image
 * size, build and address of the page, bounded in bytes (PAGE_CACHE_BYTES, least recently used out); `clear()` drops
 * every page at once (any catalogue write, on any process). A kept page is sent with a new nonce of its own.
 */
export function pageServer({ dir, origin, api, renderTimeoutMs, pageCacheSeconds }: PageServerOptions) {
  const indexFile = join(dir, 'index.html');
  // An https shop's cookies travel over https only, the language's as the session's.
  const secureCookie = origin.startsWith('https:') ? '; Secure' : '';
  const rendererFile = join(dir, '.ssr', 'entry-server.js');
  let loaded: { mtimeMs: number; template: PageTemplate; renderer: Promise<PageRenderer | null> } | null = null;
  const kept = boundedCache<KeptPage>({ maxBytes: PAGE_CACHE_BYTES });
  const turns = limiter({ concurrency: RENDERING_MAX, maxWaiting: RENDERS_WAITING_MAX, maxWaitMs: RENDER_WAIT_MAX_MS });
  /** Moves on with every clear: a page rendered from data a write has since changed is sent, and kept for nobody. */
  let generation = 0;

  const build = () => {
    const { mtimeMs } = statSync(indexFile);
    if (loaded?.mtimeMs !== mtimeMs) {
      // The module's address changes with the build, so a rebuilt renderer is loaded afresh.
      const renderer = existsSync(rendererFile)
        ? (import(`${pathToFileURL(rendererFile).href}?build=${mtimeMs}`) as Promise<PageRendererModule>).then(({ createPageRenderer }) =>
            createPageRenderer({ api }),
          )
        : Promise.resolve(null);
      loaded = { mtimeMs, template: loadTemplate(dir), renderer };
      kept.clear();
    }
    return loaded;
  };

  /**
   * Renders within the time limit. Past it, or when the render fails, its work is aborted (React's render, its reads
   * and the API calls behind them) and RenderNotUsed carries the shell the renderer had told of.
   */
  const render = async (
    url: string,
    nonce: string,
    lightImages: boolean,
    locale: Locale,
    timeoutMs = renderTimeoutMs,
  ): Promise<RenderedPage | PageRedirect | null> => {
    const renderer = await build().renderer;
    if (!renderer) return null;
    const controller = new AbortController();
    let shell: ShellPage | null = null;
    const timer = setTimeout(() => controller.abort(new Error(`the render took longer than ${timeoutMs} ms`)), timeoutMs);
    const rendering = renderer({ url, origin, lightImages, locale, nonce, signal: controller.signal, onShell: (told) => void (shell = told) });
    // Past the time limit nobody waits for it: its failure is the abort's.
    rendering.catch(() => undefined);
    try {
      return await Promise.race([
        rendering,
        new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(controller.signal.reason as Error), { once: true })),
      ]);
    } catch (error) {
      controller.abort(error);
      throw new RenderNotUsed(error, shell);
    } finally {
      clearTimeout(timer);
    }
  };

  /**
   * Renders the home page once, unsent: the renderer's modules are loaded and compiled, and the reads are warm, before
   * the first shopper's page has to fit in the time limit.
   */
  const warmUp = () => Promise.all(LOCALES.map((locale) => render('/', 'warm-up', false, locale, 30_000))).then(() => undefined);

  const sendPage = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const { template, mtimeMs } = build();
    const lightImages = wantsLightImages(request.headers);
    const nonce = randomBytes(16).toString('base64');
    const address = new URL(request.url, 'http://page');
    const { locale, chosen } = pageLocale(address, request);
    // Remembered like the app's own switch: the shopper's later visits, and the app, follow it.
    if (chosen) reply.header('Set-Cookie', `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax${secureCookie}`);
    const withoutLanguage = new URL(address);
    withoutLanguage.searchParams.delete(LOCALE_PARAMETER);
    const path = `${withoutLanguage.pathname}${withoutLanguage.search}`;
    const key = pageCacheSeconds > 0 && isAnonymous(request) ? [mtimeMs, request.ip, locale, lightImages ? 'light' : 'full', path].join('\n') : null;
    const withNonce = () => {
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') reply.header('content-security-policy', withScriptNonce(policy, nonce));
    };
    let html: string;
    let status = 200;
    const reuse = key === null ? undefined : kept.get(key);
    if (reuse && reuse.expires > Date.now()) {
      // The page's only part of its own answer is its nonce: each answer gets a new one.
      html = reuse.html.split(reuse.nonce).join(nonce);
      status = reuse.status;
      withNonce();
    } else {
      html = inLanguage(template.html, locale);
      const startedIn = generation;
      try {
        const page = await turns.run(() => renderFor(request.ip, () => render(path, nonce, lightImages, locale)), {
          client: clientKey(request.ip),
          abandoned: () => request.raw.socket.destroyed,
        });
        // Only to an address of this site: the router writes it from the request's own path and query.
        if (page && 'location' in page && /^\/(?!\/)/.test(page.location)) return reply.redirect(page.location, page.status);
        if (page && 'body' in page) {
          html = composePage(template, page, { origin, lightImages, nonce, locale, url: withoutLanguage });
          status = page.status;
          withNonce();
          if (key !== null && startedIn === generation) {
            kept.set(key, { expires: Date.now() + pageCacheSeconds * 1000, status, html, nonce }, (key.length + html.length) * 2 + ENTRY_OVERHEAD_BYTES);
          }
        }
      } catch (error) {
        if (error instanceof RenderNotUsed) {
          html = composeShell(template, error.shell, { origin, locale, url: withoutLanguage });
          request.log.error({ err: error.reason, url: request.url }, 'page render failed: answering the shell');
        } else {
          // No turn to render in time (too many waiting): the shell at once.
          request.log.warn({ err: error, url: request.url }, 'page not rendered: the server is busy, answering the shell');
        }
      }
    }
    const body = Buffer.from(html);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    reply
      .status(status)
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding, Save-Data, ECT, Cookie, Accept-Language')
      // Browsers then report their connection class on later visits, so the images match the app's choice.
      .header('Accept-CH', 'ECT')
      .type('text/html; charset=utf-8');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding === 'br' ? brotliCompressSync(body, BROTLI) : encoding === 'gzip' ? gzipSync(body) : body);
  };

  /** Drops every kept page: the data behind them changed. */
  const clear = () => {
    generation += 1;
    kept.clear();
  };
  return { sendPage, warmUp, clear };
}
