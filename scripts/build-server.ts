import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build, type Plugin } from 'esbuild';

/**
 * The server as production runs it: its modules (and contract/'s) compiled to JavaScript, one file each, in dist/.node/
 * (beside the web app and its page renderer in dist/.ssr/; the server never sends a dot folder's files), with the
 * migrations. `node dist/.node/server/main.js` then starts without compiling anything. `npm run dev` and the tests run
 * the sources. `--out-dir <folder>` builds into another folder (the Dockerfile's test builds an image's copy).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { 'out-dir': { type: 'string' } } });
const SERVER_BUILD = values['out-dir'] ? resolve(values['out-dir']) : join(root, 'dist', '.node');

/** Where the server starts: its command, the seeding command, and the modules its worker threads run. */
const ENTRIES = [
  'server/main.ts',
  'server/seed/cli.ts',
  ...readdirSync(join(root, 'server'), { recursive: true, encoding: 'utf8' })
    .filter((path) => /(^|[-/])worker\.ts$/.test(path) && !path.startsWith('test/'))
    .map((path) => join('server', path)),
];

/**
 * Each module compiled on its own: an import of one of ours stays an import, of the compiled file (`./x` becomes
 * `./x.js`, a folder its `index.js`, as Node's own resolution wants them), and is added to `found`; packages stay
 * packages.
 */
function oneFilePerModule(found: Set<string>): Plugin {
  return {
    name: 'one-file-per-module',
    setup(compiler) {
      compiler.onResolve({ filter: /.*/ }, ({ path, kind, resolveDir, importer }) => {
        if (kind === 'entry-point') return undefined;
        if (!path.startsWith('.')) return { path, external: true };
        const target = resolve(resolveDir, path);
        const source = [`${target}.ts`, join(target, 'index.ts')].find((file) => existsSync(file) && statSync(file).isFile());
        if (!source) return { errors: [{ text: `${path} (imported by ${importer}) is not a TypeScript module of ours` }] };
        found.add(relative(root, source));
        const compiled = relative(dirname(importer), source).replace(/\.ts$/, '.js');
        return { path: compiled.startsWith('.') ? compiled : `./${compiled}`, external: true };
      });
    },
  };
}

rmSync(SERVER_BUILD, { recursive: true, force: true });
// The entries, then the modules they import, and theirs in turn, until a round finds no new one.
const compiled = new Set<string>();
for (let round = ENTRIES; round.length > 0;) {
  const found = new Set<string>();
  await build({
    absWorkingDir: root,
    entryPoints: round,
    outdir: SERVER_BUILD,
    outbase: '.',
    bundle: true,
    plugins: [oneFilePerModule(found)],
    platform: 'node',
    format: 'esm',
    target: 'node22.12',
    logLevel: 'warning',
  });
  for (const path of round) compiled.add(path);
  round = [...found].filter((path) => !compiled.has(path));
}
cpSync(join(root, 'server', 'db', 'migrations'), join(SERVER_BUILD, 'server', 'db', 'migrations'), { recursive: true });
console.log(`The server: ${compiled.size} modules compiled into ${relative(root, SERVER_BUILD)}/`);
