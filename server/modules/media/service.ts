import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  IMAGE_DAMAGED,
  IMAGE_TOO_LARGE,
  IMAGE_WIDTHS,
  IMAGE_WRONG_TYPE,
  MAX_IMAGE_BYTES,
  ORIGINAL_MAX_BYTES,
  ORIGINAL_MAX_SIDE,
  SHARE_IMAGE,
} from '../../../contract/catalogue';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { banners, categories, logos, orderItems, products, subCategories, subSubCategories, users } from '../../db/schema';
import { badRequest, HttpError } from '../../http/errors';
import type { MediaStorage } from './storage';

type UploadFormat = 'jpeg' | 'png' | 'webp' | 'gif';
const VARIANT_FORMATS = ['avif', 'webp', 'jpeg', 'png'] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

const EXTENSION: Record<UploadFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' };
export const CONTENT_TYPE: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** Stored names are a content hash and an extension: nothing else can reach the disk. */
export const MEDIA_FILE_PATTERN = /^([0-9a-f]{32})\.(jpg|png|webp|gif)$/;

/** Decoding cost bound: phone photos are 12–50 megapixels; anything larger is refused rather than decoded. */
const MAX_PIXELS = 50_000_000;

/**
 * The most a stored original is read into memory to render its variants; a larger one is not rendered. Uploads are
 * kept at most ORIGINAL_MAX_BYTES; this bounds whatever else a shared bucket holds.
 */
export const MAX_ORIGINAL_BYTES = 20 * 1024 * 1024;

/**
 * Encoder settings chosen so a 250 px product card image stays under 20 KB (bench/image-size.ts measures it);
 * AVIF and WebP carry the same detail in far fewer bytes than JPEG, so they run at lower nominal quality.
 */
const ENCODERS: Record<VariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 4 }),
  webp: (image) => image.webp({ quality: 70, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 72, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9, palette: true }),
};

/** The format by the file's first bytes, whatever its name or declared type says. */
function sniff(bytes: Buffer): UploadFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** An upload in memory, or the path of the temporary file it was streamed to. */
export type ImageInput = Buffer | string;

/** The size and the first bytes of an upload, read from its file without loading the rest. */
async function headOf(input: ImageInput): Promise<{ size: number; head: Buffer }> {
  if (typeof input !== 'string') return { size: input.length, head: input.subarray(0, 16) };
  const file = await open(input);
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return { size: (await file.stat()).size, head: head.subarray(0, bytesRead) };
  } finally {
    await file.close();
  }
}

/**
 * Keeps an uploaded image, encoded anew (`reencoded`), and answers its URL (`/media/<sha256 prefix>.<ext>`). The
 * content decides: it must be a JPEG, PNG, WebP or GIF that decodes to its end, of at most MAX_PIXELS; the same
 * picture uploaded twice is stored once. sharp reads a file upload from disk, decoding only what it needs.
 */
export async function saveImage(storage: MediaStorage, input: ImageInput): Promise<string> {
  const { size, head } = await headOf(input);
  if (size > MAX_IMAGE_BYTES) throw new HttpError(413, IMAGE_TOO_LARGE);
  const format = sniff(head);
  if (!format) throw badRequest(IMAGE_WRONG_TYPE);
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(IMAGE_WRONG_TYPE);
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) throw badRequest(IMAGE_WRONG_TYPE);
  // The header's size, before anything is decoded: a tiny file can claim billions of pixels.
  if (metadata.width * (metadata.pageHeight ?? metadata.height) * (metadata.pages ?? 1) > MAX_PIXELS) throw badRequest('Image must be at most 50 megapixels');
  await checkDecodes(input);

  const stored = await reencoded(input, format, (metadata.pages ?? 1) > 1);
  const name = `${createHash('sha256').update(stored).digest('hex').slice(0, 32)}.${EXTENSION[format]}`;
  if (!(await storage.has(name))) await storage.put(name, stored, CONTENT_TYPE[EXTENSION[format]]!);
  return `/media/${name}`;
}

/**
 * Decodes the whole image (into a thumbnail, so JPEGs decode at an eighth of their size): a file cut short, with or
 * without EXIF, has a valid header and would only fail later, on every resize.
 */
async function checkDecodes(input: ImageInput): Promise<void> {
  try {
    await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' }).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw badRequest(IMAGE_DAMAGED);
  }
}

/**
 * The long sides tried in turn, largest first, when no encoding of the picture at the one before fits in
 * ORIGINAL_MAX_BYTES: noise (a dark photo's grain) is what compresses worst.
 */
const ORIGINAL_SIDES = [ORIGINAL_MAX_SIDE, 2048, 1600, 1280, 1024, 800];

/** Each format's encodings, tried in turn at each side (each lighter than the last) until one fits. */
const ORIGINAL_ENCODINGS: Record<UploadFormat, ((image: Sharp) => Sharp)[]> = {
  jpeg: [85, 75, 65, 55].map((quality) => (image: Sharp) => image.jpeg({ quality })),
  webp: [85, 75, 65, 55].map((quality) => (image: Sharp) => image.webp({ quality })),
  png: [(image) => image.png({ compressionLevel: 9 }), (image) => image.png({ compressionLevel: 9, palette: true, quality: 90 })],
  gif: [(image) => image.gif()],
};

/** An animation's frames encoded anew in its own format. */
const ANIMATION_ENCODINGS: Record<'gif' | 'webp', (image: Sharp) => Sharp> = { gif: (image) => image.gif(), webp: (image) => image.webp({ quality: 75 }) };

