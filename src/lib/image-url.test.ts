import { describe, expect, it, vi } from 'vitest';
import { imageUrl } from './image-url';

describe('imageUrl', () => {
  it('asks for the allowed width at or above the displayed size', () => {
    expect(imageUrl('/media/abc.jpg', 250, 1)).toBe('/media/abc.jpg?w=250');
    expect(imageUrl('/media/abc.jpg', 160, 1)).toBe('/media/abc.jpg?w=160');
    expect(imageUrl('/media/abc.jpg', 170, 1)).toBe('/media/abc.jpg?w=200');
  });

  it('scales for dense screens, at most twice', () => {
    expect(imageUrl('/media/abc.jpg', 160, 2)).toBe('/media/abc.jpg?w=320');
    expect(imageUrl('/media/abc.jpg', 80, 3)).toBe('/media/abc.jpg?w=160');
  });

  it('never asks beyond the largest rendition', () => {
    expect(imageUrl('/media/abc.jpg', 2000, 1)).toBe('/media/abc.jpg?w=1200');
  });

  it('replaces an existing width and leaves foreign URLs alone', () => {
    expect(imageUrl('/media/abc.jpg?w=800', 96, 1)).toBe('/media/abc.jpg?w=96');
    expect(imageUrl('https://example.com/a.png', 250, 1)).toBe('https://example.com/a.png');
    expect(imageUrl(null, 250)).toBe('');
  });

  it('stays at 1x when the browser asks to save data', () => {
    vi.stubGlobal('navigator', { connection: { saveData: true } });
    expect(imageUrl('/media/abc.jpg', 160, 2)).toBe('/media/abc.jpg?w=160');
  });
});
