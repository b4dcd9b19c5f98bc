import { describe, expect, it } from 'vitest';
import { backOfficeOpenings, builtScripts, storefrontChunks, storefrontDifferences, type BuiltChunk } from './back-office-isolation';

/** The web app's scripts as `npm run build` makes them, with the back office or with a stand-in for its door. */
async function storefrontOf({ backOffice }: { backOffice: boolean }) {
  const openings = backOfficeOpenings({ standIn: !backOffice });
  const chunks = await builtScripts([openings]);
  expect(openings.doors.size, 'the page for unlisted paths').toBe(1);
  return { chunks: storefrontChunks(chunks), ...openings };
}

const chunk = (file: string, modules: Record<string, string>, more: Partial<BuiltChunk> = {}): BuiltChunk => ({
  file,
  isEntry: false,
  imports: [],
  dynamicImports: [],
  modules,
  ...more,
});

describe('the storefront without the back office', () => {
  it('names a library grown for the back office, a module split off, and leaves the door and the back office out', () => {
    const isDoor = (id: string) => id.startsWith('/src/app/unlisted-path.tsx');
    const reference = [
      chunk(
        'index-A1b2C3d4.js',
        { '/src/main.tsx': 'import("./unlisted-path-!~{01$}~.js")' },
        { isEntry: true, dynamicImports: ['login.js', 'unlisted-path-Q1w2E3r4.js'] },
      ),
      chunk('login.js', { '/zod/schemas.js': 'a'.repeat(40), '/contract/orders.ts': 'b', '/src/components/order-parts.tsx': 'c' }),
      chunk('unlisted-path-Q1w2E3r4.js', { '/src/app/unlisted-path.tsx?stand-in': 'x', '/src/components/not-found-page.tsx': 'n' }),
    ];
    const actual = [
      // Only the placeholder of the door's file name differs: not a difference.
      chunk(
        'index-Z9y8X7w6.js',
        { '/src/main.tsx': 'import("./unlisted-path-!~{00_}~.js")' },
        { isEntry: true, dynamicImports: ['login.js', 'unlisted-path-P0o9I8u7.js'] },
      ),
      chunk('login.js', { '/zod/schemas.js': 'a'.repeat(44), '/contract/orders.ts': 'b' }, { imports: ['order-parts.js'] }),
      chunk('order-parts.js', { '/src/components/order-parts.tsx': 'c' }),
      chunk(
        'unlisted-path-P0o9I8u7.js',
        { '/src/app/unlisted-path.tsx': 'xyz', '/src/components/not-found-page.tsx': 'n', '/src/lib/guards.ts': 'g' },
        { dynamicImports: ['back-office.js'] },
      ),
      chunk('back-office.js', { '/src/features/back-office/pages/back-office-area.tsx': 'b', '/zod/schemas.js?back-office': 'z'.repeat(90) }),
    ];
    expect(storefrontChunks(actual).map(({ file }) => file)).not.toContain('back-office.js');
    expect(storefrontDifferences(storefrontChunks(actual), storefrontChunks(reference), isDoor)).toEqual([
      '/zod/schemas.js: 40 bytes of code without the back office, 44 with it',
      '/contract/orders.ts changed chunk: it was with [/contract/orders.ts + /src/components/order-parts.tsx + /zod/schemas.js], it is with [/contract/orders.ts + /zod/schemas.js]',
      '/src/components/order-parts.tsx changed chunk: it was with [/contract/orders.ts + /src/components/order-parts.tsx + /zod/schemas.js], it is with [/src/components/order-parts.tsx]',
    ]);
  });

  it("is what the build makes: the route table knows no back-office path, and only the 404 page's chunk differs", async () => {
    const withoutBackOffice = await storefrontOf({ backOffice: false });
    const withBackOffice = await storefrontOf({ backOffice: true });
    expect(withBackOffice.chunks.length).toBeGreaterThan(5);
    // The storefront reaches the back office through the page for unlisted paths alone, and no route file names it.
    expect([...withBackOffice.openers]).toEqual([...withBackOffice.doors]);
    expect([...withBackOffice.routes]).toEqual([]);
    expect([...withoutBackOffice.openers]).toEqual([]);
    const isDoor = (id: string) => withBackOffice.doors.has(id) || withoutBackOffice.doors.has(id);
    expect(storefrontDifferences(withBackOffice.chunks, withoutBackOffice.chunks, isDoor)).toEqual([]);
  }, 180_000);
});
