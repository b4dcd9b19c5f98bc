/**
 * Bangladesh's divisions, districts and cities/upazilas as the checkout offers them and the server checks an order's
 * address against, built from @bangladeshi/bangladesh-address's rows (MIT): the browser loads them on demand, the
 * server once. An address whose district is not in its division, or whose city is not in its district, is refused,
 * so a shopper cannot pay the inside-Dhaka fee for a delivery elsewhere.
 */

export type UpazilaRow = { upazila: string; district: string; division: string };
export type ThanaRow = { thana: string; district: string; division: string };

/** The package's spellings that differ from the shop's; the shop's are shown, sent and checked. */
const SHOP_NAMES: Record<string, string> = {
  Chattogram: 'Chittagong',
  Barishal: 'Barisal',
  Comilla: 'Cumilla',
  Bogra: 'Bogura',
};
const divisionName = (name: string) => SHOP_NAMES[name] ?? name;
// The district of Chattogram city keeps its own name; only the division is spelled the shop's way.
const districtName = (name: string) => (name === 'Chattogram' ? name : (SHOP_NAMES[name] ?? name));

/** Division → its districts, and district → its cities (upazilas plus the metropolitan thanas), by the shop's names. */
export type PlaceTree = { districts: Map<string, Set<string>>; cities: Map<string, Set<string>> };

export function placeTree(upazilas: readonly UpazilaRow[], thanas: readonly ThanaRow[]): PlaceTree {
  const districts = new Map<string, Set<string>>();
  const cities = new Map<string, Set<string>>();
  const add = (division: string, district: string, city: string) => {
    const districtKey = districtName(district);
    let inDivision = districts.get(divisionName(division));
    if (!inDivision) districts.set(divisionName(division), (inDivision = new Set()));
    inDivision.add(districtKey);
    let inDistrict = cities.get(districtKey);
    if (!inDistrict) cities.set(districtKey, (inDistrict = new Set()));
    inDistrict.add(city);
  };
  for (const row of upazilas) add(row.division, row.district, row.upazila);
  for (const row of thanas) add(row.division, row.district, row.thana);
  return { districts, cities };
}

export const DISTRICT_NOT_IN_DIVISION = 'Choose a district of the chosen division';
export const CITY_NOT_IN_DISTRICT = 'Choose a city/upazila of the chosen district';
/** A delivery zone's district that is not one of the districts the checkout offers. */
export const DISTRICT_UNKNOWN = 'Choose the districts from the list';

/**
 * The field of an address whose place is wrong — its district not one of the division's, or its city not one of the
 * district's (names as the form sends them, in any case) — or null. The division itself is the schema's to check.
 */
export function misplacedPart(tree: PlaceTree, { division, district, city }: { division: string; district: string; city: string }): 'district' | 'city' | null {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const districtOf = [...(tree.districts.get(division) ?? [])].find((name) => same(name, district));
  if (!districtOf) return 'district';
  return [...(tree.cities.get(districtOf) ?? [])].some((name) => same(name, city)) ? null : 'city';
}
