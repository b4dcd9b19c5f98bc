import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The app's TanStack Query packages (React Query, the persisted-cache provider and its core) must share one
 * `@tanstack/query-core`: with two, the provider restores a cache into a QueryClient class the app's hooks do not use. Each of them asks for one exact query-core version, so they are pinned together in
 * package.json and Renovate updates them as a group; this fails when an install resolves to a second copy.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const QUERY_CORE = '@tanstack/query-core';
const QUERY_PACKAGES = ['@tanstack/react-query', '@tanstack/react-query-persist-client', '@tanstack/query-persist-client-core'];

type LockEntry = { version?: string; dependencies?: Record<string, string> };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
const inLock = (name: string) => Object.entries(lock.packages).filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`));

/** Every installed copy of `name` in `dir`'s node_modules, however deep. */
function installedCopies(dir: string, name: string): string[] {
  const modules = join(dir, 'node_modules');
  let entries: string[];
  try {
    entries = readdirSync(modules);
  } catch {
    return [];
  }
  const packages = entries.flatMap((entry) => (entry.startsWith('@') ? readdirSync(join(modules, entry)).map((sub) => `${entry}/${sub}`) : [entry]));
  return packages.flatMap((pkg) => [...(pkg === name ? [join(modules, pkg)] : []), ...installedCopies(join(modules, pkg), name)]);
}

describe('TanStack Query', () => {
  it('locks one query-core, the version every Query package asks for', () => {
    const cores = inLock(QUERY_CORE);
    expect(cores.map(([path]) => path)).toEqual([`node_modules/${QUERY_CORE}`]);
    const version = cores[0]![1].version;
    for (const name of QUERY_PACKAGES) {
      const copies = inLock(name);
      expect(copies, name).toHaveLength(1);
      const wanted = copies[0]![1].dependencies?.[QUERY_CORE] ?? copies[0]![1].dependencies?.['@tanstack/query-persist-client-core'];
      expect(wanted, `${name} asks for`).toBe(version);
    }
  });

  it('installs one query-core', () => {
    expect(installedCopies(root, QUERY_CORE)).toEqual([join(root, 'node_modules', QUERY_CORE)]);
  });
});
