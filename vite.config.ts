import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { buildId } from './scripts/build-id';
import { BACK_OFFICE_CHUNK, storefrontPrecache } from './scripts/storefront-precache';
import { CART_TAP_ENTRY } from './contract/page-document';
import { backOfficeCopies, cartTapCopies, esModulePackage, precompress, SCRIPTS_ONLY_MODE, srgbColoursOnly, webManifest } from './scripts/vite-plugins';

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`;
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));
/**
 * What every project of the server's tests shares: Node, a process per worker, time to start a database, and the
 * migrated database of the run that each test file's database is a copy of.
 */
const SERVER_TESTS = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  globalSetup: './server/test/database-template.ts',
} as const;

/** TanStack's persist client, which with idb-keyval makes the saved cache's libraries. */
const SAVED_CACHE_PACKAGES = String.raw`react-query-persist-client|query-persist-client-core`;

/**
 * The saved cache (src/app/persistence/saved-cache.ts, loaded once a rendered page has hydrated, or before the shell's
 * first screen): its code, the IndexedDB key and store, and its libraries.
 */
const SAVED_CACHE_MODULES = new RegExp(
  [
    String.raw`[\\/]src[\\/]app[\\/]persistence[\\/][^\\/]+\.tsx?$`,
    String.raw`[\\/]src[\\/]lib[\\/]saved-queries\.ts$`,
    String.raw`node_modules[\\/](idb-keyval|@tanstack[\\/](${SAVED_CACHE_PACKAGES}))[\\/]`,
  ].join('|'),
);

/**
 * React, TanStack Router and Query in one chunk with what the storefront's pages share (the frame with its navigation
 * bar, helpers, product cards, their icons): every page needs them, and one file compresses better and costs one request
 * instead of a dozen on a slow link. The home page's banner slide and category tile are here too: the back office's
 * previews draw them as well, and left to themselves they would be a chunk of their own that the first visit loads as
 * one more file. The state the storefront and the back office share lives here (session, API client, the query and
 * router hooks, toasts), so the back office shares these modules and gets its own copies of the rest (backOfficeCopies).
 */
const FRAMEWORK_MODULES = new RegExp(
  [
    // Not TanStack Query's several-queries observer: only the cart uses it, and it comes with the cart's page. Not the
    // saved cache's packages either: they come after the page has started (SAVED_CACHE_MODULES).
    String.raw`node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](?!${SAVED_CACHE_PACKAGES})[^\\/]+)[\\/](?!.*[\\/](queriesObserver|useQueries)\.js$)`,
    String.raw`[\\/]contract[\\/]money\.ts$`,
    String.raw`[\\/]src[\\/]lib[\\/](session|notify|api|page-context|money|image-url|cart|cart-lines|storage-keys|online|structured-data|use-sign-out|product-queries|plural|client-errors|chunk-reload|route-pattern|guards|runtime-caches|when-idle|search-params)\.ts$`,
    String.raw`[\\/]src[\\/]app[\\/]layout[\\/](main-layout|navbar|offline-banner|route-error-frame|standalone-layout)\.tsx$`,
    // The route table (each route's options, not its page, which comes in a chunk of its own) and the app around it.
    String.raw`[\\/]src[\\/]routes[\\/].*\.tsx$`,
    String.raw`[\\/]src[\\/]routeTree\.gen\.ts$`,
    // The install offer's store listens from the start (Chromium may offer installation as soon as the page has loaded).
    String.raw`[\\/]src[\\/]app[\\/](router|app|app-frame|toaster|offline-actions|query-client|deferred-styles|early-input|pwa[\\/]install-prompt)\.tsx?$`,
    String.raw`[\\/]src[\\/]features[\\/]catalogue[\\/](api|lib[\\/](offer-products|price-filter|listing-search))\.ts$`,
    String.raw`[\\/]src[\\/]routes[\\/]_main\.tsx`,
    String.raw`[\\/]src[\\/]components[\\/](route-error|lucide-icon|when-near|offline-notice|skeleton|cn|button|use-near-viewport|product-card|product-card-skeleton|stars|tabs|page-head|logo)\.tsx?$`,
    String.raw`[\\/]src[\\/]features[\\/](catalogue[\\/]components[\\/](product-grid|product-states|autoplay)|wishlist[\\/]components[\\/]wishlist-heart)\.tsx?$`,
    String.raw`lucide-react[\\/].*[\\/]icons[\\/](heart|shopping-cart|image-off|wifi-off|search|store|log-in|log-out|user-round|x|chevron-left|chevron-right|arrow-left|plus|minus|share-2|play)\.mjs$`,
  ].join('|'),
);

/** The back office's own modules: its feature folder. */
const BACK_OFFICE_MODULES = /[\\/]src[\\/]features[\\/]back-office[\\/]/;

/**
 * Two builds: the web app (`vite build`, into dist/) and the page renderer the server loads
 * (`vite build --ssr src/entry-server.tsx`, into dist/.ssr/, which the server never sends as a file).
 */
export default defineConfig(({ isSsrBuild, mode }) => ({
  define: {
    __BUILD_ID__: JSON.stringify(buildId(fromRoot('.'))),
    // The renderer bundles React and the router in their production builds.
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
  },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }),
    react(),
    lucideIconsOnOwnRenderer(),
    ...(isSsrBuild
      ? [esModulePackage()]
      : [
          tailwindcss(),
          srgbColoursOnly(),
          backOfficeCopies({ isBackOffice: (id) => BACK_OFFICE_MODULES.test(id), isShared: (id) => FRAMEWORK_MODULES.test(id) }),
          cartTapCopies(fromRoot(CART_TAP_ENTRY)),
        ]),
    // The scripts-only mode builds the web app's scripts and styles and nothing around them (scripts/back-office-isolation.test.ts).
    ...(isSsrBuild || mode === SCRIPTS_ONLY_MODE ? [] : webAppPlugins()),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fromRoot('./src') },
      { find: '@contract', replacement: fromRoot('./contract') },
      // React 19 has useSyncExternalStore: the router's store takes the selector helper without the shim for React 17
      // and older, which would otherwise come with every page.
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
      // Unit tests render with React: Testing Library is React's, and the same project renders server pages. The
      // browser's zod parses without eval, which its Content-Security-Policy refuses (src/lib/zod-without-eval.ts).
      ...(isSsrBuild || mode === 'test' ? [] : [{ find: /^zod$/, replacement: fromRoot('./src/lib/zod-without-eval.ts') }]),
    ],
  },
  // The renderer carries its dependencies: it runs wherever the build is (a copy of it too), not only beside node_modules.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { outDir: 'dist/.ssr', target: 'node22', sourcemap: false, copyPublicDir: false }
    : {
        // The server reads .vite/manifest.json for the chunks a rendered page preloads (server/http/pages.ts).
        manifest: true,
        target: 'es2022',
        // Fonts stay files: inlined into the CSS, the Bengali faces would be downloaded by every page, not only by
        // pages that show Bengali, and the Content-Security-Policy (font-src 'self') refuses data: fonts. So do
        // pictures the stylesheet draws: a data URL would sit in every page's inline rules.
        assetsInlineLimit: (file: string) => (/\.(woff2|svg)$/.test(file) ? false : undefined),
        sourcemap: false,
        // No modulepreload polyfill: a rendered page adds its preload links before the entry runs, where the polyfill
        // could not see them, and a browser without modulepreload still loads every chunk through its imports.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // The app, and what a rendered product page's Add to Cart needs before the app has started: its loader imports
          // that file alone (server/http/pages.ts), built with copies of what it imports (cartTapCopies).
          input: { index: fromRoot('index.html'), 'cart-tap': fromRoot(CART_TAP_ENTRY) },
          preserveEntrySignatures: 'allow-extension',
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK_MODULES },
                // The back office (admin and seller screens, and what only they use): one lazy chunk, which the page for
                // paths the route table does not list opens (src/app/unlisted-path.tsx).
                {
                  name: BACK_OFFICE_CHUNK,
                  // The back office's copies of the shop's code and libraries with it (backOfficeCopies). The dashboard's
                  // chart drawing stays out: it comes with its library, in a chunk only the dashboard loads.
                  test: /[\\/]src[\\/]features[\\/]back-office[\\/](?!lib[\\/](revenue|vitals)-plot\.ts$)|\?back-office$/,
                  // Only these: the framework's modules it shares stay in the framework chunk.
                  includeDependenciesRecursively: false,
                },
                // The home page with its banner slide and category tile, which its banner carousel (loaded later) and the
                // back office's previews (their own copies) draw too: one file, not a chunk of its own for two components.
                {
                  name: 'home',
                  test: /[\\/]src[\\/](components[\\/](banner-slide|category-tile)|features[\\/]catalogue[\\/](components[\\/](banner-section|category-strip|offer-products)|pages[\\/]home-page))\.tsx$/,
                },
                // What every first visit loads after the page has started (the service worker's registration, the
                // install button and the footer it sits in, the saved cache, the error and web-vitals reporter, which
                // starts once the page is idle): one file, whatever the timing, compressed together. Nothing the entry imports at start may be in it (the install offer's store is in the
                // framework's chunk), or the entry would load the file with it. The home page's recommendations stay
                // apart: no other page needs them.
                {
                  name: 'after-start',
                  test: (id) =>
                    /[\\/]src[\\/](app[\\/](after-start|pwa[\\/](register-service-worker|install-app|ios-install-hint)|layout[\\/]footer|observability[\\/](start|reporter|vitals)))\.tsx?$/.test(
                      id,
                    ) ||
                    /[\\/]node_modules[\\/]web-vitals[\\/]/.test(id) ||
                    SAVED_CACHE_MODULES.test(id),
                },
              ],
            },
          },
        },
      },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  test: {
    // A worker per core, for every project. Vitest's default leaves one core to its main process, which is mostly idle
    // while tests run: on two cores the files ran one at a time.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // A limit for a stuck test, not a speed check: a loaded machine takes seconds to render a page in jsdom.
          testTimeout: 15_000,
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts', 'sw/**/*.test.ts'],
          setupFiles: ['./src/test/web-storage.setup.ts', './src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          ...SERVER_TESTS,
          name: 'api',
          include: ['server/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          // bench/node_modules holds the benchmarks' tools (bench/install.ts) and their packages' own tests.
          exclude: ['server/**/*.timing.test.ts', 'server/**/*.isolated.test.ts', '**/node_modules/**'],
          // The files of a worker share one module graph: the server's modules are evaluated once per worker, not once
          // per file (41 s of 327 on two cores). Each file still builds its own app, database and outbox.
          isolate: false,
          setupFiles: ['./server/test/native-built-ins.setup.ts'],
        },
      },
      {
        // Files that replace a module (`vi.mock`) get a module graph of their own, so the replacement stays theirs.
        extends: true,
        test: {
          ...SERVER_TESTS,
          name: 'api-isolated',
          include: ['server/**/*.isolated.test.ts'],
        },
      },
      {
        // Timing measurements run after the other API tests, alone, so their load does not drown what is measured.
        extends: true,
        test: {
          ...SERVER_TESTS,
          name: 'api-timing',
          include: ['server/**/*.timing.test.ts'],
          testTimeout: 120_000,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
}));

/**
 * lucide-react's icons drawn by src/components/lucide-icon.ts: the same markup, without lucide's theme context and
 * attribute mapping (about 1 KB gzip on every page). Both builds take it, so the server's markup and the browser's match.
 */
function lucideIconsOnOwnRenderer(): Plugin {
  const renderer = fromRoot('./src/components/lucide-icon.ts');
  return {
    name: 'haat:lucide-icon',
    enforce: 'pre',
    resolveId: (source, importer) =>
      importer && /[\\/]lucide-react[\\/]/.test(importer) && /(^|\/)createLucideIcon\.mjs$/.test(source) ? renderer : undefined,
  };
}

/** The web app manifest, the service worker and the precompressed files: the web app's build only. */
function webAppPlugins() {
  return [
    webManifest(fromRoot('./manifest.webmanifest')),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      // The shell the page needs to run offline. Install icons, shortcut icons and screenshots are fetched by the
      // browser when it installs the app, so a first visit on 3G does not download them for the service worker. The
      // shop's Bangla face is the server's, kept by the service worker once a page has needed it (sw/fonts.ts). The
      // back office is left out: a shopper's phone never downloads it; the service worker keeps its files once an
      // admin or a seller has loaded them (sw/build-assets.ts).
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,woff2}', 'assets/*.svg', 'icons/favicon.svg'],
        globIgnores: ['**/*.gz', '**/*.br'],
        manifestTransforms: [storefrontPrecache(fromRoot('./dist/.vite/manifest.json'))],
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ];
}
