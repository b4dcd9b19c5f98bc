import { IMAGE_WIDTHS } from '@contract/catalogue-constants';

/** Smaller images when the browser asks to save data or the connection is 2G-class. */
export function prefersLightImages(): boolean {
  if (typeof navigator === 'undefined') return false;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }).connection;
  return Boolean(connection?.saveData) || /(^|-)2g$/.test(connection?.effectiveType ?? '');
}

/**
 * Rewrites a hosted image URL to ask for the width it is shown at (times the screen density,
 * capped at 2×); the server picks AVIF, WebP or JPEG and the quality. Other URLs pass through.
 */
export function imageUrl(url: string | null | undefined, displayWidth: number, density = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1): string {
  if (!url) return '';
  if (!url.startsWith('/media/')) return url;
  const scale = prefersLightImages() ? 1 : Math.min(Math.max(density, 1), 2);
  const wanted = Math.ceil(displayWidth * scale);
  const width = IMAGE_WIDTHS.find((w) => w >= wanted) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  const [path] = url.split('?');
  return `${path}?w=${width}`;
}
