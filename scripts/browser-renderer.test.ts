import { describe, expect, it } from 'vitest';
import { builtScripts } from './back-office-isolation';

describe("the web app's build", () => {
  it('hydrates with React DOM, the renderer of the server and the unit tests, and holds nothing of Preact', async () => {
    const chunks = await builtScripts();
    const modules = chunks.flatMap((chunk) => Object.keys(chunk.modules));
    expect(modules.filter((id) => /[\\/]node_modules[\\/]react-dom[\\/].*client/.test(id)).length, "React DOM's client").toBeGreaterThan(0);
    expect(modules.filter((id) => /preact/i.test(id))).toEqual([]);
    const preactCode = chunks.filter((chunk) => Object.values(chunk.modules).some((code) => /from\s*["']preact|require\(["']preact/.test(code)));
    expect(preactCode.map((chunk) => chunk.file)).toEqual([]);
  }, 180_000);
});
