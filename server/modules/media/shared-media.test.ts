import { existsSync, readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category } from '../../../contract/catalogue';
import { logoPicture } from '../../seed/catalogue-images';
import { authAs, body, createTestApp, createUser, type TestApp } from '../../test/harness';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { fileBlob, picture } from '../products/test-fixtures';
import { s3MediaStorage, type MediaStorage } from './storage';

/**
 * Two server processes as a balancer would see them: two apps on one database and one bucket, each with its own
 * DATA_DIR and so its own variant cache.
 */
let s3: TestS3Server;
let a: TestApp;
let b: TestApp;
let bucket: MediaStorage;
let admin: Record<string, string>;

beforeAll(async () => {
  s3 = await startS3Server();
  a = await createTestApp(s3.env);
  b = await createTestApp(s3.env);
  bucket = s3MediaStorage(s3.config);
  await a.reset();
  admin = await authAs(a.config, await createUser(a.db, { email: 'admin@example.com', role: 'admin' }));
});
afterAll(async () => {
  bucket.close();
  await a.close();
  await b.close();
  await s3.stop();
});

const keyOf = (url: string) => url.slice('/media/'.length);
const cached = (app: TestApp) => (existsSync(app.config.imageCacheDir) ? readdirSync(app.config.imageCacheDir) : []);
const resized = (app: TestApp, url: string) => app.app.inject({ method: 'GET', url: `${url}?w=250`, headers: { accept: 'image/webp' } });

async function uploadCategory(app: TestApp, width: number) {
  const form = new FormData();
  form.append('categoryName', `Books ${width}`);
  form.append('categoryImage', fileBlob(await picture(width, 400, 'png'), 'image/png'), 'books.png');
  const res = await app.app.inject({ method: 'POST', url: '/api/categories', headers: admin, payload: form });
  expect(res.statusCode, res.body).toBe(201);
  return body<Category>(res).data;
}

describe('media shared by two server processes through one S3 bucket', () => {
  it('keeps the original in the bucket, not on the uploading server’s disk', async () => {
    const category = await uploadCategory(a, 600);
    expect(await bucket.has(keyOf(category.categoryImage))).toBe(true);
    expect(a.config.mediaStorage.driver).toBe('s3');
    expect(existsSync(`${a.config.dataDir}/media/${keyOf(category.categoryImage)}`)).toBe(false);
  });

  it('serves an image uploaded through A resized by B, rendered in B’s own cache from the shared original', async () => {
    const category = await uploadCategory(a, 640);
    const url = category.categoryImage;
    const hash = keyOf(url).split('.')[0]!;

    const fromB = await resized(b, url);
    expect(fromB.statusCode).toBe(200);
    expect(await sharp(fromB.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 250 });
    expect(cached(b)).toContain(`${hash}-250.webp`);
    expect(cached(a).filter((name) => name.startsWith(hash))).toEqual([]);

    const originalFromA = await a.app.inject({ method: 'GET', url });
    const originalFromB = await b.app.inject({ method: 'GET', url });
    expect(originalFromB.statusCode).toBe(200);
    expect(originalFromB.headers['content-type']).toBe('image/png');
    expect(Number(originalFromB.headers['content-length'])).toBe(originalFromA.rawPayload.length);
    expect(originalFromB.rawPayload.equals(originalFromA.rawPayload)).toBe(true);
  });

  it('answers 404 on B once A deleted the image, though B still had its variant cached', async () => {
    const category = await uploadCategory(a, 660);
    const url = category.categoryImage;
    const hash = keyOf(url).split('.')[0]!;
    expect((await resized(b, url)).statusCode).toBe(200);
    expect(cached(b)).toContain(`${hash}-250.webp`);

    expect((await a.app.inject({ method: 'DELETE', url: `/api/categories/${category._id}`, headers: admin })).statusCode).toBe(200);
    expect(await bucket.has(keyOf(url))).toBe(false);

    const afterDelete = await resized(b, url);
    expect(afterDelete.statusCode).toBe(404);
    expect(body(afterDelete)).toEqual({ success: false, message: 'Image not found', code: 'imageNotFound' });
    expect((await b.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    // B drops what it had of the image once it finds the original gone.
    expect(cached(b).filter((name) => name.startsWith(hash))).toEqual([]);
  });

  it('asks the bucket once about a name that has no file, and serves the file as soon as it is uploaded', async () => {
    const category = await uploadCategory(a, 680);
    const url = category.categoryImage;
    await bucket.delete(keyOf(url));
    const before = s3.requests.length;
    const asked = () => s3.requests.slice(before).filter((request) => request.includes(keyOf(url))).length;
    for (let i = 0; i < 5; i += 1) {
      expect((await b.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect((await resized(b, url)).statusCode).toBe(404);
    }
    expect(asked()).toBe(1);

    await a.app.inject({ method: 'DELETE', url: `/api/categories/${category._id}`, headers: admin });
    expect((await uploadCategory(b, 680)).categoryImage).toBe(url);
    expect((await b.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await resized(b, url)).statusCode).toBe(200);
  });

  it('serves what the seed drew into the bucket from either server', async () => {
    const url = await logoPicture(s3MediaStorage(s3.config));
    for (const app of [a, b]) {
      const res = await app.app.inject({ method: 'GET', url: `${url}?w=160`, headers: { accept: 'image/webp' } });
      expect(res.statusCode).toBe(200);
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 160 });
    }
  });
});