/** The pixels of an upload, upright and at most ORIGINAL_MAX_SIDE on the long side, decoded once for every encoding tried. */
type Pixels = { data: Buffer; width: number; height: number; channels: 1 | 2 | 3 | 4 };

async function uprightPixels(input: ImageInput): Promise<Pixels> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' })
    .rotate()
    .resize({ width: ORIGINAL_MAX_SIDE, height: ORIGINAL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * What is kept of an upload: its pixels encoded anew in its own format, never its bytes. Whatever rode along after
 * the image's end (an HTML page appended to a PNG) or inside its metadata (EXIF with the GPS position a phone photo
 * was taken at, XMP, comments) is gone; a photo is turned upright first, as its EXIF orientation said; the long side
 * is at most ORIGINAL_MAX_SIDE and the file at most ORIGINAL_MAX_BYTES: the quality is lowered, then the size, until
 * it fits. An animated GIF or WebP stays animated when it fits at some side; one that does not keeps its first
 * frame, a still picture. sharp works in libuv's threads, so none of this holds the event loop.
 */
async function reencoded(input: ImageInput, format: UploadFormat, animated: boolean): Promise<Buffer> {
  try {
    if (animated && (format === 'gif' || format === 'webp')) {
      for (const side of ORIGINAL_SIDES) {
        const image = sharp(input, { limitInputPixels: MAX_PIXELS, animated: true }).resize({
          width: side,
          height: side,
          fit: 'inside',
          withoutEnlargement: true,
        });
        const out = await ANIMATION_ENCODINGS[format](image).toBuffer();
        if (out.length <= ORIGINAL_MAX_BYTES) return out;
      }
    }
    const pixels = await uprightPixels(input);
    let out = pixels.data;
    for (const side of ORIGINAL_SIDES) {
      for (const encode of ORIGINAL_ENCODINGS[format]) {
        const image = sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } });
        const resized = side < Math.max(pixels.width, pixels.height) ? image.resize({ width: side, height: side, fit: 'inside' }) : image;
        out = await encode(resized).toBuffer();
        if (out.length <= ORIGINAL_MAX_BYTES) return out;
      }
    }
    // The last try always fits: 800 × 800 pixels as a palette, or at quality 55, weigh far less than 2 MB.
    return out;
  } catch {
    throw badRequest(IMAGE_DAMAGED);
  }
}

/** Any requested width snaps up to the next rendered one, so the cache holds at most ten sizes of an image. */
export function snapWidth(requested: number): number {
  return IMAGE_WIDTHS.find((width) => width >= requested) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}

/** AVIF, then WebP, when the browser says it takes them; otherwise the original's own family (JPEG, or PNG for alpha). */
export function variantFormat(accept: string | undefined, originalExtension: string): VariantFormat {
  if (accept?.includes('image/avif')) return 'avif';
  if (accept?.includes('image/webp')) return 'webp';
  return originalExtension === 'jpg' ? 'jpeg' : 'png';
}

/** A rendition: a width (the height follows the picture), or both, cover-cropped to fill them. */
export type VariantSize = { width: number; height?: number };

/** Where the variant of `file` at `size` in `format` is cached in `cacheDir`; null for a name outside MEDIA_FILE_PATTERN. */
export function variantPath(cacheDir: string, file: string, { width, height }: VariantSize, format: VariantFormat): string | null {
  const [, hash] = MEDIA_FILE_PATTERN.exec(file) ?? [];
  return hash ? join(cacheDir, `${hash}-${height === undefined ? width : `${width}x${height}`}.${format}`) : null;
}

/** Every cached variant `file` can have: each allowed width, and the share picture. */
export function variantPaths(cacheDir: string, file: string): string[] {
  const sizes: VariantSize[] = [...IMAGE_WIDTHS.map((width) => ({ width })), SHARE_IMAGE];
  return sizes.flatMap((size) => VARIANT_FORMATS.map((format) => variantPath(cacheDir, file, size, format))).filter((path) => path !== null);
}

/**
 * The original at `size` in `format`: resized to the width (never enlarged), or cover-cropped to width and height.
 * Stored originals are rendered as far as they decode (`failOn: 'error'`); one that cannot be rendered at all throws.
 */
export function renderVariant(original: Buffer, { width, height }: VariantSize, format: VariantFormat): Promise<Buffer> {
  const resized = sharp(original, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
    .rotate()
    .resize(height === undefined ? { width, withoutEnlargement: true } : { width, height, fit: 'cover' });
  return ENCODERS[format](resized).toBuffer();
}

/**
 * Every column that holds media URLs. An image is deleted only when none of them names it any more: files are stored
 * by content, so one file can be a product's picture, a customer's profile picture and an order line's copy at once.
 */
const MEDIA_COLUMNS = [users.profileImg, categories.image, subCategories.image, subSubCategories.image, banners.image, logos.url, orderItems.image];

/** Whether any row still names the media URL. */
export async function isReferenced(db: Db, url: string): Promise<boolean> {
  const uses = [
    ...MEDIA_COLUMNS.map((column) => sql`exists (select 1 from ${column.table} where ${column} = ${url})`),
    sql`exists (select 1 from ${products} where ${products.images} @> array[${url}]::text[])`,
  ];
  const [row] = await db.select({ used: sql<boolean>`${sql.join(uses, sql` or `)}` }).from(sql`(select 1) as one`);
  return row?.used === true;
}
