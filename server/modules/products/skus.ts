import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { products, productVariants } from '../../db/schema';

/*
 * An SKU names one thing in the whole catalogue, whatever its case: a product without variants or one variant. Each
 * table's unique index keeps its own SKUs apart; across the two tables, every write that gives SKUs (the product form,
 * the products file) first takes the catalogue's SKU lock in its transaction, then looks the SKUs up in both. Two
 * writes giving one SKU at once are so answered one after the other: the second finds the first's SKU and is refused.
 * The lock is taken before any row lock, so it never waits inside a cycle of row locks.
 */

/** SKUs looked up per statement. */
const BATCH = 500;

/** Holds the catalogue's SKU lock until the transaction ends. */
export async function lockSkus(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalogue_skus'))`);
}

/** An SKU in use: the product using it (as its own or a variant's), and the SKU as it is written there. */
export type SkuOwner = { productId: string; sku: string };

/** Who uses each of `skus`, by the SKU in lower case; SKUs nobody uses are absent. */
export async function skuOwners(db: Db | Tx, skus: readonly string[]): Promise<Map<string, SkuOwner>> {
  const wanted = [...new Set(skus.map((sku) => sku.toLowerCase()))];
  const owners = new Map<string, SkuOwner>();
  for (let i = 0; i < wanted.length; i += BATCH) {
    const batch = wanted.slice(i, i + BATCH);
    const ownSkus = await db
      .select({ sku: products.sku, productId: products.id })
      .from(products)
      .where(inArray(sql`lower(${products.sku})`, batch));
    const variantSkus = await db
      .select({ sku: productVariants.sku, productId: productVariants.productId })
      .from(productVariants)
      .where(inArray(sql`lower(${productVariants.sku})`, batch));
    for (const { sku, productId } of [...ownSkus, ...variantSkus]) if (sku !== null) owners.set(sku.toLowerCase(), { productId, sku });
  }
  return owners;
}
