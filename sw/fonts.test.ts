import { describe, expect, it } from 'vitest';
import { isBuiltFont } from './fonts';

const ORIGIN = 'https://haat.example';

describe('isBuiltFont', () => {
  it('keeps a built font', () => {
    expect(isBuiltFont(new Request(`${ORIGIN}/assets/noto-sans-bengali-text-400-B1x9aQ2c.woff2`), ORIGIN)).toBe(true);
  });

  it('leaves other build assets, uploads and other origins alone', () => {
    expect(isBuiltFont(new Request(`${ORIGIN}/assets/index-B1x9aQ2c.css`), ORIGIN)).toBe(false);
    expect(isBuiltFont(new Request(`${ORIGIN}/media/font.woff2`), ORIGIN)).toBe(false);
    expect(isBuiltFont(new Request(`https://cdn.example/assets/noto-sans-bengali-text-400-B1x9aQ2c.woff2`), ORIGIN)).toBe(false);
  });
});
