import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Heart, Package, Store, type LucideIcon } from 'lucide-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';

/**
 * Renders the app icons in public/icons from one SVG drawing, and the manifest shortcuts' icons from the navigation's
 * own icons; run after changing the mark.
 */
const out = fileURLToPath(new URL('../public/icons/', import.meta.url));
mkdirSync(out, { recursive: true });

// The maskable variant keeps the mark inside the central 80 % safe zone.
const mark = (size: number, maskable: boolean) => {
  const r = maskable ? size * 0.22 : size * 0.3;
  const corner = maskable ? 0 : size * 0.22;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${corner}" fill="#006A4E"/>
  <circle cx="${size / 2}" cy="${size * 0.44}" r="${r}" fill="#F42A41"/>
  <text x="${size / 2}" y="${size * (maskable ? 0.8 : 0.86)}" font-family="DejaVu Sans, sans-serif" font-size="${size * (maskable ? 0.13 : 0.17)}" font-weight="700" fill="#ffffff" text-anchor="middle">haat</text>
</svg>`);
};

const targets: [string, number, boolean][] = [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['maskable-192.png', 192, true],
  ['maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
];
for (const [name, size, maskable] of targets) {
  await sharp(mark(size, maskable))
    .png({ compressionLevel: 9, palette: true })
    .toFile(out + name);
}

// Shortcut icons: 96 × 96, a white glyph on a brand-green disc (launchers show shortcuts in a circle).
const SHORTCUT_SIZE = 96;
const shortcut = (icon: LucideIcon) => {
  const glyph = SHORTCUT_SIZE / 2;
  const offset = (SHORTCUT_SIZE - glyph) / 2;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SHORTCUT_SIZE}" height="${SHORTCUT_SIZE}" viewBox="0 0 ${SHORTCUT_SIZE} ${SHORTCUT_SIZE}">
  <circle cx="${SHORTCUT_SIZE / 2}" cy="${SHORTCUT_SIZE / 2}" r="${SHORTCUT_SIZE / 2}" fill="#006A4E"/>
  <g transform="translate(${offset} ${offset})">${renderToStaticMarkup(createElement(icon, { size: glyph, color: '#ffffff', strokeWidth: 2 }))}</g>
</svg>`);
};

const shortcuts: [string, LucideIcon][] = [
  ['shortcut-products.png', Store],
  ['shortcut-orders.png', Package],
  ['shortcut-wishlist.png', Heart],
];
for (const [name, icon] of shortcuts) {
  await sharp(shortcut(icon))
    .png({ compressionLevel: 9, palette: true })
    .toFile(out + name);
}
console.log(`wrote ${targets.length + shortcuts.length} icons to ${out}`);
