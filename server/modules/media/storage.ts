import { randomBytes } from 'node:crypto';
import { access, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type { MediaStorageConfig, S3StorageConfig } from '../../config';

/** A stored file being read: its bytes as a stream, and how many there are. */
export type StoredFile = { stream: Readable; size: number };

/**
 * Where uploaded originals are kept, by key (a file name such as `<hash>.jpg`). The local folder serves one process;
 * an S3-compatible bucket is shared by every process, so an image uploaded through one is served by all.
 */
export type MediaStorage = {
  has(key: string): Promise<boolean>;
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file as a stream (never read whole here); null when there is none. */
  open(key: string): Promise<StoredFile | null>;
  /** Deletes the file; deleting one that is not there is not an error. */
  delete(key: string): Promise<void>;
  close(): void;
};

/** A key that could leave the folder or the bucket's namespace (`../`, a slash, NUL, …): refused before any I/O. */
export class MediaKeyError extends Error {}

const SAFE_KEY = /^[0-9A-Za-z][0-9A-Za-z._-]{0,127}$/;

function checked(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new MediaKeyError(`Refused media key ${JSON.stringify(key)}`);
  return key;
}

/** Writes through a temporary name, so a reader never sees half a file and concurrent writers of one name agree. */
export async function writeAtomically(path: string, bytes: Buffer): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, bytes);
  try {
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** Originals as files in `dir`. */
export function localMediaStorage(dir: string): MediaStorage {
  const pathOf = (key: string) => join(dir, checked(key));
  return {
    async has(key) {
      return access(pathOf(key)).then(
        () => true,
        () => false,
      );
    },
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dir, { recursive: true });
      await writeAtomically(path, bytes);
    },
    async open(key) {
      const path = pathOf(key);
      // Opened first, then measured: a file deleted meanwhile is either wholly there or not found, never cut short.
      const handle = await open(path).catch(() => null);
      if (!handle) return null;
      const info = await handle.stat().catch(() => null);
      if (!info?.isFile()) {
        await handle.close();
        return null;
      }
      return { stream: handle.createReadStream(), size: info.size };
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    close() {},
  };
}

/** S3 answers a missing object with 404 (`NoSuchKey`, or `NotFound` to a HEAD); a missing bucket is a real error. */
function isMissing(err: unknown): boolean {
  const { name, $metadata } = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return $metadata?.httpStatusCode === 404 && name !== 'NoSuchBucket';
}

const S3_CONNECT_MS = 5_000;
const S3_IDLE_MS = 30_000;

/** Originals as objects of an S3-compatible bucket, named by their key at the bucket's root. */
export function s3MediaStorage(config: S3StorageConfig): MediaStorage {
  // The SDK loads with the first request: a shop on the local folder never pays its start-up (about a third of a second).
  let connection: Promise<{ sdk: typeof S3; client: S3.S3Client }> | null = null;
  const connect = () =>
    (connection ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        // A copy: the SDK marks the object it is given.
        credentials: config.credentials && { ...config.credentials },
        // A bucket that stops answering fails the request instead of holding it (the SDK waits forever by default).
        requestHandler: { connectionTimeout: S3_CONNECT_MS, socketTimeout: S3_IDLE_MS },
      }),
    })));
  const Bucket = config.bucket;
  return {
    async has(key) {
      const Key = checked(key);
      const { sdk, client } = await connect();
      try {
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async put(key, bytes, contentType) {
      const Key = checked(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async open(key) {
      const Key = checked(key);
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
        if (!(answer.Body instanceof Readable) || answer.ContentLength === undefined) throw new Error(`The bucket sent ${key} without a stream or a length`);
        return { stream: answer.Body, size: answer.ContentLength };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      const Key = checked(key);
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key }));
    },
    close() {
      void connection?.then(({ client }) => client.destroy());
    },
  };
}

/** The driver the configuration names. */
export function openMediaStorage(config: MediaStorageConfig): MediaStorage {
  return config.driver === 'local' ? localMediaStorage(config.dir) : s3MediaStorage(config);
}

/** A stored file bigger than the caller's bound, refused before it is read past it. */
export class StoredFileTooLargeError extends Error {}

/** The whole file, read from its stream up to `maxBytes` (beyond, the read stops and throws); null when there is none. */
export async function readBounded(storage: MediaStorage, key: string, maxBytes: number): Promise<Buffer | null> {
  const file = await storage.open(key);
  if (!file) return null;
  const tooLarge = () => new StoredFileTooLargeError(`${key} is over ${maxBytes} bytes`);
  if (file.size > maxBytes) {
    file.stream.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let read = 0;
  for await (const chunk of file.stream as AsyncIterable<Buffer>) {
    read += chunk.length;
    if (read > maxBytes) {
      file.stream.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, read);
}
