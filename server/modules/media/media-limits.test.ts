import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_DAMAGED, type Banner, type Category, type Logo, type Product } from '../../../contract/catalogue';
import type { ProfileImageResult } from '../../../contract/profile';
import { orderItems, orders } from '../../db/schema';
import { newId } from '../../db/ids';
import { authAs, body, createUser, useShop } from '../../test/harness';
import { fileBlob, insertCategory, picture, pngClaiming } from '../products/test-fixtures';
import { MAX_ORIGINAL_BYTES } from './service';
import { UPLOADS_PER_HOUR } from './store';

/** Variants may take 60 KB on disk in this file, so a few renders go over it. */
const CACHE_KB = 60;

const t = useShop({ env: { IMAGE_CACHE_MB: String(CACHE_KB / 1024) } });
let admin: Record<string, string>;
let alice: { id: string; headers: Record<string, string> };
let bob: { id: string; headers: Record<string, string> };

beforeEach(async () => {
  admin = await authAs(t.config, await createUser(t.db, { email: 'admin@example.com', role: 'admin' }));
  const a = await createUser(t.db, { name: 'Alice', email: 'alice@example.com' });
  const b = await createUser(t.db, { name: 'Bob', email: 'bob@example.com' });
  alice = { id: a.id, headers: await authAs(t.config, a) };
  bob = { id: b.id, headers: await authAs(t.config, b) };
});

const mediaDir = () => join(t.config.dataDir, 'media');
const fileOf = (url: string) => join(mediaDir(), url.slice('/media/'.length));
const variantsOf = (url: string) => {
  const hash = url.slice('/media/'.length).split('.')[0]!;
  const dir = join(mediaDir(), 'cache');
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith(`${hash}-`)) : [];
};

function uploadProfile(who: { id: string; headers: Record<string, string> }, bytes: Buffer, type = 'image/jpeg') {
  const form = new FormData();
  form.append('id', who.id);
  form.append('profileImage', fileBlob(bytes, type), 'me.jpg');
  return t.app.inject({ method: 'POST', url: '/api/user/upload-profile-image', headers: who.headers, payload: form });
}
const profileUrl = (res: Awaited<ReturnType<typeof uploadProfile>>) => body<ProfileImageResult>(res).data.profileImg;

function imageForm(fields: Record<string, string>, field: string, bytes: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(field, fileBlob(bytes, 'image/png'), 'picture.png');
  return form;
}

/** A noisy photo (new noise every call), so its variants weigh tens of kilobytes. */
async function photo(seed: number, withExif = false): Promise<Buffer> {
  const image = sharp({
    create: { width: 900, height: 700, channels: 3, background: '#000000', noise: { type: 'gaussian', mean: 100 + seed, sigma: 60 } },
  }).jpeg({ quality: 90 });
  return (withExif ? image.withExif({ IFD0: { Make: 'PhoneMaker' } }) : image).toBuffer();
}

