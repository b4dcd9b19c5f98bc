import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Files whose name never changes must be revalidated; hashed build output can be cached for a year. */
const NO_CACHE = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

export function hasBuild(dir: string): boolean {
  return existsSync(join(dir, 'index.html'));
}

/** Serves the built web app's files from `dir` (pages are answered by pages.ts). */
export async function serveWebApp(app: FastifyInstance, dir: string) {
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    // The server writes these itself (server/modules/seo), whatever an older build left beside its files.
    globIgnore: ['robots.txt', 'sitemap.xml'],
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
