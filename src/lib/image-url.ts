import { IMAGE_WIDTHS } from '@contract/catalogue-constants';
import { pageContext } from './page-context';

/** Smaller images when the browser asks to save data or the connection is 2G-class (decided once per page). */
export function prefersLightImages(): boolean {
  return pageContext().lightImages;
}

/**
 * Rewrites a hosted image URL to ask for the width it is shown at (times `density`, capped at 2×; 1× for light
 * images); the server picks AVIF, WebP or JPEG and the quality. Other URLs pass through. The screen's own density is
 * left to the browser through `srcset` (imageSrcSet), so the markup is the same wherever it is drawn.
 */
export function imageUrl(url: string | null | undefined, displayWidth: number, density = 1): string {
  if (!url) return '';
  if (!url.startsWith('/media/')) return url;
  const scale = prefersLightImages() ? 1 : Math.min(Math.max(density, 1), 2);
  const wanted = Math.ceil(displayWidth * scale);
  const width = IMAGE_WIDTHS.find((w) => w >= wanted) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  const [path] = url.split('?');
  return `${path}?w=${width}`;
}

/** `srcset` for an image shown `displayWidth` CSS pixels wide: its 1× and 2× renditions (none for light images). */
export function imageSrcSet(url: string | null | undefined, displayWidth: number): string | undefined {
  const single = imageUrl(url, displayWidth, 1);
  const double = imageUrl(url, displayWidth, 2);
  return single && double !== single ? `${single} 1x, ${double} 2x` : undefined;
}
