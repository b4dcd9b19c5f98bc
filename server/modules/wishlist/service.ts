import { and, desc, eq, sql } from 'drizzle-orm';
import { apiMessage } from '../../../contract/api-messages';
import { WISHLIST_MAX, type Wishlist } from '../../../contract/catalogue';
import type { Db } from '../../db/client';
import { products, wishlistItems } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/pg-errors';
import { isPublished, selectProducts, toProduct } from '../products/service';

/** A wishlist is its owner's alone, whatever their role. */
export function checkOwnWishlist(actor: AuthUser, customerId: string): void {
  if (actor.id !== customerId) throw forbidden('You can only manage your own wishlist');
}

/** The customer's wishlisted products, the most recently added first. */
export async function getWishlist(db: Db, customerId: string): Promise<Wishlist> {
  const rows = await selectProducts(db)
    .innerJoin(wishlistItems, and(eq(wishlistItems.productId, products.id), eq(wishlistItems.userId, customerId)))
    .where(isPublished)
    .orderBy(desc(wishlistItems.createdAt), desc(products.id));
  return { products: rows.map((row) => toProduct(row)) };
}

async function isWishlisted(db: Db, customerId: string, productId: string): Promise<boolean> {
  const [row] = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.userId, customerId), eq(wishlistItems.productId, productId)))
    .limit(1);
  return row !== undefined;
}

/** Adding a product already there changes nothing, so a replayed offline toggle is harmless. */
export async function addToWishlist(db: Db, customerId: string, productId: string): Promise<Wishlist> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isPublished))
    .limit(1);
  if (!product) throw notFound('Product not found');
  try {
    // Inserted only while the list has room (a product already there is no change, so it always succeeds).
    const room = sql`(select count(*) from ${wishlistItems} where ${wishlistItems.userId} = ${customerId}) < ${WISHLIST_MAX}`;
    const added = await db
      .insert(wishlistItems)
      .select(
        db
          .select({ userId: sql`${customerId}`.as('user_id'), productId: sql`${productId}`.as('product_id'), createdAt: sql`now()`.as('created_at') })
          .from(sql`(select 1) as one`)
          .where(room),
      )
      .onConflictDoNothing()
      .returning({ productId: wishlistItems.productId });
    if (added.length === 0 && !(await isWishlisted(db, customerId, productId))) {
      throw conflict(apiMessage('wishlistFull', WISHLIST_MAX));
    }
  } catch (err) {
    // The token outlived its account, or the product was deleted a moment ago.
    if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) throw unauthorized('Please sign in again');
    throw err;
  }
  return getWishlist(db, customerId);
}

/** Removing a product that is not there succeeds too: the wishlist ends as asked. */
export async function removeFromWishlist(db: Db, customerId: string, productId: string): Promise<Wishlist> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, customerId), eq(wishlistItems.productId, productId)));
  return getWishlist(db, customerId);
}
