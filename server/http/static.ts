import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hintTags, landingHints, wantsLightImages, type BuildManifest, type LandingContext } from './landing-hints';

/** The API's per-request Brotli quality: a few KB take well under a millisecond. */
const BROTLI = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

/** Files whose name never changes must be revalidated; hashed build output can be cached for a year. */
const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

export function hasBuild(dir: string): boolean {
  return existsSync(join(dir, 'index.html'));
}

/** Serves the built web app from `dir`, with `index.html` for any unknown non-API path (client-side routes). */
export async function serveWebApp(app: FastifyInstance, dir: string) {
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each text asset; send those to browsers that accept them.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      // With preCompressed the path is the .br or .gz beside the file; its name decides.
      const name = basename(path).replace(/\.(br|gz)$/, '');
      if (NO_CACHE.has(name)) reply.header('Cache-Control', 'no-cache');
      else if (path.includes(`${join(dir, 'assets')}`)) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      else reply.header('Cache-Control', 'public, max-age=86400');
    },
  });
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
 * Sends the document of a client-side route: the build's index.html with hints for what that page fetches first
 * (landing-hints.ts), compressed here as the not-found handler that sends it is no route of the compression plugin.
 * index.html is read again whenever it changes, so a rebuild under a running server is picked up.
 */
export function pageSender(
  dir: string,
  shop: Pick<LandingContext, 'firstBannerImage'>,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  const indexFile = join(dir, 'index.html');
  const manifestFile = join(dir, '.vite', 'manifest.json');
  let loaded: { mtimeMs: number; html: string; manifest: BuildManifest | null } | null = null;
  const documentFor = async (request: FastifyRequest) => {
    const { mtimeMs } = statSync(indexFile);
    if (loaded?.mtimeMs !== mtimeMs) {
      const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest) : null;
      loaded = { mtimeMs, html: readFileSync(indexFile, 'utf8'), manifest };
    }
    const { html, manifest } = loaded;
    const tags = hintTags(await landingHints(request.url, manifest, { ...shop, lightImages: wantsLightImages(request.headers) }));
    return tags ? html.replace('</head>', `  ${tags}\n  </head>`) : html;
  };
  return async (request, reply) => {
    const html = Buffer.from(await documentFor(request));
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Encoding, Save-Data, ECT')
      // Browsers then report their connection class on later visits, so the banner hint matches the app's choice.
      .header('Accept-CH', 'ECT')
      .type('text/html; charset=utf-8');
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply.send(encoding === 'br' ? brotliCompressSync(html, BROTLI) : encoding === 'gzip' ? gzipSync(html) : html);
  };
}
