import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, ORIGINAL_MAX_BYTES } from '@contract/image-limits';
import { pictureRefusal, pictureToSend, pictureTypeOf, shouldShrink, shrunkSize, SLOW_LINK_BYTES } from './pictures';

const bytes = (...values: number[]) => new Uint8Array(values);
const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** A file of `size` bytes that starts with `head`, without holding them all (the size is what the checks read). */
const fileOf = (head: number[], size: number, name: string, type: string) => {
  const file = new File([bytes(...head)], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('pictureTypeOf', () => {
  it('tells the four picture types by their first bytes, and nothing else', () => {
    expect(pictureTypeOf(bytes(0xff, 0xd8, 0xff, 0xe1))).toBe('image/jpeg');
    expect(pictureTypeOf(bytes(...PNG_HEAD))).toBe('image/png');
    expect(pictureTypeOf(new TextEncoder().encode('GIF89a…'))).toBe('image/gif');
    expect(pictureTypeOf(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(pictureTypeOf(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
    expect(pictureTypeOf(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(pictureTypeOf(bytes())).toBeNull();
  });
});

describe('pictureRefusal', () => {
  it('refuses by the type the browser names, by the first bytes, and over 25 MB', async () => {
    expect(await pictureRefusal(fileOf(PNG_HEAD, 1000, 'a.png', 'image/png'))).toBeNull();
    // A type the browser could not tell is judged by the bytes alone.
    expect(await pictureRefusal(fileOf(PNG_HEAD, 1000, 'a', ''))).toBeNull();
    expect(await pictureRefusal(fileOf(PNG_HEAD, 1000, 'a.pdf', 'application/pdf'))).toBe('notPicture');
    expect(await pictureRefusal(fileOf([0x25, 0x50, 0x44, 0x46], 1000, 'photo.jpg', 'image/jpeg'))).toBe('notPicture');
    expect(await pictureRefusal(fileOf(PNG_HEAD, MAX_IMAGE_BYTES, 'big.png', 'image/png'))).toBeNull();
    expect(await pictureRefusal(fileOf(PNG_HEAD, MAX_IMAGE_BYTES + 1, 'huge.png', 'image/png'))).toBe('tooLarge');
  });
});

describe('shouldShrink', () => {
  const photo = (size: number, type = 'image/jpeg') => fileOf([0xff, 0xd8, 0xff], size, 'p.jpg', type);

  it('shrinks what is heavier than the server keeps, on any link', () => {
    expect(shouldShrink(photo(ORIGINAL_MAX_BYTES + 1), { effectiveType: '4g' })).toBe(true);
    expect(shouldShrink(photo(ORIGINAL_MAX_BYTES + 1), undefined)).toBe(true);
    expect(shouldShrink(photo(ORIGINAL_MAX_BYTES), { effectiveType: '4g' })).toBe(false);
  });

  it('on a slow link or with data saving on, shrinks photos above SLOW_LINK_BYTES too', () => {
    for (const connection of [{ effectiveType: '3g' }, { effectiveType: '2g' }, { effectiveType: 'slow-2g' }, { effectiveType: '4g', saveData: true }]) {
      expect(shouldShrink(photo(SLOW_LINK_BYTES + 1), connection), JSON.stringify(connection)).toBe(true);
      expect(shouldShrink(photo(SLOW_LINK_BYTES), connection), JSON.stringify(connection)).toBe(false);
    }
    expect(shouldShrink(photo(SLOW_LINK_BYTES + 1), { effectiveType: '4g' })).toBe(false);
  });

  it('never shrinks a GIF: a canvas would keep one frame of an animation', () => {
    expect(shouldShrink(photo(ORIGINAL_MAX_BYTES * 2, 'image/gif'), { effectiveType: '2g' })).toBe(false);
  });
});

describe('shrunkSize', () => {
  it('keeps the shape, at most 2560 px on the long side, never enlarged', () => {
    expect(shrunkSize(6000, 4000)).toEqual({ width: 2560, height: 1707 });
    expect(shrunkSize(3000, 4000)).toEqual({ width: 1920, height: 2560 });
    expect(shrunkSize(800, 600)).toEqual({ width: 800, height: 600 });
  });
});

describe('pictureToSend', () => {
  it('sends the picture as chosen when the browser cannot decode it', async () => {
    const big = fileOf([0xff, 0xd8, 0xff], ORIGINAL_MAX_BYTES + 1, 'big.jpg', 'image/jpeg');
    // jsdom has neither workers nor canvases: shrinking fails, and the original goes.
    expect(await pictureToSend(big, { effectiveType: '4g' })).toBe(big);
  });
});