describe('damaged and hostile images', () => {
  it('refuses a truncated JPEG, with or without EXIF, with 400 and stores nothing', async () => {
    for (const withExif of [false, true]) {
      const full = await photo(withExif ? 1 : 2, withExif);
      expect(!!(await sharp(full).metadata()).exif).toBe(withExif);
      const res = await uploadProfile(alice, full.subarray(0, Math.floor(full.length * 0.6)));
      expect(res.statusCode, `with EXIF: ${withExif}`).toBe(400);
      expect(body(res)).toEqual({ success: false, message: IMAGE_DAMAGED, code: 'imageDamaged' });
    }
    expect(existsSync(mediaDir()) ? readdirSync(mediaDir()).filter((name) => name !== 'cache') : []).toEqual([]);
  });

  it('refuses a decompression bomb: a tiny file claiming 20,000 × 20,000 pixels', async () => {
    const bomb = await pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200);
    const res = await uploadProfile(alice, bomb, 'image/png');
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('Image must be at most 50 megapixels');
  });

  it('answers a broken stored original with 422 on every ?w= request, keeps no variant, and still serves the original', async () => {
    const full = await photo(3);
    const url = `/media/${'ab'.repeat(16)}.jpg`;
    mkdirSync(mediaDir(), { recursive: true });
    writeFileSync(fileOf(url), full.subarray(0, Math.floor(full.length / 2)));
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: `${url}?w=250`, headers: { accept: 'image/webp' } });
      expect(res.statusCode).toBe(422);
      expect(body(res)).toEqual({ success: false, message: 'This image cannot be shown', code: 'imageCannotShow' });
    }
    expect(variantsOf(url)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('does not read an original over the bound into memory to resize it (422), but still streams it as stored', async () => {
    const jpeg = await picture(300, 200, 'jpeg');
    const url = `/media/${'cd'.repeat(16)}.jpg`;
    mkdirSync(mediaDir(), { recursive: true });
    // A real picture followed by padding decoders ignore: only its size stops the resize.
    writeFileSync(fileOf(url), Buffer.concat([jpeg, Buffer.alloc(MAX_ORIGINAL_BYTES + 1 - jpeg.length)]));
    const res = await t.app.inject({ method: 'GET', url: `${url}?w=250`, headers: { accept: 'image/webp' } });
    expect(res.statusCode).toBe(422);
    expect(body(res)).toEqual({ success: false, message: 'This image cannot be shown', code: 'imageCannotShow' });
    const original = await t.app.inject({ method: 'GET', url });
    expect(original.statusCode).toBe(200);
    expect(Number(original.headers['content-length'])).toBe(MAX_ORIGINAL_BYTES + 1);
  });
});

