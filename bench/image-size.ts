import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { ProductList } from '../contract/catalogue';
import { createAdapters } from '../server/adapters';
import { buildApp } from '../server/app';
import { loadConfig, mediaDir } from '../server/config';
import { openPglite } from '../server/db/client';
import { withServerSecrets } from '../server/db/server-secrets';
import { seedCatalogue } from '../server/seed/catalogue';
import { saveImage } from '../server/modules/media/service';
import { localMediaStorage } from '../server/modules/media/storage';

/**
 * Bytes of a product card image at 250 px wide (the desktop card), as `/media/{file}?w=250` serves it for each
 * `Accept` a browser may send. Budget: under 20 KB. Measured on a seeded product picture, and on a photo-like picture
 * (fine texture and noise, which compress far worse than the seeded drawings) uploaded through the same store.
 */

const BUDGET_BYTES = 20 * 1024;
const WIDTH = 250;
const ACCEPTS = {
  avif: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8',
  webp: 'image/webp,image/apng,image/*,*/*;q=0.8',
  jpeg: 'image/*,*/*;q=0.8',
} as const;

export type ImageSample = { image: string; originalBytes: number; variants: { format: keyof typeof ACCEPTS; bytes: number; withinBudget: boolean }[] };
export type ImageSizeResult = { width: number; budgetBytes: number; samples: ImageSample[] };

/** An 800×600 picture with photographic texture: smooth light, edges, and sensor-like noise. */
async function photoLike(): Promise<Buffer> {
  const width = 800;
  const height = 600;
  // Noise drawn at a quarter of the size and enlarged: grain that survives the downscale to card size, as fabric weave
  // and print detail do.
  const grain = { width: width / 4, height: height / 4 };
  const noise = Buffer.alloc(grain.width * grain.height * 3);
  let state = 12345;
  for (let i = 0; i < noise.length; i += 1) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = state & 0xff;
  }
  const texture = await sharp(noise, { raw: { ...grain, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .png()
    .toBuffer();
  const scene = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="light" cx="0.35" cy="0.3" r="0.9"><stop offset="0" stop-color="#f3e2c7"/><stop offset="1" stop-color="#5b3a29"/></radialGradient></defs>
    <rect width="100%" height="100%" fill="url(#light)"/>
    <ellipse cx="420" cy="330" rx="220" ry="170" fill="#9e1b32"/>
    <path d="M220 330 Q420 120 620 330" stroke="#d4af37" stroke-width="18" fill="none"/>
    <rect x="80" y="420" width="640" height="40" fill="#1f4e79" opacity="0.8"/>
  </svg>`);
  return sharp(scene)
    .composite([{ input: texture, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function measureImageSize(): Promise<ImageSizeResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'haat-bench-images-'));
  const database = await openPglite();
  try {
    await database.migrate();
    await seedCatalogue(database.db, { storage: localMediaStorage(mediaDir(dataDir)), products: 8 });
    const config = await withServerSecrets(
      database.db,
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'bench-secret-long-enough-for-hs256', LOG_LEVEL: 'silent' }),
    );
    const app = await buildApp({ config, db: database.db, databaseStats: database.stats, ...createAdapters(config, { log: () => {} }) });
    try {
      const list = (await app.inject({ method: 'GET', url: '/api/products?limit=1' })).json<{ data: ProductList }>();
      const seeded = list.data.data[0]?.productImages[0];
      if (!seeded) throw new Error('the seeded catalogue has no product image');
      const photo = await saveImage(localMediaStorage(mediaDir(dataDir)), await photoLike());
      const samples: ImageSample[] = [];
      for (const [image, url] of [
        ['seeded product picture', seeded],
        ['photo-like picture', photo],
      ] as const) {
        const original = await app.inject({ method: 'GET', url });
        const variants = [];
        for (const [format, accept] of Object.entries(ACCEPTS) as [keyof typeof ACCEPTS, string][]) {
          const res = await app.inject({ method: 'GET', url: `${url}?w=${WIDTH}`, headers: { accept } });
          if (res.statusCode !== 200) throw new Error(`${url}?w=${WIDTH} answered ${res.statusCode}`);
          variants.push({ format, bytes: res.rawPayload.length, withinBudget: res.rawPayload.length < BUDGET_BYTES });
        }
        samples.push({ image, originalBytes: original.rawPayload.length, variants });
      }
      return { width: WIDTH, budgetBytes: BUDGET_BYTES, samples };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printImageSizeReport(result: ImageSizeResult): void {
  console.log(`Product card image at ${result.width} px (budget ${result.budgetBytes / 1024} KB)`);
  for (const sample of result.samples) {
    const parts = sample.variants.map((v) => `${v.format} ${(v.bytes / 1024).toFixed(1)} KB${v.withinBudget ? '' : ' (over budget)'}`);
    console.log(`  ${sample.image.padEnd(24)} original ${(sample.originalBytes / 1024).toFixed(1)} KB → ${parts.join(', ')}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await measureImageSize();
  printImageSizeReport(result);
  const dir = fileURLToPath(new URL('./results', import.meta.url));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'image-size.json');
  writeFileSync(file, JSON.stringify({ name: 'image-size', measuredAt: new Date().toISOString(), result }, null, 2) + '\n');
  console.log(`wrote ${file}`);
}
