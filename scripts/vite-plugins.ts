import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { transform as transformCss } from 'lightningcss';
import postcss from 'postcss';
import type { Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

type ManifestImage = { src: string };
type Manifest = { theme_color: string; icons?: ManifestImage[]; shortcuts?: { icons?: ManifestImage[] }[]; screenshots?: ManifestImage[] };

/** Every image the manifest names: icons, shortcut icons and screenshots. */
function manifestImages(manifest: Manifest): string[] {
  return [...(manifest.icons ?? []), ...(manifest.shortcuts ?? []).flatMap((shortcut) => shortcut.icons ?? []), ...(manifest.screenshots ?? [])].map(
    (image) => image.src,
  );
}

/**
 * The web app manifest lives at the top level as the single source: served in dev, emitted in the build as
 * /manifest.webmanifest (the build fails when an image it names is missing from public/), and its theme colour
 * written into index.html.
 */
export function webManifest(path: string): Plugin {
  const read = () => readFileSync(path, 'utf8');
  let publicDir = '';
  return {
    name: 'haat:web-manifest',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(read());
      });
    },
    transformIndexHtml: {
      // Before Vite's own HTML processing, which would otherwise hash a copy of the manifest into assets/: the link
      // keeps the stable address of the file emitted below.
      order: 'pre',
      handler: (html) =>
        html.replace('%THEME_COLOR%', (JSON.parse(read()) as Manifest).theme_color).replace(/<link rel="manifest"/, '<link rel="manifest" vite-ignore'),
    },
    generateBundle() {
      const source = read();
      const missing = manifestImages(JSON.parse(source) as Manifest).filter((src) => !existsSync(join(publicDir, src)));
      if (missing.length > 0) this.error(`manifest.webmanifest names images that public/ lacks: ${missing.join(', ')}`);
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source });
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

/**
 * Writes .br and .gz beside every text file of the finished build, so the server sends them without
 * compressing per request. It reads the files as written: earlier hooks still see placeholders Vite fills in late.
 */
export function precompress(): Plugin {
  return {
    name: 'haat:precompress',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => COMPRESSIBLE.test(fileName))
          .map(async (fileName) => {
            const path = join(dir, fileName);
            const buffer = await readFile(path);
            if (buffer.length < 1024) return;
            const [gz, br] = await Promise.all([
              gzipAsync(buffer, { level: 9 }),
              brotliAsync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length } }),
            ]);
            await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)]);
          }),
      );
    },
  };
}

