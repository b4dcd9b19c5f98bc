import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './lib/project-root';

const SERVER = join(PROJECT_ROOT, 'server');

/** The server's own TypeScript files, tests left out: the program as it runs. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The server files `file` imports, type-only imports and re-exports included: a cycle of types is still a knot to untie. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.flatMap(({ fileName }) => {
    if (!fileName.startsWith('.')) return [];
    const target = resolve(dirname(file), fileName.replace(/\.js$/, ''));
    const found = [`${target}.ts`, join(target, 'index.ts')].find((candidate) => candidate.startsWith(`${SERVER}/`) && existsSync(candidate));
    return found ? [found] : [];
  });
}

/** Every group of files that reach one another through their imports (Tarjan's strongly connected components), each as a loop. */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)!.includes(file)) found.push(group.map((path) => relative(PROJECT_ROOT, path)).sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe("the server's imports", () => {
  const graph = new Map(sourceFiles(SERVER).map((file) => [file, importsOf(file)]));

  it('are read: the context, auth and notifications files import what they name', () => {
    const importsIn = (path: string) => graph.get(join(SERVER, path))!.map((file) => relative(SERVER, file));
    expect(importsIn('context.ts')).toContain('modules/notifications/sender.ts');
    expect(importsIn('modules/notifications/messages.ts')).toContain('modules/auth/messages.ts');
    expect(importsIn('modules/auth/service.ts')).toContain('context.ts');
  });

  it('flow one way: no file reaches itself through what it imports', () => {
    expect(cycles(graph)).toEqual([]);
  });
});
