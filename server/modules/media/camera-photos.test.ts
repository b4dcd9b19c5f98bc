import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES, ORIGINAL_MAX_BYTES, ORIGINAL_MAX_SIDE, type Category, type Product } from '../../../contract/catalogue';
import { body, useShop } from '../../test/harness';
import { fileBlob, insertCategory, picture, pngClaiming } from '../products/test-fixtures';

const t = useShop({ people: true });

/** Temporary files of this file's requests go here, so the test can see them come and go. */
let uploadsTmp: string;
let previousTmp: string | undefined;
beforeAll(() => {
  previousTmp = process.env.TMPDIR;
  uploadsTmp = mkdtempSync(join(tmpdir(), 'camera-photos-'));
  process.env.TMPDIR = uploadsTmp;
});
afterAll(() => {
  if (previousTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmp;
  rmSync(uploadsTmp, { recursive: true, force: true });
});

/**
 * A phone camera's photo: 6000 × 4000 of grain (what compresses worst), taken holding the phone upright (EXIF
 * orientation 6: the pixels lie on their side) with the place it was taken in its EXIF. About 16 MB.
 */
async function cameraPhoto(): Promise<Buffer> {
  const grain = await sharp({
    create: {
      width: 3000,
      height: 2000,
      channels: 3,
      background: '#6a8f4e',
      noise: { type: 'gaussian', mean: 120, sigma: 50 },
    },
  })
    .raw()
    .toBuffer();
  return sharp(grain, { raw: { width: 3000, height: 2000, channels: 3 } })
    .resize(6000, 4000, { kernel: 'nearest' })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Camera 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '23/1 48/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '90/1 24/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

let photo: Buffer;
beforeAll(async () => {
  photo = await cameraPhoto();
}, 120_000);

function categoryForm(bytes: Buffer, filename = 'photo.jpg', type = 'image/jpeg') {
  const form = new FormData();
  form.append('categoryName', 'Fresh fruit');
  form.append('categoryImage', fileBlob(bytes, type), filename);
  return form;
}

const stored = async (url: string) => (await t.app.inject({ method: 'GET', url })).rawPayload;

describe('a photo from a phone camera', () => {
  it('is taken up to 25 MB and kept upright, at most 2560 px and 2 MB, without its EXIF or GPS position', { timeout: 180_000 }, async () => {
    const before = await sharp(photo).metadata();
    expect(photo.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(photo.length).toBeLessThanOrEqual(MAX_IMAGE_BYTES);
    expect(before).toMatchObject({
      width: 6000,
      height: 4000,
      orientation: 6,
    });
    expect(before.exif).toBeDefined();

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      payload: categoryForm(photo),
      headers: t.admin.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    const kept = await stored(body<Category>(res).data.categoryImage);
    expect(kept.length).toBeLessThanOrEqual(ORIGINAL_MAX_BYTES);
    const meta = await sharp(kept).metadata();
    // Turned upright: the long side is now the height.
    expect(meta).toMatchObject({
      format: 'jpeg',
      width: Math.round((4000 * ORIGINAL_MAX_SIDE) / 6000),
      height: ORIGINAL_MAX_SIDE,
    });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(kept.includes('PhoneMaker')).toBe(false);
    // No temporary file outlives the request.
    expect(readdirSync(uploadsTmp)).toEqual([]);
  });

  it('comes in a product form of several, each kept within the limits', { timeout: 180_000 }, async () => {
    const fashion = await insertCategory(t.db, 'Fruit');
    const form = new FormData();
    form.append('name', 'Fresh mangoes');
    form.append('originalPrice', '450');
    form.append('category', fashion.id);
    form.append('productImages', fileBlob(photo, 'image/jpeg'), 'IMG_0001.jpg');
    form.append('productImages', fileBlob(await picture(3000, 1000, 'png'), 'image/png'), 'banner.png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      payload: form,
      headers: t.admin.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [first, second] = body<Product>(res).data.productImages;
    const sizes = await Promise.all([first!, second!].map(async (url) => sharp(await stored(url)).metadata()));
    expect(sizes.map(({ width, height }) => [width, height])).toEqual([
      [1707, 2560],
      [2560, 853],
    ]);
    expect(readdirSync(uploadsTmp)).toEqual([]);
  });

  it('over 25 MB is refused with 413, leaving no temporary file', async () => {
    const jpeg = await picture(64, 64, 'jpeg');
    const oversized = Buffer.concat([jpeg, Buffer.alloc(MAX_IMAGE_BYTES + 1 - jpeg.length)]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      payload: categoryForm(oversized),
      headers: t.admin.headers,
    });
    expect(res.statusCode).toBe(413);
    expect(body(res)).toEqual({
      success: false,
      message: IMAGE_TOO_LARGE,
      code: 'imageTooLarge',
    });
    expect(readdirSync(uploadsTmp)).toEqual([]);
  });
});

describe('hostile pictures', () => {
  it('a decompression bomb (a small file claiming 10 gigapixels) is refused with 400 and a message', async () => {
    const bomb = await pngClaiming(100_000, 100_000);
    expect(bomb.length).toBeLessThan(1024);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      payload: categoryForm(bomb, 'bomb.png', 'image/png'),
      headers: t.admin.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      success: false,
      message: 'Image must be at most 50 megapixels',
      code: 'imageTooManyPixels',
    });
  });

  it('a document named like a photo is refused with 400', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      payload: categoryForm(pdf, 'notes.jpg'),
      headers: t.admin.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({ code: 'imageWrongType' });
    expect(readdirSync(uploadsTmp)).toEqual([]);
  });
});

describe('an animation', () => {
  it('stays animated, at most 2560 px wide', { timeout: 120_000 }, async () => {
    const [width, height, frames] = [3000, 200, 3];
    const pixels = Buffer.alloc(width * height * frames * 3);
    for (let frame = 0; frame < frames; frame += 1) pixels.fill(frame * 100, frame * width * height * 3, (frame + 1) * width * height * 3);
    const gif = await sharp(pixels, {
      raw: { width, height: height * frames, channels: 3, pageHeight: height },
    })
      .gif()
      .toBuffer();
    expect(await sharp(gif).metadata()).toMatchObject({ pages: frames });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      payload: categoryForm(gif, 'spinner.gif', 'image/gif'),
      headers: t.admin.headers,
    });
    expect(res.statusCode, res.body).toBe(201);
    const kept = await sharp(await stored(body<Category>(res).data.categoryImage)).metadata();
    expect(kept).toMatchObject({
      format: 'gif',
      pages: frames,
      width: ORIGINAL_MAX_SIDE,
      height: Math.round((height * ORIGINAL_MAX_SIDE) / width),
    });
  });
});
