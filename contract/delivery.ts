import { z } from 'zod';
import { numberOfText } from './locale';
import { isWholePoisha, toPoisha } from './money';
import { line } from './text';

/**
 * The delivery fee goes by delivery zone. A zone is a set of districts with a fee and, optionally, a free-delivery
 * threshold: an order whose items, after the coupon, come to the threshold or more is delivered free. A district in no
 * zone pays the fee of every other district. The quote and the order are priced by this one rule on the server; the
 * checkout's estimate offline is the same rule, replaced by the server's quote online.
 */

/** The 8 divisions in the order and spelling the shop uses; an order is delivered to one of them, or refused. */
export const DIVISIONS = ['Dhaka', 'Chittagong', 'Rajshahi', 'Khulna', 'Barisal', 'Sylhet', 'Rangpur', 'Mymensingh'] as const;
export type Division = (typeof DIVISIONS)[number];

/** Other spellings of the same divisions, as addresses and older forms write them. */
const DIVISION_ALIASES: Record<string, Division> = { chattogram: 'Chittagong', barishal: 'Barisal' };

/** The shop's spelling of a division, in any case or official spelling; null for a place that is not a division. */
export function divisionNamed(name: string): Division | null {
  const key = name.trim().toLowerCase();
  return DIVISIONS.find((division) => division.toLowerCase() === key) ?? DIVISION_ALIASES[key] ?? null;
}

/** Bangladesh has 64 districts: no shop needs more zones than that, nor a zone more districts. */
export const DELIVERY_ZONES_MAX = 64;
export const ZONE_DISTRICTS_MAX = 64;

export const DISTRICT_IN_TWO_ZONES = 'A district can be in one zone only';
export const ZONE_NAME_TAKEN = 'Two zones cannot have the same name';

/** Taka with at most two decimals, not negative; typed in either digit set (the back office's inputs). */
const feeAmount = (label: string) =>
  z.preprocess(
    numberOfText,
    z
      .number(`${label} must be a number`)
      .finite(`${label} must be a number`)
      .min(0, `${label} cannot be negative`)
      .max(1_000_000, `${label} is too large`)
      .refine(isWholePoisha, `${label} can have at most two decimals`),
  );

/** An empty threshold field means no free delivery. */
const emptyToNull = (value: unknown) => (value === '' || value === undefined ? null : numberOfText(value));
const threshold = z.preprocess(emptyToNull, feeAmount('Free delivery threshold').nullable());

export const zoneFeesSchema = z.object({ fee: feeAmount('Delivery fee'), freeFrom: threshold });

export const deliveryZoneSchema = zoneFeesSchema.extend({
  name: line('Zone name is required').trim().min(1, 'Zone name is required').max(60, 'Zone name is too long'),
  districts: z
    .array(line('District is required').trim().min(1, 'District is required').max(60, 'District is too long'), 'Districts must be a list')
    .min(1, 'A zone needs at least one district')
    .max(ZONE_DISTRICTS_MAX, 'A zone can have at most 64 districts'),
});

/** `GET`/`PUT /api/delivery-zones`: the zones in the order the owner lists them, and the fee of every other district. */
export const deliveryZonesSchema = z
  .object({
    zones: z.array(deliveryZoneSchema, 'Zones must be a list').max(DELIVERY_ZONES_MAX, 'A shop can have at most 64 zones'),
    otherDistricts: z.object(zoneFeesSchema.shape, 'The fee of every other district is required'),
  })
  .superRefine(({ zones }, ctx) => {
    const districts = new Set<string>();
    const names = new Set<string>();
    zones.forEach((zone, index) => {
      const name = zone.name.toLowerCase();
      if (names.has(name)) ctx.addIssue({ code: 'custom', path: ['zones', index, 'name'], message: ZONE_NAME_TAKEN });
      names.add(name);
      for (const district of zone.districts) {
        const key = district.toLowerCase();
        if (districts.has(key)) ctx.addIssue({ code: 'custom', path: ['zones', index, 'districts'], message: DISTRICT_IN_TWO_ZONES });
        districts.add(key);
      }
    });
  });
/** The zones as the server answers them: amounts as numbers, no threshold as null. */
const zoneFeesAnswerSchema = z.object({ fee: z.number(), freeFrom: z.number().nullable() });
export const deliveryZonesAnswerSchema = z.object({
  zones: z.array(zoneFeesAnswerSchema.extend({ name: z.string(), districts: z.array(z.string()) })),
  otherDistricts: zoneFeesAnswerSchema,
});

/**
 * `GET`/`POST /api/shipping-fee/*`, the specification's two fees, kept for clients that know no zones: `shippingFee` is
 * the fee of the zone that holds the Dhaka district, `shippingFeeOutside` every other district's.
 */
export const deliveryFeesSchema = z.object({ shippingFee: feeAmount('Delivery fee'), shippingFeeOutside: feeAmount('Delivery fee') });
export const deliveryFeesAnswerSchema = z.object({ shippingFee: z.number(), shippingFeeOutside: z.number() });
export type DeliveryFees = z.output<typeof deliveryFeesSchema>;
/** The district whose zone's fee is the specification's fee inside Dhaka. */
export const DHAKA_DISTRICT = 'Dhaka';

export type ZoneFees = z.output<typeof zoneFeesSchema>;
export type DeliveryZone = z.output<typeof deliveryZoneSchema>;
export type DeliveryZones = z.output<typeof deliveryZonesSchema>;
export type DeliveryZonesInput = z.input<typeof deliveryZonesSchema>;

/** A shop that has set no fees delivers free everywhere. */
export const NO_DELIVERY_ZONES: DeliveryZones = { zones: [], otherDistricts: { fee: 0, freeFrom: null } };

/** The zone a district is delivered in (names in any case), or null for every other district. */
export function zoneOf(district: string, zones: DeliveryZones): DeliveryZone | null {
  const key = district.trim().toLowerCase();
  return zones.zones.find((zone) => zone.districts.some((name) => name.toLowerCase() === key)) ?? null;
}

/**
 * The delivery fee in taka to `district` for items worth `goods` taka after the coupon: the zone's fee, or nothing from
 * its threshold on. Fees not known yet count as a shop that has set none.
 */
export function deliveryFee(district: string, goods: number, zones: DeliveryZones | null | undefined): number {
  const known = zones ?? NO_DELIVERY_ZONES;
  const { fee, freeFrom } = zoneOf(district, known) ?? known.otherDistricts;
  return freeFrom !== null && toPoisha(goods) >= toPoisha(freeFrom) ? 0 : fee;
}
