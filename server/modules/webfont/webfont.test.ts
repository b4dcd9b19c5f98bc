import { create } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { shopFacePath } from '../../../contract/webfont';
import { useShop } from '../../test/harness';
import { insertCategory, insertProduct } from '../products/test-fixtures';

const t = useShop({ env: { FONT_RECUT_SECONDS: '0' }, people: true, appPerTest: true });

const fetchFace = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: shopFacePath(400), headers });
const glyphsFor = (woff2: Buffer, text: string) => create(woff2).layout(text).glyphs;

describe('GET /fonts/{face}', () => {
  it("answers the shop's Bangla face, cut for its words, revalidated by its ETag", async () => {
    const category = await insertCategory(t.db, 'শাড়ি');
    await insertProduct(t.db, { categoryId: category.id, name: 'জামদানি শাড়ি', description: 'হাতে বোনা' });
    const res = await fetchFace();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('font/woff2');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.rawPayload.length).toBeLessThan(6 * 1024);
    const font = create(res.rawPayload);
    for (const word of ['জামদানি', 'শাড়ি', 'হাতে', 'বোনা'])
      expect(
        glyphsFor(res.rawPayload, word).every((glyph) => glyph.id !== 0),
        word,
      ).toBe(true);
    expect(font.characterSet).not.toContain('ক'.codePointAt(0));

    const again = await fetchFace({ 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: shopFacePath(700) })).statusCode).toBe(200);
  });

  it('is cut again after a write changes the words, with a new ETag', async () => {
    const category = await insertCategory(t.db, 'Tea');
    const first = await fetchFace();
    expect(first.statusCode).toBe(200);
    expect(create(first.rawPayload).characterSet).not.toContain('ক'.codePointAt(0));

    const renamed = await t.app.inject({ method: 'PUT', url: `/api/categories/${category.id}`, payload: { categoryName: 'ক্ষীর' }, headers: t.admin.headers });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The write starts a new look; the answer in between may still be the last cut. Cutting is real work, which a
    // loaded machine may take more than expect.poll's default second to finish.
    await expect
      .poll(
        async () => {
          const res = await fetchFace();
          return res.headers.etag !== first.headers.etag && glyphsFor(res.rawPayload, 'ক্ষী').filter((glyph) => glyph.id !== 0).length > 0;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const cut = (await fetchFace()).rawPayload;
    // ক্ষ is one conjunct glyph, as Noto Sans Bengali draws it.
    expect(glyphsFor(cut, 'ক্ষ')).toHaveLength(1);
  });

  it('refuses other names, and hostile ones, with 404 or 400, never a 500', async () => {
    for (const url of ['/fonts/noto-sans-bengali-shop-500.woff2', '/fonts/..%2Fpackage.json', `/fonts/${'a'.repeat(90)}.woff2`, '/fonts/%00.woff2']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([400, 404], `${url}: ${res.statusCode}`).toContain(res.statusCode);
    }
  });
});
