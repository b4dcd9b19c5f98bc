import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { apiMessage } from '../../../contract/api-messages';
import type { Role } from '../../../contract/auth';
import { MEDIA_URL_PATTERN } from '../../../contract/catalogue';
import { countHit } from '../../cluster/rate-limit-store';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { boundedCache } from '../../lib/bounded-cache';
import { AbandonedError, limiter, LimiterBusyError } from '../../lib/limiter';
import {
  isReferenced,
  MAX_ORIGINAL_BYTES,
  renderVariant,
  saveImage,
  variantPath,
  variantPaths,
  type ImageInput,
  type VariantFormat,
  type VariantSize,
} from './service';
import { readBounded, StoredFileTooLargeError, writeAtomically, type MediaStorage, type StoredFile } from './storage';

/** Images one account may store an hour: a profile picture now and then for customers, catalogues for staff. */
export const UPLOADS_PER_HOUR: Record<Role, number> = { user: 20, seller: 300, admin: 300 };
/** Images one address may store an hour, whoever signs in from it: a shop's staff behind one router share it. */
export const UPLOADS_PER_ADDRESS_HOUR = 600;
/**
 * Forms with files received at once (each up to ten 25 MB files streamed to temporary files): per account, per
 * address and in all. A form beyond its account's or address's share is refused 429; beyond all, 503.
 */
export const FORMS_PER_ACCOUNT = 2;
export const FORMS_PER_ADDRESS = 4;
export const FORMS_AT_ONCE = 8;
const HOUR_MS = 60 * 60 * 1000;
/**
 * Image work (checking uploads, rendering variants) at once and waiting. sharp runs in libuv's thread pool (4 threads,
 * shared with file access and password hashing): two at a time leave the others free.
 */
const IMAGE_JOBS = 2;
const IMAGE_JOBS_WAITING = 64;
/** Originals known not to render, answered 422 at once instead of decoded again (names only: a few KB). */
const BROKEN_REMEMBERED_BYTES = 64 * 1024;

/**
 * A name with no stored file is answered 404 without asking the storage again for this long (on a bucket each miss
 * is a paid HEAD or GET). Bounded: at most this many bytes of names, least recently asked out. An upload clears its
 * own name at once, and every write announced to the processes (the form that uses an upload) clears them all.
 */
const MISS_REMEMBERED_MS = 10_000;
const MISSES_REMEMBERED_BYTES = 256 * 1024;

const IMAGE_BUSY = 'Images are busy right now. Please try again in a moment.';
const CANNOT_SHOW = 'This image cannot be shown';

export type MediaStore = {
  /**
   * Stores an uploaded image (its bytes, or the path of the file it was received into) for `uploader` from `address`
   * (within their hourly allowances) and answers its URL.
   */
  save(input: ImageInput, uploader: AuthUser | null, address: string | null): Promise<string>;
  /** Takes a place among the forms with files received at once (or refuses: 429, 503); answers how to give it up. */
  receiveForm(uploader: AuthUser | null, address: string): () => void;
  /**
   * The variant of an original, rendered once and then read from this process's disk cache; null when the original
   * is gone (deleted through any process), whatever the cache still holds.
   */
  variant(file: string, size: VariantSize, format: VariantFormat): Promise<Buffer | null>;
  /** The stored original as a stream with its size (never read whole into memory); null if none. */
  original(file: string): Promise<StoredFile | null>;
  /** Whether a media URL names a stored file. */
  isStored(url: string): Promise<boolean>;
  /** Files being saved for a request in flight: kept until `unpin`, whatever `release` is asked meanwhile. */
  pin(url: string): void;
  unpin(url: string): Promise<void>;
  /** Deletes each image (and its variants) that no row names any more. */
  release(urls: readonly (string | null | undefined)[]): Promise<void>;
  /** Forgets the names found missing: another process may have stored them since. */
  forgetMisses(): void;
};

const fileOf = (url: string) => url.slice('/media/'.length);

/** An original that is too large or too damaged to render. */
class UnrenderableError extends Error {}

/**
 * Originals go through `storage` (shared by every process when it is a bucket); their resized variants are this
 * process's own, cached in `cacheDir` up to `variantCacheBytes` and rendered again from the original when missing.
 */
