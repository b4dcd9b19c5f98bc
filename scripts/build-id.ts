import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What the shipped app is made of: a change to any of these is a new version of the app. */
const INPUTS = ['src', 'sw', 'contract', 'public', 'index.html', 'manifest.webmanifest', 'package-lock.json'];

function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

/**
 * A short hash of the app's sources: the same sources always give the same id, so rebuilding
 * unchanged code keeps every hashed file (and the shoppers' caches) as they were.
 */
export function buildId(root: string): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((input) => filesUnder(join(root, input)))) {
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(relative(root, file).replaceAll('\\', '/'));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 12);
}
