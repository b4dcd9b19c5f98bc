import { and, desc, eq } from 'drizzle-orm';
import type { Wishlist } from '../../../contract/catalogue';
import type { Db } from '../../db/client';
import { products, wishlistItems } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { forbidden, notFound, unauthorized } from '../../http/errors';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../catalogue/pg-errors';
import { selectProducts, toProduct } from '../products/service';

/** A wishlist is its owner's alone, whatever their role. */
export function checkOwnWishlist(actor: AuthUser, customerId: string): void {
  if (actor.id !== customerId) throw forbidden('You can only manage your own wishlist');
}

/** The customer's wishlisted products, the most recently added first. */
export async function getWishlist(db: Db, customerId: string): Promise<Wishlist> {
  const rows = await selectProducts(db)
    .innerJoin(wishlistItems, and(eq(wishlistItems.productId, products.id), eq(wishlistItems.userId, customerId)))
    .orderBy(desc(wishlistItems.createdAt), desc(products.id));
  return { products: rows.map((row) => toProduct(row)) };
}

/** Adding a product already there changes nothing, so a replayed offline toggle is harmless. */
export async function addToWishlist(db: Db, customerId: string, productId: string): Promise<Wishlist> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
  if (!product) throw notFound('Product not found');
  try {
    await db.insert(wishlistItems).values({ userId: customerId, productId }).onConflictDoNothing();
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
