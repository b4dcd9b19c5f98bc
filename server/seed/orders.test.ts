import { describe, expect, it } from 'vitest';
import { body, useShop } from '../test/harness';
import { coupons, deliveryZones } from '../db/schema';
import { checkoutSeed, DEFAULT_DELIVERY_ZONES } from './orders';

const t = useShop();

describe('checkoutSeed', () => {
  it('sets the delivery zones (Dhaka city ৳60, every other district ৳120) and the SAVE20 coupon', async () => {
    expect(await checkoutSeed.run(t.db)).toBe('coupon SAVE20 (20 % off, once per customer) and delivery fees ৳60 in Dhaka city, ৳120 in every other district');
    expect(body(await t.app.inject({ method: 'GET', url: '/api/delivery-zones' })).data).toEqual({
      zones: [{ name: 'Dhaka city', districts: ['Dhaka'], fee: 60, freeFrom: null }],
      otherDistricts: { fee: 120, freeFrom: null },
    });
    const rows = await t.db.select().from(coupons);
    expect(rows).toEqual([expect.objectContaining({ code: 'SAVE20', kind: 'percent', value: 20, usageLimit: 1000, perCustomerLimit: 1, validTo: null })]);
  });

  it('keeps zones and coupons already there when run again', async () => {
    await checkoutSeed.run(t.db);
    const changed = { ...DEFAULT_DELIVERY_ZONES, otherDistricts: { fee: 150, freeFrom: 2000 } };
    await t.db.update(deliveryZones).set({ zones: changed });
    await checkoutSeed.run(t.db);
    expect(body(await t.app.inject({ method: 'GET', url: '/api/delivery-zones' })).data).toEqual(changed);
    expect(await t.db.select().from(coupons)).toHaveLength(1);
  });
});
