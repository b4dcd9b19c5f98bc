import { createRequire } from 'node:module';
import { apiMessage } from '../../../contract/api-messages';
import { misplacedPart, placeTree, type PlaceTree, type ThanaRow, type UpazilaRow } from '../../../contract/places';
import type { DeliveryAddress } from '../../../contract/orders';
import { badRequest } from '../../http/errors';

const require = createRequire(import.meta.url);
let tree: PlaceTree | null = null;

/** The same places the checkout offers, read once (the package's data files: its entry point is not published). */
function places(): PlaceTree {
  tree ??= placeTree(
    require('@bangladeshi/bangladesh-address/build/src/json/bd-upazila.json') as UpazilaRow[],
    require('@bangladeshi/bangladesh-address/build/src/json/bd-thana.json') as ThanaRow[],
  );
  return tree;
}

/** The shop's spelling of a district (in any case), or null for a place that is not one of its districts. */
export function districtNamed(name: string): string | null {
  const key = name.trim().toLowerCase();
  for (const districts of places().districts.values()) {
    for (const district of districts) if (district.toLowerCase() === key) return district;
  }
  return null;
}

/** Refuses (400, naming the field) an address whose district is not in its division or whose city is not in its district. */
export function checkDeliveryPlaces(address: DeliveryAddress, pathPrefix = 'deliveryAddress.'): void {
  const field = misplacedPart(places(), address);
  if (!field) return;
  const message = apiMessage(field === 'district' ? 'districtNotInDivision' : 'cityNotInDistrict');
  throw badRequest(message, [{ path: `${pathPrefix}${field}`, message: message.message, code: message.code }]);
}
