import { describe, expect, it } from 'vitest';
import { isBuildAsset } from './build-assets';

const ORIGIN = 'https://haat.example';

describe('isBuildAsset', () => {
  it("keeps the build's hashed scripts, styles and fonts", () => {
    expect(isBuildAsset(new Request(`${ORIGIN}/assets/back-office-ZB-__L_b.js`), ORIGIN)).toBe(true);
    expect(isBuildAsset(new Request(`${ORIGIN}/assets/revenue-plot-CnsZ1jie.css`), ORIGIN)).toBe(true);
    expect(isBuildAsset(new Request(`${ORIGIN}/assets/noto-sans-bengali-taka-400-DEdi4Bge.woff2`), ORIGIN)).toBe(true);
  });

  it('leaves other paths, queries, writes, requests with a token and other origins alone', () => {
    expect(isBuildAsset(new Request(`${ORIGIN}/index.html`), ORIGIN)).toBe(false);
    expect(isBuildAsset(new Request(`${ORIGIN}/media/abc.webp?w=320`), ORIGIN)).toBe(false);
    expect(isBuildAsset(new Request(`${ORIGIN}/fonts/noto-sans-bengali-shop-400.woff2`), ORIGIN)).toBe(false);
    expect(isBuildAsset(new Request(`${ORIGIN}/assets/`), ORIGIN)).toBe(false);
    expect(isBuildAsset(new Request(`${ORIGIN}/assets/nested/file.js`), ORIGIN)).toBe(false);
    expect(isBuildAsset(new Request(`${ORIGIN}/assets/back-office-ZB-__L_b.js?v=2`), ORIGIN)).toBe(false);
    expect(isBuildAsset(new Request(`${ORIGIN}/assets/back-office-ZB-__L_b.js`, { method: 'POST' }), ORIGIN)).toBe(false);
    expect(isBuildAsset(new Request(`${ORIGIN}/assets/back-office-ZB-__L_b.js`, { headers: { Authorization: 'Bearer t' } }), ORIGIN)).toBe(false);
    expect(isBuildAsset(new Request(`https://cdn.example/assets/back-office-ZB-__L_b.js`), ORIGIN)).toBe(false);
  });
});
