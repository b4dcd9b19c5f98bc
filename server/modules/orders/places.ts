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

/** Refuses (400, naming the field) an address whose district is not in its division or whose city is not in its district. */
export function checkDeliveryPlaces(address: DeliveryAddress): void {
  const field = misplacedPart(places(), address);
  if (!field) return;
  const message = apiMessage(field === 'district' ? 'districtNotInDivision' : 'cityNotInDistrict');
  throw badRequest(message, [{ path: `deliveryAddress.${field}`, message: message.message, code: message.code }]);
}
