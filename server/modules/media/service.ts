import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { IMAGE_TOO_LARGE, IMAGE_WIDTHS, IMAGE_WRONG_TYPE, MAX_IMAGE_BYTES } from '../../../contract/catalogue';
import { badRequest, HttpError } from '../../http/errors';

type UploadFormat = 'jpeg' | 'png' | 'webp' | 'gif';
export type VariantFormat = 'avif' | 'webp' | 'jpeg' | 'png';

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
 * Encoder settings chosen so a 250 px product card image stays under 20 KB (bench/image-size.ts measures it);
 * AVIF and WebP carry the same detail in far fewer bytes than JPEG, so they run at lower nominal quality.
 */
const ENCODERS: Record<VariantFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 4 }),
  webp: (image) => image.webp({ quality: 70, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 72, mozjpeg: true }),
  png: (image) => image.png({ compressionLevel: 9, palette: true }),
};

export const mediaDir = (dataDir: string) => join(dataDir, 'media');
const cacheDir = (dataDir: string) => join(mediaDir(dataDir), 'cache');

/** The format by the file's first bytes, whatever its name or declared type says. */
function sniff(bytes: Buffer): UploadFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'webp';
  return null;
}

/** Writes through a temporary name, so a reader never sees half a file and concurrent writers of one name agree. */
async function writeAtomically(path: string, bytes: Buffer): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, bytes);
  try {
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/**
 * Keeps an uploaded image and answers its URL (`/media/<sha256 prefix>.<ext>`). The content decides: it must be a
 * JPEG, PNG, WebP or GIF that decodes; the same bytes uploaded twice are stored once.
 */
export async function saveImage(dataDir: string, bytes: Buffer): Promise<string> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new HttpError(413, IMAGE_TOO_LARGE);
  const format = sniff(bytes);
  if (!format) throw badRequest(IMAGE_WRONG_TYPE);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
  } catch {
    throw badRequest(IMAGE_WRONG_TYPE);
  }
  if (metadata.format !== format || !metadata.width || !metadata.height) throw badRequest(IMAGE_WRONG_TYPE);
  if (metadata.width * metadata.height > MAX_PIXELS) throw badRequest('Image must be at most 50 megapixels');

  const stored = await withoutPersonalMetadata(bytes, format, metadata);
  const name = `${createHash('sha256').update(stored).digest('hex').slice(0, 32)}.${EXTENSION[format]}`;
  const dir = mediaDir(dataDir);
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  const exists = await access(path).then(
    () => true,
    () => false,
  );
  if (!exists) await writeAtomically(path, stored);
  return `/media/${name}`;
}

/**
 * Phone photos carry EXIF (often the GPS position where they were taken): originals are served as stored,
 * so such an image is re-encoded upright without its metadata before it is kept.
 */
async function withoutPersonalMetadata(bytes: Buffer, format: UploadFormat, metadata: Metadata): Promise<Buffer> {
  if (!metadata.exif && !metadata.xmp && !metadata.iptc) return bytes;
  const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, animated: format === 'gif' }).rotate();
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'webp':
      return image.webp({ quality: 90 }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
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

/** The stored original, or null when there is none. `file` must already match MEDIA_FILE_PATTERN. */
export function readOriginal(dataDir: string, file: string): Promise<Buffer | null> {
  return readFile(join(mediaDir(dataDir), file)).catch(() => null);
}

const rendering = new Map<string, Promise<Buffer | null>>();

/** A rendition: a width (the height follows the picture), or both, cover-cropped to fill them. */
export type VariantSize = { width: number; height?: number };

/**
 * The image `file` at `size` in `format`, rendered once and then read from DATA_DIR/media/cache. Concurrent
 * requests for one variant share a single render. Null when the original does not exist.
 */
export function imageVariant(dataDir: string, file: string, { width, height }: VariantSize, format: VariantFormat): Promise<Buffer | null> {
  const [, hash] = MEDIA_FILE_PATTERN.exec(file) ?? [];
  if (!hash) return Promise.resolve(null);
  const cached = join(cacheDir(dataDir), `${hash}-${height === undefined ? width : `${width}x${height}`}.${format}`);
  const pending = rendering.get(cached);
  if (pending) return pending;

  const render = (async () => {
    const hit = await readFile(cached).catch(() => null);
    if (hit) return hit;
    const original = await readOriginal(dataDir, file);
    if (!original) return null;
    const resized = sharp(original, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(height === undefined ? { width, withoutEnlargement: true } : { width, height, fit: 'cover' });
    const bytes = await ENCODERS[format](resized).toBuffer();
    await mkdir(cacheDir(dataDir), { recursive: true });
    await writeAtomically(cached, bytes);
    return bytes;
  })().finally(() => rendering.delete(cached));
  rendering.set(cached, render);
  return render;
}
