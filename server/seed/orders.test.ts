import { describe, expect, it } from 'vitest';
import { body, useShop } from '../test/harness';
import { coupons, deliveryFees } from '../db/schema';
import { checkoutSeed } from './orders';

const t = useShop();

describe('checkoutSeed', () => {
  it('sets the ৳60 / ৳120 delivery fees and the SAVE20 coupon', async () => {
    expect(await checkoutSeed.run(t.db)).toBe('coupon SAVE20 (20 % off, once per customer) and delivery fees ৳60 inside Dhaka / ৳120 outside');
    expect(body(await t.app.inject({ method: 'GET', url: '/api/shipping-fee/get' })).data).toEqual({ shippingFee: 60, shippingFeeOutside: 120 });
    const rows = await t.db.select().from(coupons);
    expect(rows).toEqual([expect.objectContaining({ code: 'SAVE20', kind: 'percent', value: 20, usageLimit: 1000, perCustomerLimit: 1, validTo: null })]);
  });

  it('keeps fees and coupons already there when run again', async () => {
    await checkoutSeed.run(t.db);
    await t.db.update(deliveryFees).set({ insideDhaka: 80 });
    await checkoutSeed.run(t.db);
    expect(body(await t.app.inject({ method: 'GET', url: '/api/shipping-fee/get' })).data).toEqual({ shippingFee: 80, shippingFeeOutside: 120 });
    expect(await t.db.select().from(coupons)).toHaveLength(1);
  });
});
