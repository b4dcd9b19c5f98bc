import { DELIVERY_FEES_ROW } from '../modules/delivery-fee/service';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { coupons, deliveryFees } from '../db/schema';

/** The demo coupon and the default delivery fees in taka (inside Dhaka / outside). */
/** The demo coupon: once per customer, and 1,000 uses in all. */
export const DEMO_COUPON = { code: 'SAVE20', percent: 20, perCustomerLimit: 1, usageLimit: 1000 } as const;
export const DEFAULT_DELIVERY_FEES = { insideDhaka: 60, outsideDhaka: 120 } as const;

/** Seed step for checkout: the delivery fees and SAVE20. Running it again changes nothing that is already there. */
export const checkoutSeed = {
  name: 'checkout: coupon and delivery fees',
  async run(db: Db): Promise<string> {
    await db.transaction(async (tx) => {
      await tx.insert(deliveryFees).values({ id: DELIVERY_FEES_ROW, ...DEFAULT_DELIVERY_FEES }).onConflictDoNothing();
      await tx
        .insert(coupons)
        .values({
          id: newId(),
          code: DEMO_COUPON.code,
          kind: 'percent',
          value: DEMO_COUPON.percent,
          perCustomerLimit: DEMO_COUPON.perCustomerLimit,
          usageLimit: DEMO_COUPON.usageLimit,
        })
        .onConflictDoNothing();
    });
    return `coupon ${DEMO_COUPON.code} (${DEMO_COUPON.percent} % off, once per customer) and delivery fees ৳${DEFAULT_DELIVERY_FEES.insideDhaka} inside Dhaka / ৳${DEFAULT_DELIVERY_FEES.outsideDhaka} outside`;
  },
};
