import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Banner, bannerCreateSchema, bannerUpdateSchema } from '../../../contract/catalogue';
import type { Db, Tx } from '../../db/client';
import { newId } from '../../db/ids';
import { banners, categories } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { categoryIdOf } from '../catalogue/service';
import type { MediaStore } from '../media/store';

const BANNER_NOT_FOUND = 'Banner not found';

/** Every banner in its order on the home page, or the one with `id`. */
async function selectBanners(db: Db | Tx, id?: string): Promise<Banner[]> {
  const rows = await db
    .select({ banner: banners, categoryName: categories.name, categoryNameBn: categories.nameBn })
    .from(banners)
    .leftJoin(categories, eq(banners.categoryId, categories.id))
    .where(id ? eq(banners.id, id) : undefined)
    .orderBy(asc(banners.position), desc(banners.createdAt), desc(banners.id));
  return rows.map(({ banner, categoryName, categoryNameBn }) => ({
    _id: banner.id,
    bannerImage: banner.image,
    bannerOffer: banner.offer,
    bannerCategory: banner.categoryId && categoryName !== null ? { _id: banner.categoryId, categoryName, categoryNameBn } : null,
    position: banner.position,
  }));
}

export const listBanners = (db: Db) => selectBanners(db);

/**
 * Writes that change the banners' order hold this lock until they commit: two at once (a create and a move) would
 * otherwise each number the banners from what they read and leave two in one place. Readers are not blocked.
 */
const lockBannerOrder = (tx: Tx) => tx.execute(sql`lock table ${banners} in share row exclusive mode`);

/**
 * Numbers the banners 1..n again: `id` (when given) goes to `position` (past the end: last), the others keep their
 * order around it. Only the rows whose place changed are written.
 */
async function renumberBanners(tx: Tx, place?: { id: string; position: number }): Promise<void> {
  const rows = await tx
    .select({ id: banners.id, position: banners.position })
    .from(banners)
    .orderBy(asc(banners.position), desc(banners.createdAt), desc(banners.id));
  const order = rows.filter((row) => row.id !== place?.id);
  if (place) order.splice(Math.min(place.position, order.length + 1) - 1, 0, { id: place.id, position: 0 });
  for (const [index, row] of order.entries()) {
    if (row.position !== index + 1)
      await tx
        .update(banners)
        .set({ position: index + 1 })
        .where(eq(banners.id, row.id));
  }
}

export async function createBanner(db: Db, input: z.output<typeof bannerCreateSchema> & { image: string | undefined }): Promise<Banner> {
  const { image } = input;
  if (!image) throw badRequest('Banner image is required');
  const categoryId = input.bannerCategory ? await categoryIdOf(db, input.bannerCategory) : null;
  const id = newId();
  return db.transaction(async (tx) => {
    await lockBannerOrder(tx);
    const [counted] = await tx.select({ banners: count() }).from(banners);
    const last = counted?.banners ?? 0;
    await tx.insert(banners).values({ id, image, offer: input.bannerOffer, categoryId, position: last + 1 });
    if (input.position !== undefined && input.position <= last) await renumberBanners(tx, { id, position: input.position });
    const [banner] = await selectBanners(tx, id);
    return banner!;
  });
}

export async function updateBanner(
  db: Db,
  media: Pick<MediaStore, 'release'>,
  id: string,
  input: z.output<typeof bannerUpdateSchema> & { image: string | undefined },
): Promise<Banner> {
  const [existing] = await selectBanners(db, id);
  if (!existing) throw notFound(BANNER_NOT_FOUND);
  const categoryId = input.bannerCategory === undefined ? undefined : input.bannerCategory === null ? null : await categoryIdOf(db, input.bannerCategory);
  const changes = {
    ...(input.image && { image: input.image }),
    ...(input.bannerOffer !== undefined && { offer: input.bannerOffer }),
    ...(categoryId !== undefined && { categoryId }),
  };
  const banner = await db.transaction(async (tx) => {
    // The lock comes before any write: taken after one, two moves at once would each wait for the other.
    if (input.position !== undefined) await lockBannerOrder(tx);
    if (Object.keys(changes).length > 0) await tx.update(banners).set(changes).where(eq(banners.id, id));
    if (input.position !== undefined) await renumberBanners(tx, { id, position: input.position });
    return (await selectBanners(tx, id))[0];
  });
  // Deleted by another admin meanwhile: nothing was changed.
  if (!banner) throw notFound(BANNER_NOT_FOUND);
  if (input.image && input.image !== existing.bannerImage) await media.release([existing.bannerImage]);
  return banner;
}

export async function deleteBanner(db: Db, media: Pick<MediaStore, 'release'>, id: string): Promise<void> {
  const deleted = await db.transaction(async (tx) => {
    await lockBannerOrder(tx);
    const rows = await tx.delete(banners).where(eq(banners.id, id)).returning({ image: banners.image });
    if (rows.length > 0) await renumberBanners(tx);
    return rows;
  });
  if (deleted.length === 0) throw notFound(BANNER_NOT_FOUND);
  await media.release(deleted.map((row) => row.image));
}
