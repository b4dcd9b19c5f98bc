import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
