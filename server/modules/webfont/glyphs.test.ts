import { create } from 'fontkit';
import { describe, expect, it } from 'vitest';
import decompressWoff2 from 'wawoff2/decompress.js';
import { characters, runPattern, TEXT_FACE } from '../../../contract/webfont';
import { fontBytes } from '../../lib/fonts';
import { faceForWords, shapedDifferently } from './glyphs';

const whole = fontBytes('bengali', 400);
const wordsOf = (text: string) => [...new Set(text.match(new RegExp(runPattern(TEXT_FACE), 'g')))];
const SHOP_TEXT = 'জামদানি শাড়ি পাঞ্জাবি — হাতের কাজ চা পাতা — শ্রীমঙ্গল নকশি কাঁথা আতর — মেশক আম্বর দেবদাস পথের পাঁচালী';
const glyphCount = (woff2: Uint8Array, text: string) => create(Buffer.from(woff2)).layout(text).glyphs.length;

describe('a face cut for the shop’s words', () => {
  it('draws each word as the whole font does, conjuncts and vowel signs included, in a few KB', async () => {
    const words = wordsOf(SHOP_TEXT);
    const { woff2, cut } = await faceForWords(whole, words, characters(TEXT_FACE));
    expect(cut).toBe('words');
    expect(woff2.length).toBeLessThan(8 * 1024);
    const font = create(Buffer.from(woff2));
    for (const word of words) {
      const glyphs = font.layout(word).glyphs;
      expect(
        glyphs.map((glyph) => glyph.id).filter((id) => id === 0),
        word,
      ).toEqual([]);
      expect(glyphs.length, word).toBe(create(whole).layout(word).glyphs.length);
    }
    // ঙ + ্ + গ (শ্রীমঙ্গল) and ঞ + ্ + জ (পাঞ্জাবি) are one glyph each.
    expect(glyphCount(woff2, 'ঙ্গ')).toBe(1);
    expect(glyphCount(woff2, 'ঞ্জ')).toBe(1);
  });

  it('leaves out what the words do not need: a conjunct of letters they have, letters they lack', async () => {
    const { woff2 } = await faceForWords(whole, wordsOf(SHOP_TEXT), characters(TEXT_FACE));
    const font = create(Buffer.from(woff2));
    // ক and ষ are both in the words, never as ক্ষ: the whole font draws it as one glyph, the cut as letters.
    expect(create(whole).layout('ক্ষ').glyphs).toHaveLength(1);
    expect(font.layout('ক্ষ').glyphs.length).toBeGreaterThan(1);
    expect(font.characterSet).not.toContain('ঢ'.codePointAt(0));
  });

  it('checks a cut against the whole font, word by word', async () => {
    const words = wordsOf(SHOP_TEXT);
    expect(shapedDifferently(whole, whole, words)).toEqual([]);
    const { woff2: forOneWord } = await faceForWords(whole, ['কাজ'], characters(TEXT_FACE));
    expect(shapedDifferently(whole, await decompressWoff2(forOneWord), words)).toContain('পাঞ্জাবি');
  });

  it('past its most syllables, keeps the whole block and every conjunct instead', async () => {
    const words = wordsOf(SHOP_TEXT);
    const { woff2, cut } = await faceForWords(whole, words, characters(TEXT_FACE), 10);
    expect(cut).toBe('block');
    expect(glyphCount(woff2, 'ক্ষ')).toBe(1);
    expect(create(Buffer.from(woff2)).characterSet).toContain('ঢ'.codePointAt(0));
  });
});
