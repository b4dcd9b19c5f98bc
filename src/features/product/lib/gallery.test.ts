import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '@contract/catalogue-constants';
import { gallerySrcSet, ZOOM_FACTOR, zoomOrigin } from './gallery';

describe('zoomOrigin', () => {
  const box = { left: 100, top: 50, width: 400, height: 300 };

  it('gives the pointer position in percent of the image box', () => {
    expect(zoomOrigin(100, 50, box)).toEqual({ x: 0, y: 0 });
    expect(zoomOrigin(300, 200, box)).toEqual({ x: 50, y: 50 });
    expect(zoomOrigin(400, 275, box)).toEqual({ x: 75, y: 75 });
  });

  it('clamps positions outside the box and survives an empty box', () => {
    expect(zoomOrigin(0, 1000, box)).toEqual({ x: 0, y: 100 });
    expect(zoomOrigin(10, 10, { left: 0, top: 0, width: 0, height: 0 })).toEqual({ x: 50, y: 50 });
  });

  it('zooms to 150 %', () => {
    expect(ZOOM_FACTOR).toBe(1.5);
  });
});

describe('gallerySrcSet', () => {
  it('lists hosted renditions from 320 px up to the largest asked for', () => {
    const expected = IMAGE_WIDTHS.filter((w) => w >= 320 && w <= 640).map((w) => `/media/abc.jpg?w=${w} ${w}w`);
    expect(expected[0]).toBe('/media/abc.jpg?w=320 320w');
    expect(expected.at(-1)).toBe('/media/abc.jpg?w=640 640w');
    expect(gallerySrcSet('/media/abc.jpg', 640)).toBe(expected.join(', '));
    expect(gallerySrcSet('/media/abc.jpg', 1200).split(', ').at(-1)).toBe('/media/abc.jpg?w=1200 1200w');
  });

  it('gives nothing for images hosted elsewhere', () => {
    expect(gallerySrcSet('https://cdn.example.com/a.jpg', 1200)).toBe('');
  });
});
