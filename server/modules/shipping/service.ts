import { eq } from 'drizzle-orm';
import type { DeliveryFees } from '../../../contract/delivery';
import type { Db, Tx } from '../../db/client';
import { shippingFees } from '../../db/schema';

/** The one row of delivery fees. */
export const SHIPPING_FEES_ROW = 'default';

/** The delivery fees in taka; both 0 until an admin sets them (accounts spec, section 9). */
export async function getShippingFees(db: Db | Tx): Promise<DeliveryFees> {
  const [row] = await db.select().from(shippingFees).where(eq(shippingFees.id, SHIPPING_FEES_ROW)).limit(1);
  return { shippingFee: row?.insideDhaka ?? 0, shippingFeeOutside: row?.outsideDhaka ?? 0 };
}

export async function setShippingFees(db: Db | Tx, fees: DeliveryFees): Promise<DeliveryFees> {
  const values = { insideDhaka: fees.shippingFee, outsideDhaka: fees.shippingFeeOutside, updatedAt: new Date() };
  await db
    .insert(shippingFees)
    .values({ id: SHIPPING_FEES_ROW, ...values })
    .onConflictDoUpdate({ target: shippingFees.id, set: values });
  return getShippingFees(db);
}
