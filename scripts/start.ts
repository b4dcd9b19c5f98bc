import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `npm start`: build the web app and its page renderer when their sources are newer than the build, then run the server. */
const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'dist', 'index.html');
const builtRenderer = join(root, 'dist', '.ssr', 'entry-server.js');
const sources = ['src', 'public', 'sw', 'contract', 'index.html', 'manifest.webmanifest', 'vite.config.ts', 'package.json'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

const buildTime = Math.min(...[builtIndex, builtRenderer].map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const sourceTime = Math.max(...sources.map((s) => newestChange(join(root, s))));
if (sourceTime > buildTime) {
  console.log('Building the web app…');
  for (const args of [[], ['--ssr', 'src/entry-server.tsx']]) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', ...args], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
await import('../server/main');
