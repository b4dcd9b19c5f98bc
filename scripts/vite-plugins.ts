import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * The web app manifest lives at the top level as the single source: served in dev, emitted in the
 * build, and its theme colour written into index.html.
 */
export function webManifest(path: string): Plugin {
  const read = () => readFileSync(path, 'utf8');
  return {
    name: 'haat:web-manifest',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json');
        res.end(read());
      });
    },
    transformIndexHtml: (html) => html.replace('%THEME_COLOR%', (JSON.parse(read()) as { theme_color: string }).theme_color),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: read() });
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