/** The `@supports` blocks that give colours again in a wider gamut (`lab(…)`, `color-mix(…)`). */
const WIDER_GAMUT = /^\(color:\s*(lab|color-mix)\(/;
/** A colour a browser of the targets may lack. */
const WIDER_GAMUT_COLOUR = /\b(lab|lch|oklab|oklch|color-mix)\(/;
/** A browser without `lab()` or `color-mix()` (Chrome 100), for which every colour gets its sRGB form. */
const SRGB_ONLY_TARGETS = { chrome: 100 << 16 };

/**
 * The stylesheet with each colour in sRGB alone. Tailwind's palette is oklch: Lightning CSS writes each colour a
 * browser of the build's targets may lack in sRGB, then again (in `@supports (color:lab(…))` for a custom property, as
 * a second declaration for any other), and Tailwind writes its opacity modifiers in `@supports (color:color-mix(…))`;
 * the wider-gamut blocks and declarations go.
 */
export function withoutWiderGamut(css: string, filename = 'styles.css'): string {
  const { code } = transformCss({ filename, code: Buffer.from(css), targets: SRGB_ONLY_TARGETS });
  const root = postcss.parse(code.toString());
  root.walkAtRules('supports', (rule) => {
    if (WIDER_GAMUT.test(rule.params.trim())) rule.remove();
  });
  root.walkDecls((declaration) => {
    const before = declaration.prev();
    if (WIDER_GAMUT_COLOUR.test(declaration.value) && before?.type === 'decl' && before.prop === declaration.prop) declaration.remove();
  });
  return root.toString();
}

/**
 * The built stylesheet's colours are sRGB only. A rendered page paints with the rules it uses inline, in sRGB
 * (server/http/critical-css.ts), and applies the whole stylesheet as it hydrates: one that changed the colours then
 * would restyle and repaint every element and start every colour transition on the page, a long task at the worst
 * moment, for a difference a shopper cannot see. After Tailwind and Vite's CSS compiler, before the stylesheet is
 * minified and named after its content.
 */
export function srgbColoursOnly(): Plugin {
  return {
    name: 'haat:srgb-colours-only',
    apply: 'build',
    transform(code, id) {
      return /\.css($|\?)/.test(id) ? { code: withoutWiderGamut(code, id), map: null } : undefined;
    },
  };
}

/** `vite build --mode scripts-only`: the web app's scripts and styles, without its manifest, service worker and precompressed copies. */
export const SCRIPTS_ONLY_MODE = 'scripts-only';

/** The query that marks the back office's copy of a module (`/…/zod/v4/core/schemas.js?back-office`). */
export const BACK_OFFICE_COPY = '?back-office';

/** Libraries the back office gets its own copies of: they hold no state a storefront module shares with it. */
const COPIED_PACKAGES = /[\\/]node_modules[\\/](zod|react-hook-form|@hookform[\\/]resolvers|lucide-react)[\\/]/;
const SCRIPT = /\.(m?[jt]s|[jt]sx)$/;
/**
 * Our modules the back office gets copies of: components, helpers, contract rules, and the definitions of the text
 * namespaces both sides show (their texts stay one pair of chunks, which both copies load; the language store in
 * src/i18n stays one).
 */
const OUR_SHARED_CODE = /[\\/](src[\\/](components|lib)|contract)[\\/]|[\\/]src[\\/]messages[\\/][^\\/]+[\\/]index\.ts$/;

/**
 * The back office's own copies of what it shares with the storefront, so adding a back-office screen never changes a
 * storefront chunk. Rolldown tree-shakes a module once for all its importers and splits chunks by which entries reach a
 * module: a zod method only the back office calls used to land in the zod chunk /login loads, and a component both
 * use (the order badges) left the chunk of the account area for a chunk of its own. Every module an import from
 * back-office code reaches is therefore resolved to a copy (`?back-office`), tree-shaken and placed with the back
 * office: the shop's components, helpers and contract/ rules, and the libraries in COPIED_PACKAGES. Never copied:
 * the modules `isShared` names (the framework chunk: React, TanStack Router and Query, the session, the API client,
 * the toasts — the state both sides must share, and which every page loads anyway) and every other package.
 */
export function backOfficeCopies({ isBackOffice, isShared }: { isBackOffice: (id: string) => boolean; isShared: (id: string) => boolean }): Plugin {
  const copies = (id: string) =>
    !id.startsWith('\0') &&
    !id.includes('?') &&
    SCRIPT.test(id) &&
    !isBackOffice(id) &&
    !isShared(id) &&
    (COPIED_PACKAGES.test(id) || OUR_SHARED_CODE.test(id));
  return {
    name: 'haat:back-office-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !(importer.endsWith(BACK_OFFICE_COPY) || isBackOffice(importer))) return null;
      const resolved = await this.resolve(source, importer.replace(BACK_OFFICE_COPY, ''), { ...options, skipSelf: true });
      return resolved && !resolved.external && copies(resolved.id) ? { ...resolved, id: resolved.id + BACK_OFFICE_COPY } : resolved;
    },
  };
}

/** The mark of a module copied for the cart's tap handler (cartTapCopies). */
const CART_TAP_COPY = '?cart-tap';

/**
 * The cart's tap handler (`entry`, its own build entry, which a rendered product page imports before the app has
 * arrived) is built with copies of the modules it imports (`?cart-tap`): one file that needs no other. Shared with the
 * app, those modules would be split into a file of their own, which every first visit would then download beside the
 * framework's, and the tap would wait for two files.
 */
export function cartTapCopies(entry: string): Plugin {
  return {
    name: 'haat:cart-tap-copies',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !(importer.endsWith(CART_TAP_COPY) || importer === entry)) return null;
      const resolved = await this.resolve(source, importer.replace(CART_TAP_COPY, ''), { ...options, skipSelf: true });
      return resolved && !resolved.external && !resolved.id.includes('?') && SCRIPT.test(resolved.id)
        ? { ...resolved, id: resolved.id + CART_TAP_COPY }
        : resolved;
    },
  };
}

/**
 * The page renderer's build folder says its files are ES modules (`package.json` with `"type": "module"`): they use
 * top-level await (the texts' namespaces), which a copy of the build outside this project, with no package.json above
 * it, would otherwise load as CommonJS and fail on.
 */
export function esModulePackage(): Plugin {
  return {
    name: 'haat:es-module-package',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'package.json', source: '{ "type": "module" }\n' });
    },
  };
}
