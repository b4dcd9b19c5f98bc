import { describe, expect, it } from 'vitest';
import { languagesOfHeader, localeFromLanguages, numberOfText, toAsciiDigits } from './locale';

describe('languages', () => {
  it('follows the browser: Bangla for bn in any region, English otherwise', () => {
    expect(localeFromLanguages(['bn-BD', 'en'])).toBe('bn');
    expect(localeFromLanguages(['bn'])).toBe('bn');
    expect(localeFromLanguages(['fr', 'en-GB', 'bn'])).toBe('en');
    expect(localeFromLanguages(['fr'])).toBe('en');
    expect(localeFromLanguages([])).toBe('en');
  });

  it('reads Accept-Language by weight, ignoring junk', () => {
    expect(languagesOfHeader('en;q=0.5, bn-BD;q=0.9, fr')).toEqual(['fr', 'bn-BD', 'en']);
    expect(localeFromLanguages(languagesOfHeader('en;q=0.5, bn;q=0.9'))).toBe('bn');
    expect(languagesOfHeader('bn;q=0, en')).toEqual(['en']);
    expect(languagesOfHeader(undefined)).toEqual([]);
    expect(languagesOfHeader(' , ;q=1,,')).toEqual([]);
  });
});

describe('digits', () => {
  it('takes Bangla digits as ASCII ones and leaves the rest', () => {
    expect(toAsciiDigits('০১৭১২৩৪৫৬৭৮')).toBe('01712345678');
    expect(toAsciiDigits('৳১,৪২,৮০০')).toBe('৳1,42,800');
    expect(toAsciiDigits('abc 12')).toBe('abc 12');
  });
});

describe('numbers typed as text', () => {
  it('reads clean numbers in either digit set, and leaves junk, arrays and booleans for a schema to refuse', () => {
    expect(numberOfText(' ১২০.৫ ')).toBe(120.5);
    expect(numberOfText('-3')).toBe(-3);
    expect(numberOfText(7)).toBe(7);
    for (const junk of ['5abc', '0x10', '1e3', 'Infinity', '1 2', '', '.', '5.5.5']) expect(numberOfText(junk)).toBe(junk);
    expect(numberOfText([5])).toEqual([5]);
    expect(numberOfText(true)).toBe(true);
  });
});
