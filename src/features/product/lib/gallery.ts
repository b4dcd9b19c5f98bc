import { IMAGE_WIDTHS } from '@contract/catalogue-constants';
import { imageUrl } from '@/lib/image-url';

/** The hover zoom magnifies 1.5 times. */
export const ZOOM_FACTOR = 1.5;

/** Where the pointer is over the image, in percent of its box (clamped), for transform-origin. */
export function zoomOrigin(clientX: number, clientY: number, box: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>): { x: number; y: number } {
  const clamp = (n: number) => Math.min(Math.max(n, 0), 100);
  return {
    x: box.width > 0 ? clamp(((clientX - box.left) / box.width) * 100) : 50,
    y: box.height > 0 ? clamp(((clientY - box.top) / box.height) * 100) : 50,
  };
}

/** The main image is at most about 560 px wide (half the page on a desktop, the whole width on a phone). */
export const MAIN_IMAGE_SIZES = '(min-width: 1200px) 560px, (min-width: 768px) 50vw, 100vw';

/**
 * Renditions of a hosted image for the main view, up to `largest` px; under Save-Data or 2G the caller passes a
 * smaller `largest` so a dense screen does not pull double-size images. Other URLs get no srcset.
 */
export function gallerySrcSet(url: string, largest: number): string {
  if (!url.startsWith('/media/')) return '';
  return IMAGE_WIDTHS.filter((w) => w >= 320 && w <= largest)
    .map((w) => `${imageUrl(url, w, 1)} ${w}w`)
    .join(', ');
}
