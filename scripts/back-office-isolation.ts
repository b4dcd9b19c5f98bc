import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { SCRIPTS_ONLY_MODE } from './vite-plugins';

/** A script chunk of a build: its file, what it loads, and each module in it with its code there. */
export type BuiltChunk = { file: string; isEntry: boolean; imports: string[]; dynamicImports: string[]; modules: Record<string, string> };

/** The page for paths the route table does not list: the storefront's one way into the back office. */
const DOOR = /[\\/]src[\\/]app[\\/]unlisted-path\.tsx$/;
/** The back office's own modules, and the back office's copies of the shop's (backOfficeCopies). */
const BACK_OFFICE = /[\\/]src[\\/]features[\\/]back-office[\\/]|\?back-office$/;
/** A route file of a back-office path (`src/routes/admin.$.tsx`, `src/routes/seller/products.tsx`, `…/_layout/admin.tsx`). */
const BACK_OFFICE_ROUTE = /[\\/]src[\\/]routes[\\/](?:[^?]*[\\/.])?(?:admin|seller)[\\/._]/;
/** The stand-in's query on the door's own path: the same name, so its chunk is named as the door's is. */
const STAND_IN = '?stand-in';

/**
 * What the door shows for every other path, and all the storefront had before the back office: the 404 page on a
 * page of its own. The build without the back office renders this in the door's place.
 */
const STAND_IN_CODE = [
  "import { jsx } from 'react/jsx-runtime';",
  "import { NotFoundPage } from '@/components/not-found-page';",
  "import { StandaloneLayout } from '@/app/layout/standalone-layout';",
  'export function UnlistedPath() { return jsx(StandaloneLayout, { children: jsx(NotFoundPage, {}) }); }',
].join('\n');

/**
 * Where the storefront opens the back office. `doors`: the modules the build resolved as the door (with `standIn`, the
 * stand-in that takes its place: the same build without the back office). `openers`: every module outside the back
 * office that imports one of its modules, which must be the door alone. `routes`: the route files of back-office
 * paths, which must be none (the storefront's route table is part of every first visit).
 */
export function backOfficeOpenings({ standIn }: { standIn: boolean }): Plugin & { doors: Set<string>; openers: Set<string>; routes: Set<string> } {
  const doors = new Set<string>();
  const openers = new Set<string>();
  const routes = new Set<string>();
  return {
    name: 'haat:back-office-openings',
    enforce: 'pre',
    doors,
    openers,
    routes,
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external) return resolved;
      if (BACK_OFFICE_ROUTE.test(resolved.id)) routes.add(resolved.id.replace(/\?.*$/, ''));
      if (importer && BACK_OFFICE.test(resolved.id) && !BACK_OFFICE.test(importer)) openers.add(importer);
      if (!DOOR.test(resolved.id)) return resolved;
      const id = standIn ? `${resolved.id}${STAND_IN}` : resolved.id;
      doors.add(id);
      return id;
    },
    load(id) {
      return id.endsWith(STAND_IN) ? STAND_IN_CODE : null;
    },
  };
}

/** Collects the build's script chunks into `chunks`. */
function chunkCollector(chunks: BuiltChunk[]): Plugin {
  return {
    name: 'haat:chunk-collector',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules = Object.fromEntries(Object.entries(output.modules).map(([id, module]) => [id, module.code ?? '']));
        chunks.push({ file: output.fileName, isEntry: output.isEntry, imports: output.imports, dynamicImports: output.dynamicImports, modules });
      }
    },
  };
}

/**
 * The web app's script chunks as `npm run build` makes them (the libraries' production code: the test runner's
 * NODE_ENV is `test`), with `plugins` beside the build's own; nothing is written.
 */
export async function builtScripts(plugins: Plugin[] = []): Promise<BuiltChunk[]> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const chunks: BuiltChunk[] = [];
  await build({
    root,
    configFile: join(root, 'vite.config.ts'),
    mode: SCRIPTS_ONLY_MODE,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { write: false, outDir: join(tmpdir(), 'haat-built-scripts'), emptyOutDir: false },
    plugins: [...plugins, chunkCollector(chunks)],
  });
  return chunks;
}

/**
 * The chunks a storefront page can load: from the entry, through imports and lazy imports, except the back office's
 * (a lazy chunk holding a back-office module, or an empty facade over one: the build makes one for a module placed in
 * the back office's chunk when that chunk waits for its texts with a top-level await).
 */
export function storefrontChunks(chunks: readonly BuiltChunk[]): BuiltChunk[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));
  const holdsBackOffice = (chunk: BuiltChunk) => Object.keys(chunk.modules).some((id) => BACK_OFFICE.test(id));
  const opensIt = (chunk: BuiltChunk) =>
    holdsBackOffice(chunk) ||
    (Object.keys(chunk.modules).length === 0 &&
      chunk.imports.some((file) => {
        const imported = byFile.get(file);
        return imported !== undefined && holdsBackOffice(imported);
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

/**
 * A module's code as the bundler renders it, without what depends on the rest of the build: the placeholders of the
 * chunks it loads (their names carry a hash of what is in them), and the numbers that keep its names apart from other
 * modules' (`_jsxFileName$12`), which count every module of the build.
 */
const ownCode = (code: string) => code.replace(/!~\{[^}]*\}~/g, '!~{}~').replace(/\$\d+\b/g, '$');

/** Each module of `chunks`, outside the door's chunk, with its code and the modules it shares its chunk with. */
function placements(chunks: readonly BuiltChunk[], isDoor: (moduleId: string) => boolean): Map<string, { code: string; chunk: string }> {
  return new Map(
    chunks
      .filter((chunk) => !Object.keys(chunk.modules).some(isDoor))
      .flatMap((chunk) => {
        const together = Object.keys(chunk.modules).sort().join(' + ');
        return Object.entries(chunk.modules).map(([id, code]) => [id, { code: ownCode(code), chunk: together }] as const);
      }),
  );
}

/**
 * How the storefront's chunks of a build differ from those of the same build without the back office: a module that
 * is there in one only, whose code differs (a library kept whole for the back office's sake, a component that learned
 * about it), or that shares its chunk with other modules (a module both use split off into a chunk of its own). Empty
 * when they match. The door's chunk is the one that may differ: a shopper loads it for a page that is not found.
 */
export function storefrontDifferences(
  withBackOffice: readonly BuiltChunk[],
  withoutBackOffice: readonly BuiltChunk[],
  isDoor: (moduleId: string) => boolean,
): string[] {
  const actual = placements(withBackOffice, isDoor);
  const reference = placements(withoutBackOffice, isDoor);
  const differences: string[] = [];
  for (const id of new Set([...actual.keys(), ...reference.keys()])) {
    const now = actual.get(id);
    const before = reference.get(id);
    if (!before) differences.push(`${id} is in a storefront chunk only with the back office`);
    else if (!now) differences.push(`${id} left the storefront's chunks with the back office`);
    else if (now.code !== before.code) differences.push(`${id}: ${before.code.length} bytes of code without the back office, ${now.code.length} with it`);
    else if (now.chunk !== before.chunk) differences.push(`${id} changed chunk: it was with [${before.chunk}], it is with [${now.chunk}]`);
  }
  return differences;
}
