import { createHash } from 'node:crypto';
import { join } from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_DAMAGED, IMAGE_TOO_LARGE, IMAGE_WIDTHS, IMAGE_WRONG_TYPE, MAX_IMAGE_BYTES, SHARE_IMAGE } from '../../../contract/catalogue';
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
 * The most a stored original may weigh, and so the most one resize holds in memory: an upload re-encoded at most
 * ORIGINAL_MAX_SIDE on its long side stays well below it.
 */
export const MAX_ORIGINAL_BYTES = 4 * MAX_IMAGE_BYTES;

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

/**
 * Keeps an uploaded image, encoded anew (`reencoded`), and answers its URL (`/media/<sha256 prefix>.<ext>`). The
 * content decides: it must be a JPEG, PNG, WebP or GIF that decodes to its end, of at most MAX_PIXELS; the same
 * picture uploaded twice is stored once.
 */
export async function saveImage(storage: MediaStorage, bytes: Buffer): Promise<string> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, IMAGE_TOO_LARGE);
  const format = sniff(bytes);
  if (!format) throw badRequest(IMAGE_WRONG_TYPE);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(IMAGE_WRONG_TYPE);
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) throw badRequest(IMAGE_WRONG_TYPE);
  // The header's size, before anything is decoded: a tiny file can claim billions of pixels.
  if (metadata.width * (metadata.pageHeight ?? metadata.height) * (metadata.pages ?? 1) > MAX_PIXELS) throw badRequest('Image must be at most 50 megapixels');
  await checkDecodes(bytes);

  const stored = await reencoded(bytes, format);
  if (stored.length > MAX_ORIGINAL_BYTES) throw new HttpError(413, IMAGE_TOO_LARGE);
  const name = `${createHash('sha256').update(stored).digest('hex').slice(0, 32)}.${EXTENSION[format]}`;
  if (!(await storage.has(name))) await storage.put(name, stored, CONTENT_TYPE[EXTENSION[format]]!);
  return `/media/${name}`;
}

/**
 * Decodes the whole image (into a thumbnail, so JPEGs decode at an eighth of their size): a file cut short, with or
 * without EXIF, has a valid header and would only fail later, on every resize.
 */
async function checkDecodes(bytes: Buffer): Promise<void> {
  try {
    await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' }).resize(32, 32, { fit: 'inside' }).raw().toBuffer();
  } catch {
    throw badRequest(IMAGE_DAMAGED);
  }
}

/** The long side a stored original keeps at most, and the weight its encoding aims for. */
export const ORIGINAL_MAX_SIDE = 2560;
export const ORIGINAL_TARGET_BYTES = 2 * 1024 * 1024;

/** Each format's encodings, tried in turn (each lighter than the last) until one is within ORIGINAL_TARGET_BYTES. */
const ORIGINAL_ENCODINGS: Record<UploadFormat, ((image: Sharp) => Sharp)[]> = {
  jpeg: [90, 80, 70, 60].map((quality) => (image: Sharp) => image.jpeg({ quality })),
  webp: [90, 80, 70, 60].map((quality) => (image: Sharp) => image.webp({ quality })),
  png: [(image) => image.png({ compressionLevel: 9 }), (image) => image.png({ compressionLevel: 9, palette: true, quality: 90 })],
  gif: [(image) => image.gif()],
};

/**
 * What is kept of an upload: its pixels encoded anew in its own format, never its bytes. Whatever rode along after
 * the image's end (an HTML page appended to a PNG) or inside its metadata (EXIF with the GPS position a phone photo
 * was taken at, XMP, comments) is gone; a photo is turned upright first, as its EXIF orientation said; the long side
 * is at most ORIGINAL_MAX_SIDE. The lightest encoding tried is kept when none reaches ORIGINAL_TARGET_BYTES.
 * sharp works in libuv's threads, so none of this holds the event loop.
 */
async function reencoded(bytes: Buffer, format: UploadFormat): Promise<Buffer> {
  let lightest: Buffer | null = null;
  try {
    for (const encode of ORIGINAL_ENCODINGS[format]) {
      const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: format === 'gif' });
      // An animated GIF has no EXIF orientation, and its frames cannot be turned one by one.
      const upright = format === 'gif' ? image : image.rotate();
      const out = await encode(upright.resize({ width: ORIGINAL_MAX_SIDE, height: ORIGINAL_MAX_SIDE, fit: 'inside', withoutEnlargement: true })).toBuffer();
      if (out.length <= ORIGINAL_TARGET_BYTES) return out;
      if (!lightest || out.length < lightest.length) lightest = out;
    }
  } catch {
    throw badRequest(IMAGE_DAMAGED);
  }
  return lightest!;
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
