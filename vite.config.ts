import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { buildId } from './scripts/build-id';
import { precompress, webManifest } from './scripts/vite-plugins';

const apiTarget = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`;
const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify(buildId(fromRoot('.'))) },
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }),
    react(),
    tailwindcss(),
    webManifest(fromRoot('./manifest.webmanifest')),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      // The shell the page needs to run offline. Install icons, shortcut icons and screenshots are fetched by the
      // browser when it installs the app, so a first visit on 3G does not download them for the service worker.
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,woff2}', 'icons/favicon.svg'],
        globIgnores: ['**/*.gz', '**/*.br'],
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  resolve: {
    alias: {
      '@': fromRoot('./src'),
      '@contract': fromRoot('./contract'),
    },
  },
  build: {
    // The server reads .vite/manifest.json to hint each landing page's route chunks (server/http/landing-hints.ts).
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React and the TanStack router and query libraries in one chunk: every page needs them, and left to the
        // automatic splitting they fell into a dozen small chunks along whichever routes share each part, every one
        // costing the first visit its own compression overhead and import glue (docs/benchmarks.md).
        codeSplitting: { groups: [{ name: 'framework', test: /node_modules[\\/](?:react|react-dom|scheduler|@tanstack)[\\/]/ }] },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts', 'sw/**/*.test.ts'],
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['server/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['server/**/*.timing.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // Timing measurements run after the other API tests, alone, so their load does not drown what is measured.
        extends: true,
        test: {
          name: 'api-timing',
          environment: 'node',
          include: ['server/**/*.timing.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
          pool: 'forks',
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
