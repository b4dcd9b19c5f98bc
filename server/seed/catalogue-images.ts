import sharp from 'sharp';
import { textOutline, type TextStyle } from '../lib/text-outline';
import { saveImage } from '../modules/media/service';
import type { MediaStorage } from '../modules/media/storage';

/**
 * Demo pictures drawn locally from SVG (no network): a gradient, a few soft shapes and a label. They go through the
 * same `saveImage` and storage driver as uploads, so the seeded catalogue exercises the real media path. Labels are drawn as outlines of
 * the self-hosted Noto fonts (`textOutline`), never as SVG text, which would be set in the machine's fonts.
 */

/** A label as an SVG path on the baseline at (x, y). */
const label = (text: string, x: number, y: number, style: TextStyle, fill: string) => `<path d="${textOutline(text, x, y, style).d}" fill="${fill}"/>`;

/** A small deterministic generator (mulberry32), so every seeding draws the same pictures. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shapes(random: () => number, width: number, height: number, hue: number, count: number): string {
  const out: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const x = Math.round(random() * width);
    const y = Math.round(random() * height);
    const size = Math.round((0.08 + random() * 0.25) * Math.min(width, height));
    const fill = `hsla(${(hue + 40 + random() * 80) % 360}, 70%, ${55 + random() * 25}%, ${0.35 + random() * 0.4})`;
    out.push(
      random() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${size}" fill="${fill}"/>`
        : `<rect x="${x - size}" y="${y - size}" width="${size * 2}" height="${size * 1.4}" rx="${size / 4}" fill="${fill}" transform="rotate(${Math.round(random() * 60 - 30)} ${x} ${y})"/>`,
    );
  }
  return out.join('');
}

function gradient(hue: number, lightness: [number, number]): string {
  return `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue}, 65%, ${lightness[0]}%)"/>
    <stop offset="1" stop-color="hsl(${(hue + 35) % 360}, 70%, ${lightness[1]}%)"/>
  </linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>`;
}

async function render(svg: string, format: 'jpeg' | 'png'): Promise<Buffer> {
  const image = sharp(Buffer.from(svg));
  return format === 'jpeg' ? image.jpeg({ quality: 82, mozjpeg: true }).toBuffer() : image.png().toBuffer();
}

/** An 800×600 product picture in the category's colours. */
export async function productPicture(storage: MediaStorage, text: string, hue: number, seed: number): Promise<string> {
  const random = randomSource(seed);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    ${gradient(hue, [88, 70])}${shapes(random, 800, 600, hue, 7)}
    <rect x="0" y="470" width="800" height="130" fill="rgba(255,255,255,0.72)"/>
    ${label(text, 400, 550, { size: 54, weight: 700, anchor: 'middle' }, `hsl(${hue}, 60%, 25%)`)}
  </svg>`;
  return saveImage(storage, await render(svg, 'jpeg'));
}

/** A square category picture (shown round, 96×96, on the home page). */
export async function categoryPicture(storage: MediaStorage, name: string, hue: number, seed: number): Promise<string> {
  const random = randomSource(seed);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    ${gradient(hue, [80, 58])}${shapes(random, 400, 400, hue, 5)}
    ${label(name, 200, 222, { size: 44, weight: 700, anchor: 'middle' }, '#ffffff')}
  </svg>`;
  return saveImage(storage, await render(svg, 'jpeg'));
}

/** A 1200×400 banner announcing an offer. */
export async function bannerPicture(storage: MediaStorage, title: string, offer: number, hue: number, seed: number): Promise<string> {
  const random = randomSource(seed);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400">
    ${gradient(hue, [45, 30])}${shapes(random, 1200, 400, hue, 9)}
    ${label(title, 80, 180, { size: 84, weight: 800 }, '#ffffff')}
    <rect x="70" y="220" width="480" height="84" rx="42" fill="#F42A41"/>
    ${label(`Up to ${offer}% off`, 310, 280, { size: 52, weight: 700, anchor: 'middle' }, '#ffffff')}
  </svg>`;
  return saveImage(storage, await render(svg, 'jpeg'));
}

export const LOGO_NAME = 'haat হাট';
export const LOGO_SIZE = { width: 360, height: 96 };

/** The shop's name as drawn in the logo, right of the mark. */
export const logoName = () => textOutline(LOGO_NAME, 104, 66, { size: 52, weight: 800 });

/** The shop's logo: the name in Latin and Bangla on a transparent background, in the brand green. */
export function logoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_SIZE.width}" height="${LOGO_SIZE.height}">
    <rect x="4" y="8" width="80" height="80" rx="18" fill="#006A4E"/>
    <circle cx="44" cy="48" r="22" fill="#F42A41"/>
    <path d="${logoName().d}" fill="#006A4E"/>
  </svg>`;
}

export async function logoPicture(storage: MediaStorage): Promise<string> {
  return saveImage(storage, await render(logoSvg(), 'png'));
}
