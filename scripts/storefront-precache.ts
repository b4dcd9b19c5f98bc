import { readFileSync } from 'node:fs';

/** A chunk of Vite's build manifest (`dist/.vite/manifest.json`), as far as the precache needs it. */
export type BuildChunk = {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
};
export type BuildManifest = Record<string, BuildChunk>;

/** A file workbox-build offers to precache: its path under the build's folder, as the manifest names it. */
export type PrecacheCandidate = { url: string; revision: string | null; size: number };

/** The name of the code-splitting group that holds the back office's screens (vite.config.ts). */
export const BACK_OFFICE_CHUNK = 'back-office';

/** The back office's pages, as the build manifest names them (`src/features/back-office/pages/back-office-area.tsx`). */
const BACK_OFFICE_PAGES = /^src\/features\/back-office\/pages\//;

/**
 * Where the storefront opens the back office (the page for unlisted paths imports its areas lazily): the lazy chunk
 * of its screens, or a chunk of its pages' modules (the areas' module, a facade over that chunk).
 */
export function isBackOfficeEntry(key: string, chunk: BuildChunk): boolean {
  return chunk.name === BACK_OFFICE_CHUNK || BACK_OFFICE_PAGES.test(key);
}

/**
 * Every file a storefront page can load: from the entry, its imports, lazy imports, styles and fonts, but not through
 * the lazy import that opens the back office. A chunk the back office shares with the storefront is reached from the
 * storefront's side; a chunk the storefront imports statically is followed even if it is a back-office one, since
 * loading the storefront loads it.
 */
export function storefrontFiles(manifest: BuildManifest): Set<string> {
  const files = new Set<string>();
  const visited = new Set<string>();
  const visit = (key: string, lazily: boolean) => {
    const chunk = manifest[key];
    if (!chunk || visited.has(key) || (lazily && isBackOfficeEntry(key, chunk))) return;
    visited.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const imported of chunk.imports ?? []) visit(imported, false);
    for (const imported of chunk.dynamicImports ?? []) visit(imported, true);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key, false);
  return files;
}

/** Every file the build manifest names: scripts, styles and assets. */
function builtFiles(manifest: BuildManifest): Set<string> {
  return new Set(Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]));
}

/**
 * A workbox `manifestTransforms` step: the precache keeps only what a storefront page can load, so a shopper's phone
 * never downloads the back office. Files the build manifest does not name (index.html, the favicon) stay. The build
 * manifest is read when the transform runs, after Vite has written it.
 */
export function storefrontPrecache(buildManifestPath: string) {
  return (candidates: PrecacheCandidate[]) => {
    const manifest = JSON.parse(readFileSync(buildManifestPath, 'utf8')) as BuildManifest;
    const storefront = storefrontFiles(manifest);
    const built = builtFiles(manifest);
    const warnings = Object.entries(manifest).some(([key, chunk]) => isBackOfficeEntry(key, chunk))
      ? []
      : [`No back-office chunk in ${buildManifestPath}: the precache keeps every file the storefront reaches.`];
    return { manifest: candidates.filter(({ url }) => !built.has(url) || storefront.has(url)), warnings };
  };
}
