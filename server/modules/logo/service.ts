import { desc, eq } from 'drizzle-orm';
import type { Logo } from '../../../contract/catalogue';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { logos } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { MediaStore } from '../media/store';

const toLogo = (row: typeof logos.$inferSelect): Logo => ({ _id: row.id, url: row.url, alt: row.alt });

/** The shop's logo is the newest one uploaded; older ones stay until deleted, so deleting the newest restores the previous. */
export async function currentLogo(db: Db): Promise<Logo | null> {
  const [row] = await db.select().from(logos).orderBy(desc(logos.createdAt), desc(logos.id)).limit(1);
  return row ? toLogo(row) : null;
}

export async function createLogo(db: Db, input: { url: string | undefined; alt: string }): Promise<Logo> {
  const { url } = input;
  if (!url) throw badRequest('Logo image is required');
  const [row] = await db.insert(logos).values({ id: newId(), url, alt: input.alt }).returning();
  return toLogo(row!);
}

export async function deleteLogo(db: Db, media: Pick<MediaStore, 'release'>, id: string): Promise<void> {
  const deleted = await db.delete(logos).where(eq(logos.id, id)).returning({ url: logos.url });
  if (deleted.length === 0) throw notFound('Logo not found');
  await media.release(deleted.map((row) => row.url));
}
