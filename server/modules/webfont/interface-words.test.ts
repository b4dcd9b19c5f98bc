import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { create } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { INTERFACE_WORDS_FILE, shopFacePath } from '../../../contract/webfont';
import { useShop } from '../../test/harness';
import { readInterfaceWords } from './service';

const webRoot = mkdtempSync(join(tmpdir(), 'haat-interface-words-'));
mkdirSync(dirname(join(webRoot, INTERFACE_WORDS_FILE)), { recursive: true });
writeFileSync(join(webRoot, INTERFACE_WORDS_FILE), JSON.stringify(['কার্ট', 'খুঁজুন']));

const t = useShop({ env: { FONT_RECUT_SECONDS: '0' }, webRoot });

describe("the interface's Bangla words", () => {
  it('are cut into the shop face beside the catalogue, so buttons and headings draw without a Bengali font', async () => {
    const res = await t.app.inject({ method: 'GET', url: shopFacePath(400) });
    expect(res.statusCode, res.body).toBe(200);
    for (const word of ['কার্ট', 'খুঁজুন']) expect(create(res.rawPayload).layout(word).glyphs.every((glyph) => glyph.id !== 0), word).toBe(true);
  });

  it('are none without a build, or with a broken list', async () => {
    expect(await readInterfaceWords(undefined)).toEqual([]);
    const broken = mkdtempSync(join(tmpdir(), 'haat-interface-words-'));
    mkdirSync(join(broken, '.vite'));
    writeFileSync(join(broken, INTERFACE_WORDS_FILE), '{"not": "a list"');
    expect(await readInterfaceWords(broken)).toEqual([]);
    writeFileSync(join(broken, INTERFACE_WORDS_FILE), JSON.stringify(['ঠিক', 7, { a: 1 }]));
    expect(await readInterfaceWords(broken)).toEqual(['ঠিক']);
  });
});
