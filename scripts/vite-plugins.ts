import { readFileSync } from 'node:fs';
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

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

/** Writes .br and .gz beside every text asset so the server sends them without compressing per request. */
export function precompress(): Plugin {
  return {
    name: 'haat:precompress',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const source = output.type === 'chunk' ? output.code : output.source;
        const buffer = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
        if (buffer.length < 1024) continue;
        const [gz, br] = await Promise.all([
          gzipAsync(buffer, { level: 9 }),
          brotliAsync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length } }),
        ]);
        this.emitFile({ type: 'asset', fileName: `${fileName}.gz`, source: gz });
        this.emitFile({ type: 'asset', fileName: `${fileName}.br`, source: br });
      }
    },
  };
}
