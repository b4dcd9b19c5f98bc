import { describe, expect, it } from 'vitest';
import { isShopFont } from './fonts';

const ORIGIN = 'https://haat.example';

describe('isShopFont', () => {
  it("keeps the shop's Bangla face", () => {
    expect(isShopFont(new Request(`${ORIGIN}/fonts/noto-sans-bengali-shop-400.woff2`), ORIGIN)).toBe(true);
  });

  it('leaves build assets (precached), uploads, other methods and other origins alone', () => {
    expect(isShopFont(new Request(`${ORIGIN}/assets/noto-sans-bengali-taka-400-B1x9aQ2c.woff2`), ORIGIN)).toBe(false);
    expect(isShopFont(new Request(`${ORIGIN}/media/font.woff2`), ORIGIN)).toBe(false);
    expect(isShopFont(new Request(`${ORIGIN}/fonts/noto-sans-bengali-shop-400.woff2`, { method: 'POST' }), ORIGIN)).toBe(false);
    expect(isShopFont(new Request(`https://cdn.example/fonts/noto-sans-bengali-shop-400.woff2`), ORIGIN)).toBe(false);
  });
});
