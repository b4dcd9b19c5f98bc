import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { backOfficeOpenings, chunkCollector, storefrontChunks, storefrontDifferences, type BuiltChunk } from './back-office-isolation';
import { SCRIPTS_ONLY_MODE } from './vite-plugins';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'haat-back-office-isolation-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

/** The web app's scripts as `npm run build` makes them, with the back office or with a stand-in that renders nothing. */
async function storefrontOf({ backOffice }: { backOffice: boolean }): Promise<{ chunks: BuiltChunk[]; openers: Set<string> }> {
  const chunks: BuiltChunk[] = [];
  const openings = backOfficeOpenings({ standIn: !backOffice });
  await build({
    root: ROOT,
    configFile: join(ROOT, 'vite.config.ts'),
    mode: SCRIPTS_ONLY_MODE,
    logLevel: 'silent',
    // The libraries' production code, as the real build has it (the test runner's NODE_ENV is `test`).
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { write: false, outDir, emptyOutDir: false },
    plugins: [openings, chunkCollector(chunks)],
  });
  expect(openings.opened.size, 'the routes that open the back office').toBeGreaterThan(0);
  return { chunks: storefrontChunks(chunks, (id) => openings.opened.has(id)), openers: openings.openers };
}

const chunk = (file: string, modules: Record<string, number>, more: Partial<BuiltChunk> = {}): BuiltChunk => ({
  file,
  isEntry: false,
  imports: [],
  dynamicImports: [],
  modules,
  ...more,
});

describe('the storefront without the back office', () => {
  it('names a library grown for the back office, a module split off, and leaves the back office itself out', () => {
    const reference = [
      chunk('index.js', { '/src/main.tsx': 100 }, { isEntry: true, dynamicImports: ['login.js', 'stand-in.js'] }),
      chunk('login.js', { '/zod/schemas.js': 4000, '/contract/orders.ts': 300, '/src/components/order-parts.tsx': 200 }),
      chunk('stand-in.js', { '\0stand-in': 20 }),
    ];
    const actual = [
      chunk('index.js', { '/src/main.tsx': 100 }, { isEntry: true, dynamicImports: ['login.js', 'back-office.js'] }),
      chunk('login.js', { '/zod/schemas.js': 4400, '/contract/orders.ts': 300 }, { imports: ['order-parts.js'] }),
      chunk('order-parts.js', { '/src/components/order-parts.tsx': 200 }),
      chunk('back-office.js', { '/src/routes/admin.$.tsx?tsr-split=component': 50, '/zod/schemas.js?back-office': 9000 }),
    ];
    const opens = (id: string) => id.includes('tsr-split') || id === '\0stand-in';
    expect(storefrontDifferences(storefrontChunks(actual, opens), storefrontChunks(reference, opens))).toEqual([
      '/zod/schemas.js: 4000 bytes of code without the back office, 4400 with it',
      '/contract/orders.ts changed chunk: it was with [/contract/orders.ts + /src/components/order-parts.tsx + /zod/schemas.js], it is with [/contract/orders.ts + /zod/schemas.js]',
      '/src/components/order-parts.tsx changed chunk: it was with [/contract/orders.ts + /src/components/order-parts.tsx + /zod/schemas.js], it is with [/src/components/order-parts.tsx]',
    ]);
  });

  it('is what the build makes: the back office adds no code to a chunk a shopper loads and moves no module', async () => {
    const withoutBackOffice = await storefrontOf({ backOffice: false });
    const withBackOffice = await storefrontOf({ backOffice: true });
    expect(withBackOffice.chunks.length).toBeGreaterThan(5);
    expect(storefrontDifferences(withBackOffice.chunks, withoutBackOffice.chunks, withBackOffice.openers)).toEqual([]);
  }, 180_000);
});
