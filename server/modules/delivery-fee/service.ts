import { eq } from 'drizzle-orm';
import { apiMessage } from '../../../contract/api-messages';
import { DHAKA_DISTRICT, NO_DELIVERY_ZONES, zoneOf, type DeliveryFees, type DeliveryZones } from '../../../contract/delivery';
import type { Db, Tx } from '../../db/client';
import { deliveryZones } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { districtNamed } from '../orders/places';

/** The one row of delivery zones. */
export const DELIVERY_ZONES_ROW = 'default';

/** The delivery zones and every other district's fees; a shop that has set none delivers free. */
export async function getDeliveryZones(db: Db | Tx): Promise<DeliveryZones> {
  const [row] = await db.select({ zones: deliveryZones.zones }).from(deliveryZones).where(eq(deliveryZones.id, DELIVERY_ZONES_ROW)).limit(1);
  return row?.zones ?? NO_DELIVERY_ZONES;
}

/** Replaces the zones at once. Every district must be one the checkout offers, and is kept by the shop's spelling. */
export async function setDeliveryZones(db: Db | Tx, input: DeliveryZones): Promise<DeliveryZones> {
  const zones: DeliveryZones = {
    zones: input.zones.map((zone, index) => ({
      name: zone.name,
      fee: zone.fee,
      freeFrom: zone.freeFrom,
      districts: zone.districts.map((name, at) => {
        const district = districtNamed(name);
        if (district) return district;
        const message = apiMessage('districtUnknown');
        throw badRequest(message, [{ path: `zones.${index}.districts.${at}`, message: message.message, code: message.code }]);
      }),
    })),
    otherDistricts: { fee: input.otherDistricts.fee, freeFrom: input.otherDistricts.freeFrom },
  };
  const values = { zones, updatedAt: new Date() };
  await db
    .insert(deliveryZones)
    .values({ id: DELIVERY_ZONES_ROW, ...values })
    .onConflictDoUpdate({ target: deliveryZones.id, set: values });
  return getDeliveryZones(db);
}

/** The specification's two fees, read from the zones: the Dhaka district's zone and every other district. */
export async function getDeliveryFees(db: Db | Tx): Promise<DeliveryFees> {
  const zones = await getDeliveryZones(db);
  return { shippingFee: (zoneOf(DHAKA_DISTRICT, zones) ?? zones.otherDistricts).fee, shippingFeeOutside: zones.otherDistricts.fee };
}

/**
 * Sets the specification's two fees: the fee of the zone that holds the Dhaka district (a "Dhaka city" zone of that
 * district when there is none) and every other district's; other zones and the thresholds stay as they are.
 */
export async function setDeliveryFees(db: Db, fees: DeliveryFees): Promise<DeliveryFees> {
  await db.transaction(async (tx) => {
    await tx.select({ id: deliveryZones.id }).from(deliveryZones).where(eq(deliveryZones.id, DELIVERY_ZONES_ROW)).for('update');
    const current = await getDeliveryZones(tx);
    const dhaka = zoneOf(DHAKA_DISTRICT, current);
    const zones = dhaka
      ? current.zones.map((zone) => (zone === dhaka ? { ...zone, fee: fees.shippingFee } : zone))
      : [{ name: 'Dhaka city', districts: [DHAKA_DISTRICT], fee: fees.shippingFee, freeFrom: null }, ...current.zones];
    await setDeliveryZones(tx, { zones, otherDistricts: { ...current.otherDistricts, fee: fees.shippingFeeOutside } });
  });
  return getDeliveryFees(db);
}
