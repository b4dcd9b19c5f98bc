import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** A script chunk of a build: its file, what it loads, and each module in it with the length of its code there. */
export type BuiltChunk = { file: string; isEntry: boolean; imports: string[]; dynamicImports: string[]; modules: Record<string, number> };

/** The module that stands in for the back office in the build without it. */
const BACK_OFFICE_STAND_IN = '\0back-office-stand-in';
const ROUTE_SPLIT = /\?tsr-split=([\w-]+)$/;
const IMPORTS_BACK_OFFICE = /from '@\/features\/back-office\//;

/**
 * Where the storefront opens the back office: the split-off parts of the route files that render its screens
 * (`src/routes/admin.$.tsx?tsr-split=component`). With `standIn`, each is replaced by a module that renders nothing:
 * the same build with the same routes, without the back office's code.
 */
export function backOfficeOpenings({ standIn }: { standIn: boolean }): Plugin & { opened: Set<string>; openers: Set<string> } {
  const opened = new Set<string>();
  const openers = new Set<string>();
  return {
    name: 'haat:back-office-openings',
    enforce: 'pre',
    opened,
    openers,
    async resolveId(source, importer, options) {
      if (!ROUTE_SPLIT.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !IMPORTS_BACK_OFFICE.test(readFileSync(resolved.id.replace(/\?.*$/, ''), 'utf8'))) return resolved;
      const id = standIn ? `${BACK_OFFICE_STAND_IN}?${resolved.id.split('?')[1]}` : resolved.id;
      opened.add(id);
      if (importer) openers.add(importer);
      return id;
    },
    load(id) {
      // TanStack Router names the split-off export after the route option it replaces (`component`).
      const part = id.startsWith(BACK_OFFICE_STAND_IN) ? ROUTE_SPLIT.exec(id)?.[1] : undefined;
      return part ? `export const ${part} = () => null;` : null;
    },
  };
}

/** Collects the build's script chunks into `chunks`. */
export function chunkCollector(chunks: BuiltChunk[]): Plugin {
  return {
    name: 'haat:chunk-collector',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules = Object.fromEntries(Object.entries(output.modules).map(([id, module]) => [id, module.renderedLength]));
        chunks.push({ file: output.fileName, isEntry: output.isEntry, imports: output.imports, dynamicImports: output.dynamicImports, modules });
      }
    },
  };
}

/**
 * The chunks a storefront page can load: from the entry, through imports and lazy imports, except the back office's.
 * A lazy chunk is the back office's when it holds a route part that opens it, or when it is an empty facade over a chunk
 * that does (the build makes one for a route part placed in the back office's chunk when that chunk waits for its texts
 * with a top-level await).
 */
export function storefrontChunks(chunks: readonly BuiltChunk[], opensBackOffice: (moduleId: string) => boolean): BuiltChunk[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const holdsOpener = (chunk: BuiltChunk) => Object.keys(chunk.modules).some(opensBackOffice);
  const opensIt = (chunk: BuiltChunk) =>
    holdsOpener(chunk) ||
    (Object.keys(chunk.modules).length === 0 &&
      chunk.imports.some((file) => {
        const imported = byFile.get(file);
        return imported !== undefined && holdsOpener(imported);
      }));
  const reached = new Set<BuiltChunk>();
  const visit = (file: string, lazily: boolean) => {
    const chunk = byFile.get(file);
    if (!chunk || reached.has(chunk) || (lazily && opensIt(chunk))) return;
    reached.add(chunk);
    for (const imported of chunk.imports) visit(imported, false);
    for (const imported of chunk.dynamicImports) visit(imported, true);
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.file, false);
  return [...reached];
}

/** Each module of `chunks` with its code's length and the modules it shares its chunk with. */
function placements(chunks: readonly BuiltChunk[]): Map<string, { length: number; chunk: string }> {
  return new Map(
    chunks.flatMap((chunk) => {
      const together = Object.keys(chunk.modules).sort().join(' + ');
      return Object.entries(chunk.modules).map(([id, length]) => [id, { length, chunk: together }] as const);
    }),
  );
}

/**
 * How the storefront's chunks of a build differ from those of the same build without the back office: a module that
 * is there in one only, whose code is longer or shorter (more of a library kept for the back office's sake), or that
 * shares its chunk with other modules (a module both use split off into a chunk of its own). Empty when they match.
 * The code of the `openers` (the route files) is not compared: it names the file of the back office's chunk.
 */
export function storefrontDifferences(
  withBackOffice: readonly BuiltChunk[],
  withoutBackOffice: readonly BuiltChunk[],
  openers: ReadonlySet<string> = new Set(),
): string[] {
  const actual = placements(withBackOffice);
  const reference = placements(withoutBackOffice);
  const differences: string[] = [];
  for (const id of new Set([...actual.keys(), ...reference.keys()])) {
    const now = actual.get(id);
    const before = reference.get(id);
    if (!before) differences.push(`${id} is in a storefront chunk only with the back office`);
    else if (!now) differences.push(`${id} left the storefront's chunks with the back office`);
    else if (now.length !== before.length && !openers.has(id)) differences.push(`${id}: ${before.length} bytes of code without the back office, ${now.length} with it`);
    else if (now.chunk !== before.chunk) differences.push(`${id} changed chunk: it was with [${before.chunk}], it is with [${now.chunk}]`);
  }
  return differences;
}
