import { eq } from 'drizzle-orm';
import type { DeliveryFees } from '../../../contract/delivery';
import type { Db, Tx } from '../../db/client';
import { deliveryFees } from '../../db/schema';

/** The one row of delivery fees. */
export const DELIVERY_FEES_ROW = 'default';

/**
 * The delivery fees in taka, inside Dhaka and outside; both 0 until an admin sets them. On the wire they keep the
 * names `shippingFee` and `shippingFeeOutside`.
 */
export async function getDeliveryFees(db: Db | Tx): Promise<DeliveryFees> {
  const [row] = await db.select().from(deliveryFees).where(eq(deliveryFees.id, DELIVERY_FEES_ROW)).limit(1);
  return { shippingFee: row?.insideDhaka ?? 0, shippingFeeOutside: row?.outsideDhaka ?? 0 };
}

export async function setDeliveryFees(db: Db | Tx, fees: DeliveryFees): Promise<DeliveryFees> {
  const values = { insideDhaka: fees.shippingFee, outsideDhaka: fees.shippingFeeOutside, updatedAt: new Date() };
  await db
    .insert(deliveryFees)
    .values({ id: DELIVERY_FEES_ROW, ...values })
    .onConflictDoUpdate({ target: deliveryFees.id, set: values });
  return getDeliveryFees(db);
}