export function mediaStore({
  storage,
  cacheDir,
  db,
  variantCacheBytes,
  onDeleteError,
}: {
  storage: MediaStorage;
  cacheDir: string;
  db: Db;
  variantCacheBytes: number;
  /** An unused original the storage would not delete (the bucket unreachable): the change that released it stands. */
  onDeleteError: (error: unknown, file: string) => void;
}): MediaStore {
  const jobs = limiter({ concurrency: IMAGE_JOBS, maxWaiting: IMAGE_JOBS_WAITING });
  const imageJob = <T>(work: () => Promise<T>): Promise<T> =>
    jobs.run(work).catch((err: unknown) => {
      if (err instanceof LimiterBusyError || err instanceof AbandonedError) throw new HttpError(503, IMAGE_BUSY, undefined, 2);
      throw err;
    });

  /* ---------- hourly allowance per account ---------- */

  // Counted in the database, so an account's uploads spread over several server processes add up to one allowance.
  async function countUpload(key: string, limit: number): Promise<void> {
    const { hits, ttlMs } = await countHit(db, key, HOUR_MS);
    if (hits > limit) throw new HttpError(429, apiMessage('uploadLimit', limit), undefined, Math.max(1, Math.ceil(ttlMs / 1000)));
  }

  /* ---------- forms received at once: this process's own, as are its temporary files ---------- */

  const formsBy = new Map<string, number>();
  let formsInAll = 0;
  function receiveForm(uploader: AuthUser | null, address: string): () => void {
    const keys = [`address:${address}`, ...(uploader ? [`account:${uploader.id}`] : [])];
    if ((uploader && (formsBy.get(`account:${uploader.id}`) ?? 0) >= FORMS_PER_ACCOUNT) || (formsBy.get(`address:${address}`) ?? 0) >= FORMS_PER_ADDRESS) {
      throw new HttpError(429, apiMessage('uploadsInProgress'), undefined, 5);
    }
    if (formsInAll >= FORMS_AT_ONCE) throw new HttpError(503, IMAGE_BUSY, undefined, 5);
    formsInAll += 1;
    for (const key of keys) formsBy.set(key, (formsBy.get(key) ?? 0) + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      formsInAll -= 1;
      for (const key of keys) {
        const count = (formsBy.get(key) ?? 1) - 1;
        if (count > 0) formsBy.set(key, count);
        else formsBy.delete(key);
      }
    };
  }

  /* ---------- variants: a disk cache bounded in bytes, least recently used out ---------- */

  // The files of variants dropped from the cache, while they are being removed: a render waits for them, so the disk
  // holds the bound by the time it answers, however slow the disk is.
  const removing = new Set<Promise<void>>();
  const variants = boundedCache<true>({
    maxBytes: variantCacheBytes,
    onEvict: (path) => {
      const removal: Promise<void> = rm(path, { force: true })
        .catch(() => undefined)
        .finally(() => removing.delete(removal));
      removing.add(removal);
    },
  });
  const keepVariant = async (path: string, bytes: number) => {
    variants.set(path, true, bytes);
    await Promise.all(removing);
  };
  // What an earlier run left in the cache, oldest first, so it counts against the bound too.
  const scanned = (async () => {
    const names = await readdir(cacheDir).catch(() => [] as string[]);
    const found = await Promise.all(
      names
        .filter((name) => !name.endsWith('.tmp'))
        .map(async (name) => {
          const info = await stat(join(cacheDir, name)).catch(() => null);
          return info?.isFile() ? { path: join(cacheDir, name), size: info.size, time: info.mtimeMs } : null;
        }),
    );
    for (const file of found.filter((f) => f !== null).sort((a, b) => a.time - b.time)) {
      if (file.size > variantCacheBytes) await rm(file.path, { force: true });
      else if (!variants.get(file.path)) variants.set(file.path, true, file.size);
    }
  })();
  const broken = boundedCache<true>({ maxBytes: BROKEN_REMEMBERED_BYTES });
  // Until when each name is known to have no stored file.
  const misses = boundedCache<number>({ maxBytes: MISSES_REMEMBERED_BYTES });
  const knownMissing = (file: string) => {
    const until = misses.get(file);
    if (until !== undefined && until <= Date.now()) misses.delete(file);
    return until !== undefined && until > Date.now();
  };
  const noteMissing = (file: string) => misses.set(file, Date.now() + MISS_REMEMBERED_MS, file.length * 2 + 16);
  const rendering = new Map<string, Promise<Buffer | null>>();

  async function forgetVariants(file: string): Promise<void> {
    for (const path of variantPaths(cacheDir, file)) {
      variants.delete(path);
      await rm(path, { force: true });
    }
  }

  async function renderOnce(file: string, path: string, size: VariantSize, format: VariantFormat): Promise<Buffer | null> {
    await scanned;
    // Another process may have deleted the original: its variants here must not outlive it.
    if (!(await storage.has(file))) {
      noteMissing(file);
      await forgetVariants(file);
      return null;
    }
    const hit = await readFile(path).catch(() => null);
    if (hit) {
      await keepVariant(path, hit.length);
      return hit;
    }
    // Read inside the job, so at most IMAGE_JOBS originals are in memory at once.
    const bytes = await imageJob(async () => {
      const original = await readBounded(storage, file, MAX_ORIGINAL_BYTES).catch((err: unknown) => {
        if (err instanceof StoredFileTooLargeError) throw new UnrenderableError();
        throw err;
      });
      if (!original) return null;
      return renderVariant(original, size, format).catch(() => {
        throw new UnrenderableError();
      });
    }).catch((err: unknown) => {
      if (!(err instanceof UnrenderableError)) throw err;
      // A damaged or oversized original: say so, remember it, and keep nothing in the cache.
      broken.set(file, true, file.length * 2);
      throw new HttpError(422, CANNOT_SHOW);
    });
    if (!bytes) return null;
    // A variant bigger than the whole cache is sent but not kept.
    if (bytes.length <= variantCacheBytes) {
      await mkdir(cacheDir, { recursive: true });
      await writeAtomically(path, bytes);
      await keepVariant(path, bytes.length);
    }
    return bytes;
  }

  /* ---------- deleting what nothing uses ---------- */

  const pins = new Map<string, number>();
  const deferred = new Set<string>();

  async function releaseOne(url: string): Promise<void> {
    if (!MEDIA_URL_PATTERN.test(url)) return;
    if (pins.has(url)) {
      deferred.add(url);
      return;
    }
    if (await isReferenced(db, url)) return;
    const file = fileOf(url);
    broken.delete(file);
    await forgetVariants(file);
    await storage.delete(file).catch((err: unknown) => onDeleteError(err, file));
  }

  return {
    async save(input, uploader, address) {
      if (uploader) await countUpload(`upload:${uploader.id}`, UPLOADS_PER_HOUR[uploader.role]);
      if (address) await countUpload(`upload-address:${address}`, UPLOADS_PER_ADDRESS_HOUR);
      const url = await imageJob(() => saveImage(storage, input));
      misses.delete(fileOf(url));
      return url;
    },
    receiveForm,
    async original(file) {
      if (knownMissing(file)) return null;
      const found = await storage.open(file);
      if (!found) noteMissing(file);
      return found;
    },
    async isStored(url) {
      const file = fileOf(url);
      if (knownMissing(file)) return false;
      const stored = await storage.has(file);
      if (!stored) noteMissing(file);
      return stored;
    },
    async variant(file, size, format) {
      if (knownMissing(file)) return null;
      if (broken.get(file)) throw new HttpError(422, CANNOT_SHOW);
      const path = variantPath(cacheDir, file, size, format);
      if (!path) return null;
      const pending = rendering.get(path);
      if (pending) return pending;
      const render = renderOnce(file, path, size, format).finally(() => rendering.delete(path));
      rendering.set(path, render);
      return render;
    },
    pin(url) {
      pins.set(url, (pins.get(url) ?? 0) + 1);
    },
    async unpin(url) {
      const left = (pins.get(url) ?? 1) - 1;
      if (left > 0) {
        pins.set(url, left);
        return;
      }
      pins.delete(url);
      if (deferred.delete(url)) await releaseOne(url);
    },
    async release(urls) {
      for (const url of new Set(urls)) if (url) await releaseOne(url);
    },
    forgetMisses: () => misses.clear(),
  };
}
