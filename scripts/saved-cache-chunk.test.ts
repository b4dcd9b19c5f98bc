import { describe, expect, it } from 'vitest';
import { builtScripts, type BuiltChunk } from './back-office-isolation';

/** The saved cache's modules: its code, the IndexedDB key and store, TanStack's persist client. */
const SAVED_CACHE =
  /[\\/]src[\\/](app[\\/]persistence[\\/]|lib[\\/]saved-queries\.ts)|node_modules[\\/](idb-keyval|@tanstack[\\/](react-query-persist-client|query-persist-client-core))[\\/]/;

/** The chunks loaded with `files` before any of their code runs: they and what they import, not what they import lazily. */
function loadedWith(chunks: readonly BuiltChunk[], files: readonly string[]): BuiltChunk[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const loaded = new Set<BuiltChunk>();
  const visit = (file: string) => {
    const chunk = byFile.get(file);
    if (!chunk || loaded.has(chunk)) return;
    loaded.add(chunk);
    chunk.imports.forEach(visit);
  };
  files.forEach(visit);
  return [...loaded];
}

const savedCacheModulesOf = (chunks: readonly BuiltChunk[]) => chunks.flatMap((chunk) => Object.keys(chunk.modules).filter((id) => SAVED_CACHE.test(id)));

describe("the saved cache's code in the build", () => {
  it('is not loaded with the entry, so a rendered page hydrates without it; the entry imports it lazily', async () => {
    const chunks = await builtScripts();
    const entries = chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.file);
    const atStart = loadedWith(chunks, entries);

    expect(savedCacheModulesOf(atStart)).toEqual([]);
    const lazily = loadedWith(
      chunks,
      atStart.flatMap((chunk) => chunk.dynamicImports),
    );
    expect(savedCacheModulesOf(lazily)).toEqual(expect.arrayContaining([expect.stringMatching(/[\\/]src[\\/]app[\\/]persistence[\\/]saved-cache\.ts$/)]));
  }, 180_000);
});
