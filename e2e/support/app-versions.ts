import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/** A copy of the build under test that a test may change, as a deployment of a new version would. */
export function copyBuild(webRoot: string): { root: string; remove: () => void } {
  const root = mkdtempSync(join(tmpdir(), 'haat-e2e-build-'));
  cpSync(webRoot, root, { recursive: true });
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Writes a text file of the build with the .br and .gz beside it that the server prefers. */
function writeBuildFile(path: string, text: string) {
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

/**
 * Deploys version `version` over the copy: index.html gains `<meta name="app-version" content=…>` and sw.js the new
 * index.html's precache revision, so browsers find a new service worker that precaches the new page.
 */
export function publishVersion(root: string, version: string): void {
  const indexPath = join(root, 'index.html');
  writeBuildFile(indexPath, readFileSync(indexPath, 'utf8').replace('</head>', `<meta name="app-version" content="${version}"></head>`));
  const swPath = join(root, 'sw.js');
  const sw = readFileSync(swPath, 'utf8');
  const revised = sw.replace(/"revision":"[0-9a-f]+","url":"index.html"/, `"revision":"${version}","url":"index.html"`);
  if (revised === sw) throw new Error('sw.js has no precache entry for index.html to revise');
  writeBuildFile(swPath, revised);
}

/**
 * Deploys a new build over the copy, as a release does: every script gets a new name (its references in the other
 * scripts, index.html, the build manifest and sw.js follow) and the old files are deleted, so a page of the old build
 * that imports one of them gets a 404. index.html gains `<meta name="app-version" content=…>`.
 */
export function publishRenamedBuild(root: string, version: string): void {
  const assets = join(root, 'assets');
  const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const renamed = new Map(scripts.map((name) => [name, name.replace(/\.js$/, `${version.replace(/\W/g, '')}.js`)]));
  const pattern = new RegExp([...renamed.keys()].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  const rewrite = (text: string) => text.replace(pattern, (name) => renamed.get(name)!);
  for (const name of scripts) {
    writeBuildFile(join(assets, renamed.get(name)!), rewrite(readFileSync(join(assets, name), 'utf8')));
    for (const file of [name, `${name}.br`, `${name}.gz`]) rmSync(join(assets, file), { force: true });
  }
  for (const file of [join(root, '.vite', 'manifest.json'), join(root, 'sw.js')]) writeBuildFile(file, rewrite(readFileSync(file, 'utf8')));
  const indexPath = join(root, 'index.html');
  writeBuildFile(indexPath, rewrite(readFileSync(indexPath, 'utf8')).replace('</head>', `<meta name="app-version" content="${version}"></head>`));
}
