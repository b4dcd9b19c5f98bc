import { eq } from 'drizzle-orm';
import { apiMessage } from '../../../contract/api-messages';
import { NO_DELIVERY_ZONES, type DeliveryZones } from '../../../contract/delivery';
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
