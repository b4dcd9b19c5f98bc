import { describe, expect, it } from 'vitest';
import { isResizedImage } from './images';

const ORIGIN = 'https://haat.example';
const FILE = '/media/0123456789abcdef0123456789abcdef.jpg';

describe('isResizedImage', () => {
  it('keeps a resized upload', () => {
    expect(isResizedImage(new Request(`${ORIGIN}${FILE}?w=250`), ORIGIN)).toBe(true);
  });

  it('leaves the original upload, the API and build assets alone', () => {
    expect(isResizedImage(new Request(`${ORIGIN}${FILE}`), ORIGIN)).toBe(false);
    expect(isResizedImage(new Request(`${ORIGIN}/api/banner?w=250`), ORIGIN)).toBe(false);
    expect(isResizedImage(new Request(`${ORIGIN}/assets/logo.png?w=250`), ORIGIN)).toBe(false);
  });

  it('leaves writes, requests with a token and other origins alone', () => {
    expect(isResizedImage(new Request(`${ORIGIN}${FILE}?w=250`, { method: 'POST' }), ORIGIN)).toBe(false);
    expect(isResizedImage(new Request(`${ORIGIN}${FILE}?w=250`, { headers: { Authorization: 'Bearer t' } }), ORIGIN)).toBe(false);
    expect(isResizedImage(new Request(`https://cdn.example${FILE}?w=250`), ORIGIN)).toBe(false);
  });
});
