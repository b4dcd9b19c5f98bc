import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { passTo } from './pass-through';
import { freePort, type RunningServer } from './server';

/**
 * The original client: the React app the specification was written from, built for a same-origin `/api` into a folder
 * outside this repository (`ORIGINAL_CLIENT_DIST`, or `--original DIR`). Served beside the shop on the same API and
 * data, it is measured in the same run as the shop, so the two are compared on one machine at one moment.
 */
export const ORIGINAL_CLIENT_DIST = process.env.ORIGINAL_CLIENT_DIST ? resolve(process.env.ORIGINAL_CLIENT_DIST) : undefined;

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** Paths answered by the shop itself: the API, uploaded pictures and the sandbox gateway's pages. */
const SHOP_PATHS = /^\/(api|media|sandbox)(\/|$|\?)/;

/** The file a request names inside `dist`, or the app's `index.html` for any route of the single-page app. */
export function fileFor(dist: string, url: string): string {
  const path = decodeURIComponent(url.split('?')[0] ?? '/');
  const file = normalize(join(dist, path));
  const inside = file === dist || file.startsWith(dist + sep);
  return inside && existsSync(file) && statSync(file).isFile() ? file : join(dist, 'index.html');
}

/**
 * Serves the original client's build as a production host would (Brotli or gzip files beside each text file, a year's
 * caching for the hashed `/assets/`, `no-cache` for the rest) and passes the shop's own paths to `shopBaseUrl`.
 */
export async function serveOriginalClient(distDir: string, shopBaseUrl: string): Promise<RunningServer> {
  const dist = resolve(distDir);
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist}/index.html is missing: build the original client first`);
  const shop = new URL(shopBaseUrl);
  const server: Server = createServer((incoming, outgoing) => {
    const url = incoming.url ?? '/';
    if (SHOP_PATHS.test(url)) return passTo(shop, incoming, outgoing);
    let file = fileFor(dist, url);
    const headers: Record<string, string> = {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': file.startsWith(join(dist, 'assets') + sep) ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    const accepted = String(incoming.headers['accept-encoding'] ?? '');
    for (const [token, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (new RegExp(`\\b${token}\\b`).test(accepted) && existsSync(file + suffix)) {
        headers['content-encoding'] = token;
        file += suffix;
        break;
      }
    }
    outgoing.writeHead(200, headers);
    createReadStream(file).pipe(outgoing);
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
