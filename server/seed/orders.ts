import type { DeliveryZones } from '../../contract/delivery';
import { DELIVERY_ZONES_ROW } from '../modules/delivery-fee/service';
import type { Db } from '../db/client';
import { newId } from '../db/ids';
import { coupons, deliveryZones } from '../db/schema';

/** The demo coupon: once per customer, and 1,000 uses in all. */
export const DEMO_COUPON = { code: 'SAVE20', percent: 20, perCustomerLimit: 1, usageLimit: 1000 } as const;
/**
 * The default zones: Dhaka city, the Dhaka district (its metropolitan thanas and the upazilas around them, Savar and
 * Keraniganj among them), ৳60; every other district ৳120; no free delivery.
 */
export const DEFAULT_DELIVERY_ZONES: DeliveryZones = {
  zones: [{ name: 'Dhaka city', districts: ['Dhaka'], fee: 60, freeFrom: null }],
  otherDistricts: { fee: 120, freeFrom: null },
};

/** Seed step for checkout: the delivery fees and SAVE20. Running it again changes nothing that is already there. */
export const checkoutSeed = {
  name: 'checkout: coupon and delivery zones',
  async run(db: Db): Promise<string> {
    await db.transaction(async (tx) => {
      await tx.insert(deliveryZones).values({ id: DELIVERY_ZONES_ROW, zones: DEFAULT_DELIVERY_ZONES }).onConflictDoNothing();
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
    return `coupon ${DEMO_COUPON.code} (${DEMO_COUPON.percent} % off, once per customer) and delivery fees ${DEFAULT_DELIVERY_ZONES.zones.map((zone) => `৳${zone.fee} in ${zone.name}`).join(', ')}, ৳${DEFAULT_DELIVERY_ZONES.otherDistricts.fee} in every other district`;
  },
};