describe('disk use', () => {
  it('deletes a replaced profile picture and its variants, but not a file someone else still uses', async () => {
    const first = profileUrl(await uploadProfile(alice, await photo(4)));
    expect((await t.app.inject({ method: 'GET', url: `${first}?w=200`, headers: { accept: 'image/webp' } })).statusCode).toBe(200);
    expect(variantsOf(first)).toHaveLength(1);
    const shared = await photo(5);
    const second = profileUrl(await uploadProfile(alice, shared));
    expect(second).not.toBe(first);
    expect(existsSync(fileOf(first))).toBe(false);
    expect(variantsOf(first)).toEqual([]);
    expect(existsSync(fileOf(second))).toBe(true);

    // The same picture as Bob's: stored once, kept while either uses it.
    expect(profileUrl(await uploadProfile(bob, shared))).toBe(second);
    await uploadProfile(alice, await photo(6));
    expect(existsSync(fileOf(second))).toBe(true);
  });

  it('deletes product pictures no longer used by the product, another row or an order', async () => {
    const category = await insertCategory(t.db, 'Fashion');
    const [a, b, c] = await Promise.all([picture(300, 200, 'png'), picture(310, 200, 'png'), picture(320, 200, 'png')]);
    const form = imageForm({ name: 'Saree', originalPrice: '1000', category: category.id }, 'productImages', a);
    form.append('productImages', fileBlob(b, 'image/png'), 'b.png');
    form.append('productImages', fileBlob(c, 'image/png'), 'c.png');
    const created = await t.app.inject({ method: 'POST', url: '/api/products', headers: admin, payload: form });
    expect(created.statusCode).toBe(201);
    const product = body<Product>(created).data;
    const [urlA, urlB, urlC] = product.productImages as [string, string, string];

    // An order line keeps its own copy of the picture's URL: C must outlive the product.
    const orderId = newId();
    await t.db.insert(orders).values({
      id: orderId,
      customerId: alice.id,
      customerName: 'Alice',
      phone: '01711000001',
      division: 'Dhaka',
      district: 'Dhaka',
      city: 'Dhanmondi',
      addressDetails: 'House 1',
      paymentMethod: 'cash',
      subTotal: 1000,
      deliveryFee: 60,
      discount: 0,
      totalPrice: 1060,
    });
    await t.db
      .insert(orderItems)
      .values({ id: newId(), orderId, position: 0, productId: product._id, productName: 'Saree', image: urlC, quantity: 1, unitPrice: 1000, subTotal: 1000 });

    const updated = await t.app.inject({ method: 'PUT', url: `/api/products/${product._id}`, headers: admin, payload: { productImages: [urlB, urlC] } });
    expect(updated.statusCode).toBe(200);
    expect([existsSync(fileOf(urlA)), existsSync(fileOf(urlB)), existsSync(fileOf(urlC))]).toEqual([false, true, true]);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${product._id}`, headers: admin })).statusCode).toBe(200);
    expect([existsSync(fileOf(urlB)), existsSync(fileOf(urlC))]).toEqual([false, true]);
    await t.db.delete(orders).where(eq(orders.id, orderId));
  });

  it('deletes replaced and removed category, banner and logo pictures', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/categories',
      headers: admin,
      payload: imageForm({ categoryName: 'Books' }, 'categoryImage', await picture(100, 100, 'png')),
    });
    const category = body<Category>(created).data;
    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/categories/${category._id}`,
      headers: admin,
      payload: imageForm({}, 'categoryImage', await picture(101, 100, 'png')),
    });
    expect(replaced.statusCode).toBe(200);
    expect(existsSync(fileOf(category.categoryImage))).toBe(false);
    const current = body<Category>(replaced).data.categoryImage;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/categories/${category._id}`, headers: admin })).statusCode).toBe(200);
    expect(existsSync(fileOf(current))).toBe(false);

    const banner = body<Banner>(
      await t.app.inject({
        method: 'POST',
        url: '/api/banner',
        headers: admin,
        payload: imageForm({ bannerOffer: '10' }, 'bannerImage', await picture(102, 100, 'png')),
      }),
    ).data;
    const newBanner = body<Banner>(
      await t.app.inject({
        method: 'PUT',
        url: `/api/banner/${banner._id}`,
        headers: admin,
        payload: imageForm({}, 'bannerImage', await picture(103, 100, 'png')),
      }),
    ).data;
    expect(existsSync(fileOf(banner.bannerImage))).toBe(false);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/banner/${banner._id}`, headers: admin })).statusCode).toBe(200);
    expect(existsSync(fileOf(newBanner.bannerImage))).toBe(false);

    const logo = body<Logo>(
      await t.app.inject({ method: 'POST', url: '/api/logo', headers: admin, payload: imageForm({ alt: 'haat' }, 'url', await picture(104, 100, 'png')) }),
    ).data;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/logo/${logo._id}`, headers: admin })).statusCode).toBe(200);
    expect(existsSync(fileOf(logo.url))).toBe(false);
  });

  it(`refuses a customer's upload beyond ${UPLOADS_PER_HOUR.user} an hour with 429, counting each account apart`, async () => {
    for (let i = 0; i < UPLOADS_PER_HOUR.user; i += 1) expect((await uploadProfile(alice, await picture(40 + i, 40, 'png'), 'image/png')).statusCode).toBe(200);
    const refused = await uploadProfile(alice, await picture(99, 40, 'png'), 'image/png');
    expect(refused.statusCode).toBe(429);
    expect(body(refused).message).toBe(`You can upload at most ${UPLOADS_PER_HOUR.user} images an hour. Please try again later.`);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await uploadProfile(bob, await picture(99, 40, 'png'), 'image/png')).statusCode).toBe(200);
  });

  it(`keeps resized variants within ${CACHE_KB} KB on disk, dropping the least recently used`, async () => {
    const urls = [];
    for (let i = 0; i < 3; i += 1) urls.push(profileUrl(await uploadProfile([alice, bob, alice][i]!, await photo(10 + i))));
    const get = (url: string, w: number) => t.app.inject({ method: 'GET', url: `${url}?w=${w}`, headers: { accept: 'image/jpeg' } });
    const cacheBytes = () => readdirSync(join(mediaDir(), 'cache')).reduce((sum, name) => sum + statSync(join(mediaDir(), 'cache', name)).size, 0);
    // Alice's and Bob's current pictures (the first was replaced): render widths until the cache must drop some.
    const [, kept, other] = urls as [string, string, string];
    expect((await get(kept, 320)).statusCode).toBe(200);
    for (const w of [400, 500, 640]) {
      expect((await get(other, w)).statusCode).toBe(200);
      // The one used all along stays.
      expect((await get(kept, 320)).statusCode).toBe(200);
      expect(cacheBytes()).toBeLessThanOrEqual(CACHE_KB * 1024);
    }
    expect(variantsOf(kept)).toEqual([`${kept.slice('/media/'.length).split('.')[0]}-320.jpeg`]);
    expect(variantsOf(other).length).toBeLessThan(3);
  });
});
