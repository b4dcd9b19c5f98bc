import { MAX_IMAGE_BYTES, ORIGINAL_MAX_BYTES, ORIGINAL_MAX_SIDE } from '@contract/image-limits';

/** The picture types the server stores, for a file input's `accept`. */
export const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const ACCEPTED_PICTURES = PICTURE_TYPES.join(',');

/** The type a file's first bytes say it is, whatever its name or the browser's guess: null for anything but the four. */
export function pictureTypeOf(head: Uint8Array): string | null {
  const starts = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte);
  const text = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (text(0, 6) === 'GIF87a' || text(0, 6) === 'GIF89a') return 'image/gif';
  if (text(0, 4) === 'RIFF' && text(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** Why a chosen file cannot be a picture of the shop's: not one (by its type or its first bytes), or too large. */
export type PictureRefusal = 'notPicture' | 'tooLarge';

/** The first bytes of a file (FileReader: older browsers' Blob has no arrayBuffer()). */
function headOf(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file.slice(0, 16));
  });
}

/**
 * Checks a file when it is chosen, as the server will when it is saved: a type the browser names must be one of the
 * four (a PDF is refused at once), and the first bytes must be one's whatever the name says (a document renamed
 * photo.jpg, or a file the browser gives no type). Too large is over what the server takes at all.
 */
export async function pictureRefusal(file: File): Promise<PictureRefusal | null> {
  if (file.type !== '' && !PICTURE_TYPES.includes(file.type)) return 'notPicture';
  const head = await headOf(file).catch(() => new Uint8Array());
  if (pictureTypeOf(head) === null) return 'notPicture';
  if (file.size > MAX_IMAGE_BYTES) return 'tooLarge';
  return null;
}

/** What the browser says of its connection (Network Information API; Chromium-based browsers only). */
export type Connection = { effectiveType?: string; saveData?: boolean };

/** On a slow link, a photo above this is shrunk too: a 3G upload of 1 MB takes seconds. */
export const SLOW_LINK_BYTES = 512 * 1024;
const SLOW_TYPES = ['slow-2g', '2g', '3g'];

/**
 * Whether a picture is shrunk in the browser before it is sent: always when it weighs more than the server keeps
 * (ORIGINAL_MAX_BYTES: it would be shrunk there anyway, after the long upload), and on a slow link or with data saving
 * on when it is above SLOW_LINK_BYTES. A GIF is sent as it is: a canvas keeps only an animation's first frame.
 */
export function shouldShrink(file: Blob, connection: Connection | undefined): boolean {
  if (file.type === 'image/gif') return false;
  if (file.size > ORIGINAL_MAX_BYTES) return true;
  const slow = connection?.saveData === true || SLOW_TYPES.includes(connection?.effectiveType ?? '');
  return slow && file.size > SLOW_LINK_BYTES;
}

/** The size a picture is drawn at: at most ORIGINAL_MAX_SIDE on its long side, never enlarged. */
export function shrunkSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, ORIGINAL_MAX_SIDE / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** JPEG stays JPEG; PNG and WebP (which may be transparent) become WebP. */
export const shrunkType = (type: string) => (type === 'image/jpeg' ? 'image/jpeg' : 'image/webp');

/** Qualities tried in turn until the picture fits in what the server keeps. */
const QUALITIES = [0.85, 0.75, 0.65];

/**
 * Decodes a picture (upright, as its EXIF orientation says), draws it at `shrunkSize` and encodes it as `type`,
 * lowering the quality until it fits in ORIGINAL_MAX_BYTES. Runs in the shrinking worker, or on the page where
 * workers have no OffscreenCanvas. Throws when the browser cannot decode the file or encode the type.
 */
export async function drawSmaller(file: Blob, type: string, canvasOf: (width: number, height: number) => PictureCanvas): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const { width, height } = shrunkSize(bitmap.width, bitmap.height);
  const canvas = canvasOf(width, height);
  canvas.draw(bitmap, width, height);
  bitmap.close();
  let blob: Blob | null = null;
  for (const quality of QUALITIES) {
    blob = await canvas.encode(type, quality);
    if (blob.type !== type) throw new Error(`This browser cannot encode ${type}`);
    if (blob.size <= ORIGINAL_MAX_BYTES) break;
  }
  return blob!;
}

/** A canvas to draw a picture on and encode it: an OffscreenCanvas, or a page's canvas element. */
export type PictureCanvas = { draw(bitmap: ImageBitmap, width: number, height: number): void; encode(type: string, quality: number): Promise<Blob> };

export function offscreenCanvas(width: number, height: number): PictureCanvas {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  context.imageSmoothingQuality = 'high';
  return { draw: (bitmap) => context.drawImage(bitmap, 0, 0, width, height), encode: (type, quality) => canvas.convertToBlob({ type, quality }) };
}

function elementCanvas(width: number, height: number): PictureCanvas {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.imageSmoothingQuality = 'high';
  return {
    draw: (bitmap) => context.drawImage(bitmap, 0, 0, width, height),
    encode: (type, quality) =>
      new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded'))), type, quality)),
  };
}

/** A reply of the shrinking worker: the smaller picture, or why there is none. */
export type ShrinkReply = { blob: Blob } | { error: string };

/** Shrinks in a worker, so decoding and encoding a 12-megapixel photo never holds the page. */
function shrinkInWorker(file: Blob, type: string): Promise<Blob> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./shrink-picture.worker.ts', import.meta.url), { type: 'module' });
    const done = () => worker.terminate();
    worker.onmessage = (event: MessageEvent<ShrinkReply>) => {
      done();
      if ('blob' in event.data) resolve(event.data.blob);
      else reject(new Error(event.data.error));
    };
    worker.onerror = (event) => {
      done();
      reject(new Error(event.message));
    };
    worker.postMessage({ file, type });
  });
}

const renamed = (name: string, type: string) => name.replace(/\.[^.]*$/, '') + (type === 'image/jpeg' ? '.jpg' : '.webp');

/**
 * The file to send for a chosen picture: smaller when `shouldShrink` says so and the browser can make it so (in a
 * worker, else on the page), otherwise the picture as it was chosen. The server checks and resizes whatever comes.
 */
export async function pictureToSend(file: File, connection: Connection | undefined = (navigator as { connection?: Connection }).connection): Promise<File> {
  if (!shouldShrink(file, connection) || typeof createImageBitmap !== 'function') return file;
  const type = shrunkType(file.type);
  try {
    const blob = await shrinkInWorker(file, type).catch(() => drawSmaller(file, type, elementCanvas));
    return blob.size < file.size ? new File([blob], renamed(file.name, type), { type, lastModified: file.lastModified }) : file;
  } catch {
    return file;
  }
}
