import { describe, expect, it } from 'vitest';
import { deliveryAddressSchema } from './orders';
import { deliveryFee, deliveryFeesSchema, DIVISIONS, divisionNamed } from './delivery';

const fees = { shippingFee: 60, shippingFeeOutside: 120 };

describe('delivery fee', () => {
  it('is the inside-Dhaka fee for the Dhaka division, however it is spelt', () => {
    expect(deliveryFee('Dhaka', fees)).toBe(60);
    expect(deliveryFee(' dhaka ', fees)).toBe(60);
  });

  it.each(['Chittagong', 'Rajshahi', 'Khulna', 'Barisal', 'Sylhet', 'Rangpur', 'Mymensingh', ''])('is the outside fee for "%s"', (division) => {
    expect(deliveryFee(division, fees)).toBe(120);
  });

  it('is 0 while the fees are not known, or when one is missing or not a number', () => {
    expect(deliveryFee('Dhaka', undefined)).toBe(0);
    expect(deliveryFee('Sylhet', null)).toBe(0);
    expect(deliveryFee('Dhaka', { shippingFeeOutside: 120 })).toBe(0);
    expect(deliveryFee('Sylhet', { shippingFee: 60 })).toBe(0);
    expect(deliveryFee('Sylhet', { shippingFee: 60, shippingFeeOutside: Number.NaN })).toBe(0);
  });
});

describe('delivery fees as an admin sets them', () => {
  it('takes taka with at most two decimals, not negative', () => {
    expect(deliveryFeesSchema.parse({ shippingFee: 60, shippingFeeOutside: 120.5 })).toEqual({ shippingFee: 60, shippingFeeOutside: 120.5 });
    const refused = deliveryFeesSchema.safeParse({ shippingFee: -1, shippingFeeOutside: 10.005 });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'Delivery fee inside Dhaka cannot be negative',
      'Delivery fee outside Dhaka can have at most two decimals',
    ]);
  });
});

describe('divisions', () => {
  it('know the 8 divisions in any case and in their official spellings', () => {
    expect(DIVISIONS).toHaveLength(8);
    expect(divisionNamed(' dhaka ')).toBe('Dhaka');
    expect(divisionNamed('Chattogram')).toBe('Chittagong');
    expect(divisionNamed('BARISHAL')).toBe('Barisal');
    expect(divisionNamed('Narnia')).toBeNull();
    expect(divisionNamed('Dhaka North')).toBeNull();
  });

  it('an address is delivered to a known division, spelled the shop’s way, or refused', () => {
    const address = { district: 'Sylhet', city: 'Sylhet Sadar', addressDetails: 'Road 1' };
    expect(deliveryAddressSchema.parse({ ...address, division: 'chattogram' }).division).toBe('Chittagong');
    const unknown = deliveryAddressSchema.safeParse({ ...address, division: 'Narnia' });
    expect(unknown.error?.issues[0]?.message).toBe(`Division must be one of ${DIVISIONS.join(', ')}`);
  });
});
