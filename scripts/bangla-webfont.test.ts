import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { create } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { TAKA_FACE, TEXT_FACE, unicodeRange, WEBFONT_FACES, WEBFONT_WEIGHTS, webfontFile, type WebfontFace } from './bangla-webfont-faces';

const require = createRequire(import.meta.url);
const fontPath = (file: string) => fileURLToPath(new URL(`../src/assets/fonts/${file}`, import.meta.url));
const styles = readFileSync(fileURLToPath(new URL('../src/styles.css', import.meta.url)), 'utf8');
const fontFaces = [...styles.matchAll(/@font-face\s*\{([^}]*)\}/g)].map((match) => match[1]!);

const covers = (face: WebfontFace, point: number) => face.ranges.some(([first, last]) => point >= first && point <= last);

describe('the Bengali webfont', () => {
  it('has one @font-face per face and weight, swapping in, downloaded only for the characters of its unicode-range', () => {
    expect(fontFaces).toHaveLength(WEBFONT_FACES.length * WEBFONT_WEIGHTS.length);
    for (const weight of WEBFONT_WEIGHTS) {
      for (const face of WEBFONT_FACES) {
        const rule = fontFaces.find((css) => css.includes(`/${webfontFile(face, weight)}'`));
        expect(rule, webfontFile(face, weight)).toBeDefined();
        expect(rule).toContain("font-family: 'Noto Sans Bengali';");
        expect(rule).toContain(`font-weight: ${weight};`);
        expect(rule).toContain('font-display: swap;');
        expect(rule).toContain(`unicode-range: ${unicodeRange(face)};`);
      }
    }
  });

  it('covers the whole Bengali block, the taka sign in a face of its own', () => {
    for (let point = 0x0980; point <= 0x09ff; point += 1) {
      expect(WEBFONT_FACES.filter((face) => covers(face, point)), point.toString(16)).toHaveLength(1);
    }
    expect(covers(TAKA_FACE, 0x09f3)).toBe(true);
    expect(unicodeRange(TAKA_FACE)).toBe('U+09F3');
    expect(unicodeRange(TEXT_FACE)).toBe('U+0964-0965, U+0980-09F2, U+09F4-09FF, U+200C-200D, U+25CC');
  });

  it.each(WEBFONT_WEIGHTS)('at weight %i, keeps every character Noto Sans Bengali has in each range, and the conjuncts', (weight) => {
    const source = create(readFileSync(require.resolve(`@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-${weight}-normal.woff2`)));
    for (const face of WEBFONT_FACES) {
      const subset = create(readFileSync(fontPath(webfontFile(face, weight))));
      const wanted = source.characterSet.filter((point) => covers(face, point)).sort((a, b) => a - b);
      expect(wanted.length).toBeGreaterThan(0);
      expect(subset.characterSet.filter((point) => covers(face, point)).sort((a, b) => a - b)).toEqual(wanted);
    }
    // ক + ্ + ষ is one conjunct glyph: the shaping tables came along.
    const text = create(readFileSync(fontPath(webfontFile(TEXT_FACE, weight))));
    expect(text.layout('ক্ষ').glyphs).toHaveLength(1);
    expect(text.layout('ক্ষ').glyphs[0]!.id).toBeGreaterThan(0);
  });

  it('stays small: under 1 KB for the taka sign, under 45 KB for Bangla text', () => {
    for (const weight of WEBFONT_WEIGHTS) {
      expect(statSync(fontPath(webfontFile(TAKA_FACE, weight))).size).toBeLessThan(1024);
      expect(statSync(fontPath(webfontFile(TEXT_FACE, weight))).size).toBeLessThan(45 * 1024);
    }
  });
});
