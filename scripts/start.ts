import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `npm start`: build the web app when its sources are newer than the build, then run the server. */
const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'dist', 'index.html');
const sources = ['src', 'public', 'sw', 'contract', 'index.html', 'manifest.webmanifest', 'vite.config.ts', 'package.json'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

const buildTime = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourceTime = Math.max(...sources.map((s) => newestChange(join(root, s))));
if (sourceTime > buildTime) {
  console.log('Building the web app…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
await import('../server/main');
