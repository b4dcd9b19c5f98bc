import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storefrontFiles, storefrontPrecache, type BuildManifest } from './storefront-precache';

/**
 * A small build: the storefront, the page for unlisted paths that opens the back office lazily through its areas'
 * module (a facade over the back office's chunk), and that chunk with its chart.
 */
const BUILD: BuildManifest = {
  'index.html': {
    file: 'assets/index-A1.js',
    name: 'index',
    isEntry: true,
    imports: ['_framework-B2.js'],
    dynamicImports: ['src/routes/_main/cart.tsx?tsr-split=component', 'src/app/unlisted-path.tsx'],
    css: ['assets/index-D4.css'],
    assets: ['assets/taka-400-E5.woff2'],
  },
  '_framework-B2.js': { file: 'assets/framework-B2.js', name: 'framework' },
  'src/routes/_main/cart.tsx?tsr-split=component': {
    file: 'assets/cart-F6.js',
    imports: ['_framework-B2.js', '_dialog-G7.js'],
    dynamicImports: ['_sheet-M3.js'],
  },
  '_sheet-M3.js': { file: 'assets/sheet-M3.js', css: ['assets/sheet-N4.css'] },
  'src/app/unlisted-path.tsx': {
    file: 'assets/unlisted-path-P5.js',
    imports: ['_framework-B2.js'],
    dynamicImports: ['src/features/back-office/pages/back-office-area.tsx'],
  },
  'src/features/back-office/pages/back-office-area.tsx': { file: 'assets/back-office-area-L2.js', imports: ['_back-office-C3.js'] },
  // Shared by the cart and the back office: the storefront needs it.
  '_dialog-G7.js': { file: 'assets/dialog-G7.js', imports: ['_framework-B2.js'] },
  '_back-office-C3.js': {
    file: 'assets/back-office-C3.js',
    name: 'back-office',
    imports: ['_framework-B2.js', '_dialog-G7.js', '_orders-H8.js'],
    dynamicImports: ['src/features/back-office/lib/revenue-plot.ts'],
  },
  // Only the back office imports it.
  '_orders-H8.js': { file: 'assets/orders-H8.js', imports: ['_framework-B2.js'] },
  'src/features/back-office/lib/revenue-plot.ts': { file: 'assets/revenue-plot-J9.js', imports: ['_framework-B2.js'], css: ['assets/revenue-plot-K1.css'] },
};

const STOREFRONT = [
  'assets/index-A1.js',
  'assets/index-D4.css',
  'assets/taka-400-E5.woff2',
  'assets/framework-B2.js',
  'assets/cart-F6.js',
  'assets/dialog-G7.js',
  'assets/sheet-M3.js',
  'assets/sheet-N4.css',
  'assets/unlisted-path-P5.js',
];
const BACK_OFFICE_ONLY = [
  'assets/back-office-area-L2.js',
  'assets/back-office-C3.js',
  'assets/orders-H8.js',
  'assets/revenue-plot-J9.js',
  'assets/revenue-plot-K1.css',
];

const folder = mkdtempSync(join(tmpdir(), 'haat-precache-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function writeBuild(manifest: BuildManifest): string {
  const path = join(folder, `manifest-${Object.keys(manifest).length}.json`);
  writeFileSync(path, JSON.stringify(manifest));
  return path;
}

const candidate = (url: string) => ({ url, revision: url.endsWith('.html') ? 'r1' : null, size: 100 });

describe('storefrontFiles', () => {
  it("follows the entry's imports, lazy imports, styles and fonts, but not into the back office", () => {
    expect([...storefrontFiles(BUILD)].sort()).toEqual([...STOREFRONT].sort());
  });

  it('follows a back-office chunk the storefront imports statically: loading the storefront loads it', () => {
    const build: BuildManifest = { ...BUILD, 'index.html': { ...BUILD['index.html']!, imports: ['_framework-B2.js', '_back-office-C3.js'] } };
    // The page for unlisted paths still opens the areas' facade lazily: only what the entry loads is followed.
    expect(storefrontFiles(build)).toEqual(
      new Set([...STOREFRONT, 'assets/back-office-C3.js', 'assets/orders-H8.js', 'assets/revenue-plot-J9.js', 'assets/revenue-plot-K1.css']),
    );
  });
});

describe('storefrontPrecache', () => {
  it('leaves out the files only the back office loads, and keeps what the build manifest does not name', () => {
    const transform = storefrontPrecache(writeBuild(BUILD));
    const offered = ['index.html', 'icons/favicon.svg', ...STOREFRONT, ...BACK_OFFICE_ONLY].map(candidate);
    const { manifest, warnings } = transform(offered);
    expect(manifest.map(({ url }) => url).sort()).toEqual(['index.html', 'icons/favicon.svg', ...STOREFRONT].sort());
    expect(manifest).toContainEqual(candidate('index.html'));
    expect(warnings).toEqual([]);
  });

  it('warns when the build has no back-office chunk to leave out', () => {
    const { ['_back-office-C3.js']: _backOffice, ['src/features/back-office/pages/back-office-area.tsx']: _areas, ...storefrontOnly } = BUILD;
    const build = { ...storefrontOnly, 'src/app/unlisted-path.tsx': { ...BUILD['src/app/unlisted-path.tsx']!, dynamicImports: [] } };
    const { manifest, warnings } = storefrontPrecache(writeBuild(build))(STOREFRONT.map(candidate));
    expect(manifest).toHaveLength(STOREFRONT.length);
    expect(warnings).toHaveLength(1);
  });

  it('fails the build when the build manifest is missing', () => {
    expect(() => storefrontPrecache(join(folder, 'missing.json'))([])).toThrow();
  });
});
