import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The benchmarks' own tools (Lighthouse, chrome-launcher, autocannon) live in bench/package.json, so neither the
 * shop's installs nor its image carry them: `npm run bench` installs them from bench/package-lock.json when
 * bench/node_modules is missing or older than that lock.
 */
const bench = fileURLToPath(new URL('.', import.meta.url));
const lock = join(bench, 'package-lock.json');
const installed = join(bench, 'node_modules', '.package-lock.json');

if (!existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs) {
  console.log('Installing the benchmarks’ tools into bench/node_modules…');
  const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: bench, stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
