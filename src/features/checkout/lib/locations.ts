/**
 * Bangladesh's divisions, districts and cities/upazilas, from @bangladeshi/bangladesh-address (MIT). Its data
 * files are imported on demand so they stay out of every first-visit chunk; the package's own entry point is
 * not used (its `main` points at a file the published package does not contain).
 */
import { DIVISIONS } from '@contract/delivery';

type UpazilaRow = { upazila: string; district: string; division: string };
type ThanaRow = { thana: string; district: string; division: string };

export type Locations = {
  divisions: readonly string[];
  districtsOf: (division: string) => readonly string[];
  citiesOf: (district: string) => readonly string[];
};


/** The package's spellings that differ from the shop's; the shop's are shown and sent. */
const SHOP_NAMES: Record<string, string> = {
  Chattogram: 'Chittagong',
  Barishal: 'Barisal',
  Comilla: 'Cumilla',
  Bogra: 'Bogura',
};
const divisionName = (name: string) => SHOP_NAMES[name] ?? name;
// The district of Chattogram city keeps its own name; only the division is spelled the shop's way.
const districtName = (name: string) => (name === 'Chattogram' ? name : (SHOP_NAMES[name] ?? name));

const byName = (a: string, b: string) => a.localeCompare(b, 'en');
const EMPTY: readonly string[] = [];

/** Division → districts and district → cities (upazilas plus the metropolitan thanas), sorted by name. */
export function buildLocations(upazilas: readonly UpazilaRow[], thanas: readonly ThanaRow[]): Locations {
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

  const sorted = (map: Map<string, Set<string>>) => new Map([...map].map(([key, names]) => [key, [...names].sort(byName)]));
  const districtLists = sorted(districts);
  const cityLists = sorted(cities);
  return {
    divisions: DIVISIONS.filter((division) => districtLists.has(division)),
    districtsOf: (division) => districtLists.get(division) ?? EMPTY,
    citiesOf: (district) => cityLists.get(district) ?? EMPTY,
  };
}

let loading: Promise<Locations> | null = null;

/** Loads the data once per visit; a failed load is forgotten so the next attempt tries again. */
export function loadLocations(): Promise<Locations> {
  loading ??= Promise.all([
    import('@bangladeshi/bangladesh-address/build/src/json/bd-upazila.json'),
    import('@bangladeshi/bangladesh-address/build/src/json/bd-thana.json'),
  ])
    .then(([upazilas, thanas]) => buildLocations(upazilas.default, thanas.default))
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}
