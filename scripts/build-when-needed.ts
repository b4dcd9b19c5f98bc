import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm start`'s first step: build the web app, its page renderer and the server's JavaScript when their sources are
 * newer than the build (`npm start` then runs the build, dist/.node/server/main.js).
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const webBuild = [join(root, 'dist', 'index.html'), join(root, 'dist', '.ssr', 'entry-server.js')];
const webSources = ['src', 'public', 'sw', 'contract', 'index.html', 'manifest.webmanifest', 'vite.config.ts', 'package.json'];
const serverBuild = [join(root, 'dist', '.node', 'server', 'main.js')];
const serverSources = ['server', 'contract', 'scripts/build-server.ts', 'package.json'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

const outOfDate = (built: string[], sources: string[]) =>
  Math.max(...sources.map((source) => newestChange(join(root, source)))) > Math.min(...built.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));

function run(what: string, args: string[]): void {
  console.log(`Building ${what}…`);
  const build = spawnSync(args[0]!, args.slice(1), { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The web app's build empties dist/, the server's build with it.
const webOutOfDate = outOfDate(webBuild, webSources);
if (webOutOfDate) {
  run('the web app', ['npx', 'vite', 'build', '--logLevel', 'warn']);
  run('the page renderer', ['npx', 'vite', 'build', '--logLevel', 'warn', '--ssr', 'src/entry-server.tsx']);
}
if (webOutOfDate || outOfDate(serverBuild, serverSources)) run('the server', [process.execPath, '--import', 'tsx', 'scripts/build-server.ts']);
