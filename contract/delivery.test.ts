import { describe, expect, it } from 'vitest';
import { deliveryAddressSchema } from './orders';
import { deliveryFee, deliveryZonesSchema, DIVISIONS, divisionNamed, type DeliveryZones } from './delivery';

const zones: DeliveryZones = {
  zones: [
    { name: 'Dhaka city', districts: ['Dhaka'], fee: 60, freeFrom: null },
    { name: 'Near Dhaka', districts: ['Gazipur', 'Narayanganj'], fee: 80, freeFrom: 1500 },
  ],
  otherDistricts: { fee: 120, freeFrom: 5000 },
};

describe('delivery fee', () => {
  it("is the fee of the district's zone, however the district is spelt", () => {
    expect(deliveryFee('Dhaka', 100, zones)).toBe(60);
    expect(deliveryFee(' dhaka ', 100, zones)).toBe(60);
    expect(deliveryFee('GAZIPUR', 100, zones)).toBe(80);
  });

  it.each(['Kishoreganj', 'Sylhet', 'Chattogram', ''])('is every other district\'s fee for "%s"', (district) => {
    expect(deliveryFee(district, 100, zones)).toBe(120);
  });

  it("is nothing from the zone's threshold on, to the poisha", () => {
    expect(deliveryFee('Narayanganj', 1499.99, zones)).toBe(80);
    expect(deliveryFee('Narayanganj', 1500, zones)).toBe(0);
    expect(deliveryFee('Narayanganj', 0.1 + 1499.9, zones)).toBe(0);
    expect(deliveryFee('Dhaka', 1_000_000, zones)).toBe(60);
    expect(deliveryFee('Sylhet', 5000, zones)).toBe(0);
  });

  it('is 0 while the zones are not known', () => {
    expect(deliveryFee('Dhaka', 100, undefined)).toBe(0);
    expect(deliveryFee('Sylhet', 100, null)).toBe(0);
  });
});

describe('delivery zones as an admin sets them', () => {
  it('take fees with at most two decimals, typed in either digit set, and an empty threshold as none', () => {
    const parsed = deliveryZonesSchema.parse({
      zones: [{ name: ' Dhaka city ', districts: ['Dhaka'], fee: '৬০', freeFrom: '' }],
      otherDistricts: { fee: 120.5, freeFrom: '১৫০০' },
    });
    expect(parsed).toEqual({ zones: [{ name: 'Dhaka city', districts: ['Dhaka'], fee: 60, freeFrom: null }], otherDistricts: { fee: 120.5, freeFrom: 1500 } });
  });

  it('refuse negative and fractional-poisha fees, a district in two zones, a name used twice and an empty zone', () => {
    const refused = deliveryZonesSchema.safeParse({
      zones: [
        { name: 'A', districts: ['Dhaka'], fee: -1, freeFrom: null },
        { name: 'a', districts: ['dhaka'], fee: 10.005, freeFrom: null },
        { name: 'B', districts: [], fee: 1, freeFrom: null },
      ],
      otherDistricts: { fee: 1, freeFrom: -5 },
    });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      'Delivery fee cannot be negative',
      'Delivery fee can have at most two decimals',
      'A zone needs at least one district',
      'Free delivery threshold cannot be negative',
      'Two zones cannot have the same name',
      'A district can be in one zone only',
    ]);
    const twice = deliveryZonesSchema.safeParse({
      zones: [
        { name: 'A', districts: ['Dhaka'], fee: 1, freeFrom: null },
        { name: 'a', districts: ['dhaka'], fee: 1, freeFrom: null },
      ],
      otherDistricts: { fee: 1, freeFrom: null },
    });
    expect(twice.error?.issues.map((issue) => issue.message)).toEqual(['Two zones cannot have the same name', 'A district can be in one zone only']);
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
