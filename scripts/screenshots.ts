import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import sharp from 'sharp';
import { startBuiltServer } from '../bench/support/server';
import { chromiumLaunchOptions } from '../e2e/support/env';

/**
 * Captures the manifest's screenshots (the richer install sheet) from the built app with the demo catalogue:
 * `npm run build`, then `node --import tsx scripts/screenshots.ts`. Sizes must match manifest.webmanifest.
 */
const out = fileURLToPath(new URL('../public/screenshots/', import.meta.url));
/** Each screenshot is downloaded when the install sheet opens, often on a phone's data plan. */
const MAX_BYTES = 150 * 1024;

const shots = [
  { file: 'home-narrow.webp', viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true },
  { file: 'home-wide.webp', viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1, isMobile: false },
];

async function capture(browser: Browser, baseUrl: string, shot: (typeof shots)[number]): Promise<void> {
  const context = await browser.newContext({
    viewport: shot.viewport,
    deviceScaleFactor: shot.deviceScaleFactor,
    isMobile: shot.isMobile,
    hasTouch: shot.isMobile,
    // A still carousel on its first banner, and no service worker downloading the shell meanwhile.
    reducedMotion: 'reduce',
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await page.getByRole('region', { name: 'Offers' }).getByRole('img').first().waitFor();
    // Lazy images out of view (below the fold, other slides) never load; those on screen must have.
    await page.waitForFunction(() =>
      [...document.images].every((image) => {
        const box = image.getBoundingClientRect();
        return image.complete || box.top >= window.innerHeight || box.left >= window.innerWidth || box.right <= 0;
      }),
    );
    const png = await page.screenshot({ type: 'png' });
    const { data, info } = await sharp(png).webp({ quality: 72, effort: 6 }).toBuffer({ resolveWithObject: true });
    const expected = { width: shot.viewport.width * shot.deviceScaleFactor, height: shot.viewport.height * shot.deviceScaleFactor };
    if (info.width !== expected.width || info.height !== expected.height) {
      throw new Error(`${shot.file}: ${info.width}×${info.height}, expected ${expected.width}×${expected.height}`);
    }
    if (data.length > MAX_BYTES) throw new Error(`${shot.file}: ${data.length} bytes, more than ${MAX_BYTES}`);
    writeFileSync(out + shot.file, data);
    console.log(`${shot.file}: ${info.width}×${info.height}, ${(data.length / 1024).toFixed(1)} KB`);
  } finally {
    await context.close();
  }
}

mkdirSync(out, { recursive: true });
const server = await startBuiltServer();
try {
  const browser = await chromium.launch({ ...chromiumLaunchOptions, headless: true });
  try {
    for (const shot of shots) await capture(browser, server.baseUrl, shot);
  } finally {
    await browser.close();
  }
} finally {
  await server.stop();
}
