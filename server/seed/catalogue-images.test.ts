import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LOGO_NAME, LOGO_SIZE, logoName, logoSvg } from './catalogue-images';

const BANGLA = /[\u0980-\u09FF]/u;

describe('the seeded logo', () => {
  it('draws its name as outlines, so no machine font (none has Bengali in CI) decides how it looks', () => {
    expect(logoSvg()).not.toContain('<text');
    expect(logoSvg()).not.toContain('font-family');
  });

  it('draws হাট with real Noto Sans Bengali glyphs, not the .notdef box a font without Bengali gives', () => {
    const bangla = logoName().glyphs.filter((glyph) => glyph.codePoints.some((point) => BANGLA.test(String.fromCodePoint(point))));
    // হ, the vowel sign া and ট: three glyphs, each its own.
    expect(bangla.map((glyph) => glyph.codePoints)).toEqual([[0x09b9], [0x09be], [0x099f]]);
    for (const glyph of bangla) {
      expect(glyph.font).toMatch(/^Noto Sans Bengali/);
      expect(glyph.id).toBeGreaterThan(0);
      expect(glyph.name).not.toBe('.notdef');
    }
    expect(new Set(bangla.map((glyph) => glyph.id)).size).toBe(3);
    expect(LOGO_NAME).toContain('হাট');
  });

  it('renders to a PNG with the whole name inside the picture', async () => {
    const name = logoName();
    expect(name.d).not.toBe('');
    expect(104 + name.width).toBeLessThan(LOGO_SIZE.width);
    const { info } = await sharp(Buffer.from(logoSvg())).png().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ ...LOGO_SIZE, format: 'png', channels: 4 });
  });
});
