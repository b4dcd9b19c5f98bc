import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_TOO_LARGE, IMAGE_WRONG_TYPE, MAX_IMAGE_BYTES, type Category } from '../../../contract/catalogue';
import { body, useShop } from '../../test/harness';
import { fileBlob, picture } from '../products/test-fixtures';
import { saveImage } from './service';
import { openMediaStorage } from './storage';

const t = useShop({ people: true });
const storage = () => openMediaStorage(t.config.mediaStorage);

/** Uploads `bytes` as a category image, the way the admin form does. */
async function upload(bytes: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append('categoryName', 'Fashion');
  form.append('categoryImage', fileBlob(bytes, type), filename);
  return t.app.inject({ method: 'POST', url: '/api/categories', payload: form, headers: t.admin.headers });
}

const fetchImage = (url: string, accept?: string) => t.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });

describe('uploads', () => {
  it('accept JPEG, PNG, WebP and GIF by their content', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif'] as const) {
      const url = await saveImage(storage(), await picture(120, 90, format));
      expect(url).toMatch(new RegExp(`^/media/[0-9a-f]{32}\\.${format === 'jpeg' ? 'jpg' : format}$`));
    }
    // The same bytes are stored once, under the same name.
    const bytes = await picture(50, 50);
    expect(await saveImage(storage(), bytes)).toBe(await saveImage(storage(), bytes));
  });

  it('reject a text file named .jpg, and a file that only starts like a JPEG', async () => {
    const text = await upload(Buffer.from('hello, I am not a picture'), 'photo.jpg', 'image/jpeg');
    expect(text.statusCode).toBe(400);
    expect(body(text)).toEqual({ success: false, message: IMAGE_WRONG_TYPE, code: 'imageWrongType' });
    const fake = await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]), 'photo.jpg', 'image/jpeg');
    expect(fake.statusCode).toBe(400);
    expect(body(fake).message).toBe(IMAGE_WRONG_TYPE);
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'x.png', 'image/png');
    expect(body(svg).message).toBe(IMAGE_WRONG_TYPE);
    expect(body<Category[]>(await t.app.inject({ method: 'GET', url: '/api/categories' })).data).toEqual([]);
  });

  it('take a picture of almost 25 MB (the JSON body limit does not apply to uploads)', { timeout: 120_000 }, async () => {
    const width = 2800;
    const height = 2900;
    const bands = Buffer.alloc(width * height * 3);
    // Stored uncompressed, so the file is big; bands of one colour, so keeping it is quick.
    for (let i = 0; i < bands.length; i += 1) bands[i] = Math.floor(i / (width * 3 * 16)) % 256;
    const big = await sharp(bands, { raw: { width, height, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(20 * 1024 * 1024);
    expect(big.length).toBeLessThan(MAX_IMAGE_BYTES);
    const res = await upload(big, 'big.png', 'image/png');
    expect(res.statusCode, res.body).toBe(201);
  });

  it('reject a file over 25 MB', async () => {
    const jpeg = await picture(64, 64, 'jpeg');
    const oversized = Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES + 1 - jpeg.length)]);
    const stored = () => (existsSync(join(t.config.dataDir, 'media')) ? readdirSync(join(t.config.dataDir, 'media')) : []);
    const before = stored();
    const res = await upload(oversized, 'huge.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(413);
    expect(body(res)).toEqual({ success: false, message: IMAGE_TOO_LARGE, code: 'imageTooLarge' });
    expect(stored()).toEqual(before);
  });

  it('keep a photo without its EXIF (the place it was taken), upright', async () => {
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#006a4e' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const url = await saveImage(storage(), photo);
    const res = await fetchImage(url);
    const kept = await sharp(res.rawPayload).metadata();
    expect(kept.exif).toBeUndefined();
    expect(kept.orientation).toBeUndefined();
    expect([kept.width, kept.height]).toEqual([20, 40]);
  });
});

