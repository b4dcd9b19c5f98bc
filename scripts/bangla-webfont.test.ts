import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { create } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { shopFacePath, TAKA_FACE, TEXT_FACE, unicodeRange, WEBFONT_FACES, WEBFONT_WEIGHTS, webfontFile, type WebfontFace } from '../contract/webfont';

const fontPath = (file: string) => fileURLToPath(new URL(`../src/assets/fonts/${file}`, import.meta.url));
const styles = readFileSync(fileURLToPath(new URL('../src/styles.css', import.meta.url)), 'utf8');
const allFontFaces = [...styles.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((match) => match[1]!);
/** The faces English pages draw Bangla with; the whole font for a Bangla interface is a family of its own. */
const INTERFACE_FAMILY = "font-family: 'Noto Sans Bengali Interface';";
const fontFaces = allFontFaces.filter((css) => !css.includes(INTERFACE_FAMILY));

const covers = (face: WebfontFace, point: number) => face.ranges.some(([first, last]) => point >= first && point <= last);
/** Where a face's file is: the build's for the taka sign, the server's for the shop's words. */
const source = (face: WebfontFace, weight: (typeof WEBFONT_WEIGHTS)[number]) =>
  face === TAKA_FACE ? `url('./assets/fonts/${webfontFile(face, weight)}')` : `url('${shopFacePath(weight)}')`;

describe('the Bengali webfont', () => {
  it('has one @font-face per face and weight, swapping in, downloaded only for the characters of its unicode-range', () => {
    expect(fontFaces).toHaveLength(WEBFONT_FACES.length * WEBFONT_WEIGHTS.length);
    for (const weight of WEBFONT_WEIGHTS) {
      for (const face of WEBFONT_FACES) {
        const rule = fontFaces.find((css) => css.includes(source(face, weight)));
        expect(rule, webfontFile(face, weight)).toBeDefined();
        expect(rule).toContain("font-family: 'Noto Sans Bengali';");
        expect(rule).toContain(`font-weight: ${weight};`);
        expect(rule).toContain('font-display: swap;');
        expect(rule).toContain(`unicode-range: ${unicodeRange(face)};`);
      }
    }
  });

  it("draws a Bangla interface with the whole Bengali font, a device's own first, at each weight", () => {
    const faces = allFontFaces.filter((css) => css.includes(INTERFACE_FAMILY));
    expect(faces).toHaveLength(WEBFONT_WEIGHTS.length);
    for (const weight of WEBFONT_WEIGHTS) {
      const rule = faces.find((css) => css.includes(`font-weight: ${weight};`));
      expect(rule, String(weight)).toMatch(/src:\s*local\('Noto Sans Bengali[^']*'\)[\s\S]*noto-sans-bengali-bengali-\d+-normal\.woff2/);
      expect(rule).toContain('font-display: swap;');
    }
    expect(styles).toMatch(/html:lang\(bn\) \{\s*--font-sans: 'Noto Sans Bengali Interface'/);
  });

  it('covers the whole Bengali block, the taka sign in a face of its own', () => {
    for (let point = 0x0980; point <= 0x09ff; point += 1) {
      expect(
        WEBFONT_FACES.filter((face) => covers(face, point)),
        point.toString(16),
      ).toHaveLength(1);
    }
    expect(unicodeRange(TAKA_FACE)).toBe('U+09F3');
    expect(unicodeRange(TEXT_FACE)).toBe('U+0964-0965, U+0980-09F2, U+09F4-09FF, U+200C-200D, U+25CC');
  });

  it.each(WEBFONT_WEIGHTS)('at weight %i, the built taka face draws ৳ and stays under 1 KB', (weight) => {
    const file = fontPath(webfontFile(TAKA_FACE, weight));
    const font = create(readFileSync(file));
    // 0xFFFF closes every format-4 cmap; it maps to no glyph.
    expect(font.characterSet.filter((point) => point !== 0xffff)).toEqual([0x09f3]);
    expect(font.layout('৳').glyphs[0]!.id).toBeGreaterThan(0);
    expect(statSync(file).size).toBeLessThan(1024);
  });
});
