import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST, startBuiltServer, type RunningServer } from './server';

/** Where the limit page is served: a file of the build, so the server sends it as it sends the build's own files. */
export const LIMIT_PAGE_PATH = '/limit.html';

/**
 * The home page's first banner picture exactly as the page draws it: its `<img>` in the server-rendered home page
 * (the carousel section's first image). A server just started may answer the first pages with the shell while its
 * renderer warms up: asked again a few times.
 */
export async function firstBannerImage(baseUrl: string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const section = html.indexOf('aria-roledescription="carousel"');
    const image = section < 0 ? null : /<img [^>]*>/.exec(html.slice(section))?.[0];
    if (image) return image;
    if (attempt === 10) throw new Error('the home page shows no banner: the demo catalogue seeds three, and the page should be rendered');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * The fastest a page of this shop can show its largest picture: a static page with no script and no stylesheet file
 * that shows only the home page's first banner, with the same candidates and sizes, served by the same server.
 */
export function limitPage(bannerImage: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="description" content="The limit: the first banner alone.">',
    '<title>haat — the limit page</title>',
    '<style>body{margin:0;padding:16px;font-family:system-ui}img{display:block;width:100%;height:auto;border-radius:8px}</style>',
    '</head>',
    '<body>',
    '<main>',
    bannerImage.replace(/ class="[^"]*"/, ''),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * The built app served with the limit page beside it: a copy of the build with the page added, on a database seeded
 * by a first start (the banner's address is the seed's), served by a second start on the same data.
 */
export async function startServerWithLimitPage(): Promise<RunningServer> {
  const webRoot = mkdtempSync(join(tmpdir(), 'haat-limit-build-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-limit-data-'));
  const cleanUp = () => {
    rmSync(webRoot, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    cpSync(DIST, webRoot, { recursive: true });
    const seeding = await startBuiltServer({ webRoot, dataDir });
    let banner: string;
    try {
      banner = await firstBannerImage(seeding.baseUrl);
    } finally {
      await seeding.stop();
    }
    writeFileSync(join(webRoot, LIMIT_PAGE_PATH.slice(1)), limitPage(banner));
    const server = await startBuiltServer({ webRoot, dataDir });
    return {
      baseUrl: server.baseUrl,
      stop: async () => {
        await server.stop();
        cleanUp();
      },
    };
  } catch (err) {
    cleanUp();
    throw err;
  }
}
