import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { startS3Server, type TestS3Server } from '../../test/s3-server';
import { localMediaStorage, MediaKeyError, openMediaStorage, readBounded, s3MediaStorage, StoredFileTooLargeError, type MediaStorage } from './storage';

const HOSTILE_KEYS = ['../jwt-secret', '..', 'a/../../b.jpg', 'cache/x.jpg', 'a\0b.jpg', '.hidden', '', 'x'.repeat(200), '..%2Fx', 'a\\b.jpg'];

let s3: TestS3Server;
const localDir = mkdtempSync(join(tmpdir(), 'haat-local-media-'));
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3.stop();
  rmSync(localDir, { recursive: true, force: true });
});

const drivers: [string, () => MediaStorage][] = [
  ['the local folder', () => localMediaStorage(join(localDir, 'media'))],
  ['an S3 bucket (s3rver)', () => s3MediaStorage(s3.config)],
];

describe.each(drivers)('media storage in %s', (_name, open) => {
  let storage: MediaStorage;
  beforeAll(() => {
    storage = open();
  });
  afterAll(() => storage.close());

  it('keeps a file, says it has it and streams it back with its size', async () => {
    const key = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg';
    expect(await storage.has(key)).toBe(false);
    await storage.put(key, Buffer.from('picture bytes'), 'image/jpeg');
    expect(await storage.has(key)).toBe(true);
    const file = await storage.open(key);
    expect(file?.size).toBe('picture bytes'.length);
    expect(await text(file!.stream)).toBe('picture bytes');
  });

  it('answers null for a file it does not have, and deletes quietly what is not there', async () => {
    expect(await storage.open('bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png')).toBeNull();
    await expect(storage.delete('bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.png')).resolves.toBeUndefined();
  });

  it('deletes a file: it is gone for has, open and a bounded read', async () => {
    const key = 'cccccccccccccccccccccccccccccccc.png';
    await storage.put(key, Buffer.from('x'), 'image/png');
    await storage.delete(key);
    expect(await storage.has(key)).toBe(false);
    expect(await storage.open(key)).toBeNull();
    expect(await readBounded(storage, key, 100)).toBeNull();
  });

  it('reads a file whole only within a bound, refusing a bigger one', async () => {
    const key = 'dddddddddddddddddddddddddddddddd.gif';
    const bytes = Buffer.alloc(64 * 1024, 7);
    await storage.put(key, bytes, 'image/gif');
    expect((await readBounded(storage, key, bytes.length))?.equals(bytes)).toBe(true);
    await expect(readBounded(storage, key, bytes.length - 1)).rejects.toBeInstanceOf(StoredFileTooLargeError);
  });

  it('refuses hostile keys (a way out of its folder or bucket, NUL, separators) before touching anything', async () => {
    for (const key of HOSTILE_KEYS) {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg'), JSON.stringify(key)).rejects.toBeInstanceOf(MediaKeyError);
      await expect(storage.has(key), JSON.stringify(key)).rejects.toBeInstanceOf(MediaKeyError);
      await expect(storage.open(key), JSON.stringify(key)).rejects.toBeInstanceOf(MediaKeyError);
      await expect(storage.delete(key), JSON.stringify(key)).rejects.toBeInstanceOf(MediaKeyError);
    }
  });
});

describe('the local folder', () => {
  it('writes a file whole or not at all, leaving no temporary files', async () => {
    const dir = join(localDir, 'atomic');
    const storage = localMediaStorage(dir);
    await Promise.all([1, 2, 3].map((n) => storage.put('eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.jpg', Buffer.alloc(1000, n), 'image/jpeg')));
    expect(readdirSync(dir)).toEqual(['eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.jpg']);
  });

  it('does not read a file placed beside its folder, whatever the key says', async () => {
    writeFileSync(join(localDir, 'secret'), 'not an image');
    await expect(localMediaStorage(join(localDir, 'media')).open('../secret')).rejects.toBeInstanceOf(MediaKeyError);
  });
});

describe('the configuration', () => {
  const base = { DATA_DIR: localDir, JWT_SECRET: 'x'.repeat(32) };

  it('keeps originals in DATA_DIR/media and variants below it by default', () => {
    const config = loadConfig(base);
    expect(config.mediaStorage).toEqual({ driver: 'local', dir: join(localDir, 'media') });
    expect(config.imageCacheDir).toBe(join(localDir, 'media', 'cache'));
    expect(loadConfig({ ...base, IMAGE_CACHE_DIR: join(localDir, 'variants') }).imageCacheDir).toBe(join(localDir, 'variants'));
  });

  it('reads the bucket from the S3_* variables, and the storage it names works', async () => {
    const config = loadConfig({ ...base, ...s3.env });
    expect(config.mediaStorage).toEqual(s3.config);
    const storage = openMediaStorage(config.mediaStorage);
    try {
      await storage.put('ffffffffffffffffffffffffffffffff.jpg', Buffer.from('through the configuration'), 'image/jpeg');
      expect(await text((await s3MediaStorage(s3.config).open('ffffffffffffffffffffffffffffffff.jpg'))!.stream)).toBe('through the configuration');
    } finally {
      storage.close();
    }
  });

  it('refuses an S3 configuration without a bucket, or with half the credentials', () => {
    expect(() => loadConfig({ ...base, MEDIA_STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, MEDIA_STORAGE: 's3', S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      'Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
    );
    expect(loadConfig({ ...base, MEDIA_STORAGE: 's3', S3_BUCKET: 'media' }).mediaStorage).toMatchObject({
      credentials: undefined,
      forcePathStyle: false,
      region: 'us-east-1',
    });
    expect(() => loadConfig({ ...base, MEDIA_STORAGE: 'ftp' })).toThrow(ConfigError);
  });
});
