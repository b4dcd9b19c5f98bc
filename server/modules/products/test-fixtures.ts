import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { discountedPrice } from '../../../contract/catalogue';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { categories, products, subCategories, subSubCategories } from '../../db/schema';
import { openMediaStorage } from '../media/storage';

/** Catalogue rows written straight to the database, for API tests that need a catalogue to read. */

/** A media URL of the stored-name shape; no file behind it until `storeMedia` puts one there (listings never fetch images). */
export const mediaUrl = (n: number) => `/media/${n.toString(16).padStart(32, '0')}.jpg`;

/** Puts a small picture under each media URL's name, for forms that name them: a form may name stored files only. */
export async function storeMedia(config: Pick<Config, 'mediaStorage'>, ...urls: string[]): Promise<void> {
  const storage = openMediaStorage(config.mediaStorage);
  const bytes = await picture(8, 8, 'jpeg');
  for (const url of urls) await storage.put(url.slice('/media/'.length), bytes, 'image/jpeg');
  storage.close();
}

/** A real picture of the given size and format, for upload and resize tests. */
export function picture(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' = 'png'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 106, b: 78 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#F42A41"/></svg>`,
        ),
      },
    ])
    .toFormat(format)
    .toBuffer();
}

/** A PNG that says it is `width` × `height` and holds almost nothing: a decompression bomb's header. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await picture(1, 1, 'png'));
  // IHDR's data starts at byte 16 (8 signature + 4 length + 4 type); its CRC covers type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** File bytes as a form part (copied: a Blob takes only plain ArrayBuffer views). */
export const fileBlob = (bytes: Buffer, type: string) => new Blob([new Uint8Array(bytes)], { type });

export async function insertCategory(db: Db, name: string) {
  const [row] = await db
    .insert(categories)
    .values({ id: newId(), name, image: mediaUrl(1) })
    .returning();
  return row!;
}

export async function insertSubCategory(db: Db, categoryId: string, name: string) {
  const [row] = await db.insert(subCategories).values({ id: newId(), name, categoryId, image: null }).returning();
  return row!;
}

export async function insertSubSubCategory(db: Db, sub: { id: string; categoryId: string }, name: string) {
  const [row] = await db.insert(subSubCategories).values({ id: newId(), name, categoryId: sub.categoryId, subCategoryId: sub.id, image: null }).returning();
  return row!;
}

type ProductFields = Partial<Omit<typeof products.$inferInsert, 'price'>> & { categoryId: string };

/** A product with sensible defaults; its discounted price is derived as the service derives it. */
export async function insertProduct(db: Db, fields: ProductFields) {
  const originalPrice = fields.originalPrice ?? 1000;
  const discount = fields.discount ?? 0;
  const [row] = await db
    .insert(products)
    .values({
      id: newId(),
      name: 'Test product',
      images: [mediaUrl(2)],
      remaining: 10,
      ...fields,
      originalPrice,
      discount,
      price: discountedPrice(originalPrice, discount),
    })
    .returning();
  return row!;
}

/** `n` days before now: distinct creation times make "newest" orders certain. */
export const daysAgo = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);
