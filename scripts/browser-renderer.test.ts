import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { chunkCollector, type BuiltChunk } from './back-office-isolation';
import { SCRIPTS_ONLY_MODE } from './vite-plugins';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'haat-browser-renderer-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("the web app's build", () => {
  it('hydrates with React DOM, the renderer of the server and the unit tests, and holds nothing of Preact', async () => {
    const chunks: BuiltChunk[] = [];
    await build({
      root: ROOT,
      configFile: join(ROOT, 'vite.config.ts'),
      mode: SCRIPTS_ONLY_MODE,
      logLevel: 'silent',
      // The libraries' production code, as the real build has it (the test runner's NODE_ENV is `test`).
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: { write: false, outDir, emptyOutDir: false },
      plugins: [chunkCollector(chunks)],
    });
    const modules = chunks.flatMap((chunk) => Object.keys(chunk.modules));
    expect(modules.filter((id) => /[\\/]node_modules[\\/]react-dom[\\/].*client/.test(id)).length, "React DOM's client").toBeGreaterThan(0);
    expect(modules.filter((id) => /preact/i.test(id))).toEqual([]);
    const preactCode = chunks.filter((chunk) => Object.values(chunk.modules).some((code) => /from\s*["']preact|require\(["']preact/.test(code)));
    expect(preactCode.map((chunk) => chunk.file)).toEqual([]);
  }, 180_000);
});