describe('what is kept of an upload', () => {
  const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

  it('is the picture encoded anew: a page appended to a PNG or a JPEG is not stored, nor served', async () => {
    for (const format of ['png', 'jpeg'] as const) {
      const picked = await picture(64, 48, format);
      const res = await upload(Buffer.concat([picked, HTML]), `x.${format}`, `image/${format}`);
      expect(res.statusCode, res.body).toBe(201);
      const served = (await fetchImage(body<Category>(res).data.categoryImage)).rawPayload;
      expect(served.includes('<script>')).toBe(false);
      expect(await sharp(served).metadata()).toMatchObject({ format, width: 64, height: 48 });
      await t.app.inject({ method: 'DELETE', url: `/api/categories/${body<Category>(res).data._id}`, headers: t.admin.headers });
    }
  });

  // Encoding a noisy photo of 3.6 megapixels several times takes seconds, more on a loaded machine.
  it('is at most 2560 pixels on its long side, and a photo stays within 2 MB', { timeout: 180_000 }, async () => {
    const url = await saveImage(storage(), await picture(3000, 1000, 'png'));
    expect(await sharp((await fetchImage(url)).rawPayload).metadata()).toMatchObject({ width: 2560, height: 853 });
    // Noise is what compresses worst: it is kept at a lower quality, at its own size.
    const noise = await sharp({ create: { width: 2200, height: 1650, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 70 } } })
      .jpeg({ quality: 96 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(3 * 1024 * 1024);
    const kept = (await fetchImage(await saveImage(storage(), noise))).rawPayload;
    expect(kept.length).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(await sharp(kept).metadata()).toMatchObject({ format: 'jpeg', width: 2200, height: 1650 });
  });
});

describe('GET /media/:file', () => {
  it('serves the original, immutable, without ?w', async () => {
    const bytes = await picture(300, 200, 'png');
    const url = await saveImage(storage(), bytes);
    const res = await fetchImage(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 300, height: 200 });
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
  });

  it('resizes to WebP for browsers that accept it, JPEG by default and AVIF when offered', async () => {
    const url = await saveImage(storage(), await picture(800, 600, 'jpeg'));

    const webp = await fetchImage(`${url}?w=250`, 'image/webp,image/apng,*/*;q=0.8');
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(webp.headers.vary).toMatch(/Accept/);
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 250, height: 188 });
    expect(webp.rawPayload.length).toBeLessThan(20 * 1024);

    const jpeg = await fetchImage(`${url}?w=250`, '*/*');
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(jpeg.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 250 });

    const avif = await fetchImage(`${url}?w=160`, 'image/avif,image/webp,*/*');
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ format: 'heif', compression: 'av1', width: 160 });
  });

  it('snaps widths up to the allow-list and never enlarges', async () => {
    const url = await saveImage(storage(), await picture(1000, 500, 'png'));
    const width = async (w: number) => (await sharp((await fetchImage(`${url}?w=${w}`, 'image/webp')).rawPayload).metadata()).width;
    expect(await width(300)).toBe(320);
    expect(await width(81)).toBe(96);
    expect(await width(1200)).toBe(1000);
    expect(await width(5000)).toBe(1000);
    // A PNG original keeps its transparency-capable format when the browser takes neither AVIF nor WebP.
    expect((await fetchImage(`${url}?w=80`)).headers['content-type']).toBe('image/png');
  });

  it('crops the share picture to exactly 1200×630, covering it whatever the shape (also from a smaller original)', async () => {
    for (const [width, height] of [
      [800, 800],
      [2000, 600],
      [300, 200],
    ]) {
      const url = await saveImage(storage(), await picture(width!, height!, 'jpeg'));
      const res = await fetchImage(`${url}?w=1200&h=630`, '*/*');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    }
  });

  it('allows no other crop: a height is refused with a message unless it is the share picture', async () => {
    const url = await saveImage(storage(), await picture(400, 400, 'jpeg'));
    for (const query of ['w=1200&h=600', 'w=800&h=630', 'h=630', 'w=1200&h=abc', 'w=1200&h=630&h=631']) {
      const res = await fetchImage(`${url}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(body(res).success, query).toBe(false);
    }
  });

  it('renders a variant once and serves it from the disk cache afterwards', async () => {
    const url = await saveImage(storage(), await picture(640, 480, 'jpeg'));
    const first = await fetchImage(`${url}?w=400`, 'image/webp');
    expect(first.statusCode).toBe(200);
    const cached = join(t.config.dataDir, 'media', 'cache', `${url.slice('/media/'.length, -'.jpg'.length)}-400.webp`);
    expect(existsSync(cached)).toBe(true);
    // Mark the cached file: the next answer carrying the mark proves it came from the cache, not a new render.
    writeFileSync(cached, Buffer.from('cached-variant'));
    const second = await fetchImage(`${url}?w=400`, 'image/webp');
    expect(second.body).toBe('cached-variant');
  });

  it('answers 404 to names outside the media pattern and 400 to a bad width', async () => {
    const url = await saveImage(storage(), await picture(100, 100));
    for (const path of [
      '/media/..%2F..%2Fjwt-secret',
      '/media/..%2Fmedia%2Fx.png',
      '/media/photo.jpg',
      `/media/${'A'.repeat(32)}.png`,
      `/media/${'0'.repeat(32)}.png`,
    ]) {
      const res = await fetchImage(path);
      expect(res.statusCode, path).toBe(404);
      expect(body(res).success).toBe(false);
    }
    expect((await fetchImage(`${url}?w=abc`)).statusCode).toBe(400);
    expect((await fetchImage(`${url}?w=0`)).statusCode).toBe(400);
  });
});
