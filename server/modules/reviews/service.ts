import { and, count, eq, sql } from 'drizzle-orm';
import { REVIEW_AFTER_DELIVERY, type Product, type ReviewCreateInput } from '../../../contract/catalogue';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { orderItems, orders, products, reviews } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { forbidden, notFound, unauthorized } from '../../http/errors';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../db/pg-errors';
import { getProduct } from '../products/service';

/**
 * Posts the signed-in customer's review of a product they received (an order of theirs holding it was delivered); a
 * second review by the same customer edits the first. The product's rating (the mean, to two decimals) and review
 * count are recomputed in the same transaction, with the product row locked so concurrent reviews cannot interleave
 * their counts. Answers the product as it now is, and whether an earlier review was edited.
 */
export async function postReview(db: Db, actor: AuthUser, productId: string, input: ReviewCreateInput): Promise<{ product: Product; edited: boolean }> {
  if (input.userId !== actor.id) throw forbidden('You can only post reviews as yourself');
  let edited = false;
  try {
    await db.transaction(async (tx) => {
      const [product] = await tx.select({ ownerId: products.ownerId, status: products.status }).from(products).where(eq(products.id, productId)).for('update');
      // A draft is kept from shoppers, its reviews included.
      if (!product || product.status !== 'published') throw notFound('Product not found');
      if (product.ownerId === actor.id) throw forbidden('You cannot review your own product');
      const [received] = await tx
        .select({ id: orders.id })
        .from(orders)
        .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
        .where(and(eq(orders.customerId, actor.id), eq(orders.status, 'delivered'), eq(orderItems.productId, productId)))
        .limit(1);
      if (!received) throw forbidden(REVIEW_AFTER_DELIVERY);
      const [earlier] = await tx
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.productId, productId), eq(reviews.userId, actor.id)));
      edited = earlier !== undefined;

      await tx
        .insert(reviews)
        .values({ id: newId(), productId, userId: actor.id, stars: input.stars, text: input.text })
        .onConflictDoUpdate({
          target: [reviews.productId, reviews.userId],
          set: { stars: input.stars, text: input.text, createdAt: new Date() },
        });

      const [summary] = await tx
        .select({ n: count(), mean: sql<string | number | null>`round(avg(${reviews.stars}), 2)` })
        .from(reviews)
        .where(eq(reviews.productId, productId));
      await tx
        .update(products)
        .set({ rating: Number(summary?.mean ?? 0), reviewCount: summary?.n ?? 0 })
        .where(eq(products.id, productId));
    });
  } catch (err) {
    // The token outlived its account.
    if (pgErrorCode(err) === FOREIGN_KEY_VIOLATION) throw unauthorized('Please sign in again');
    throw err;
  }
  return { product: await getProduct(db, productId), edited };
}
