/**
 * Bangladesh's divisions, districts and cities/upazilas, from @bangladeshi/bangladesh-address (MIT). Its data
 * files are imported on demand so they stay out of every first-visit chunk; the package's own entry point is
 * not used (its `main` points at a file the published package does not contain).
 */
import { DIVISIONS } from '@contract/delivery';
import type { Locale } from '@contract/locale';
import type { PlaceNames } from '@contract/place-names';
import { placeTree, type ThanaRow, type UpazilaRow } from '@contract/places';
import { loadPlaceNames } from '@/lib/place-names';

/** A place as the form offers it: its English name, which the server validates, shown by its name in the page's language. */
export type PlaceOption = { value: string; label: string };

export type Locations = {
  divisions: readonly PlaceOption[];
  districtsOf: (division: string) => readonly PlaceOption[];
  citiesOf: (district: string) => readonly PlaceOption[];
};

const EMPTY: readonly PlaceOption[] = [];

/**
 * Division → districts and district → cities (upazilas plus the metropolitan thanas), each shown by its name in
 * `names` (English without them) and sorted by that name in `locale`'s order; the divisions keep the shop's order.
 */
export function buildLocations(
  upazilas: readonly UpazilaRow[],
  thanas: readonly ThanaRow[],
  names: PlaceNames | null = null,
  locale: Locale = 'en',
): Locations {
  const { districts, cities } = placeTree(upazilas, thanas);
  const option = (value: string, label: string | undefined): PlaceOption => ({ value, label: label ?? value });
  const byLabel = (a: PlaceOption, b: PlaceOption) => a.label.localeCompare(b.label, locale);
  const sorted = (map: Map<string, Set<string>>, labelOf: (key: string, value: string) => string | undefined) =>
    new Map([...map].map(([key, values]) => [key, [...values].map((value) => option(value, labelOf(key, value))).sort(byLabel)]));
  const districtLists = sorted(districts, (_, district) => names?.districts[district]);
  const cityLists = sorted(cities, (district, city) => names?.cities[district]?.[city]);
  return {
    divisions: DIVISIONS.filter((division) => districtLists.has(division)).map((division) => option(division, names?.divisions[division])),
    districtsOf: (division) => districtLists.get(division) ?? EMPTY,
    citiesOf: (district) => cityLists.get(district) ?? EMPTY,
  };
}

const loading = new Map<Locale, Promise<Locations>>();

/** Loads the data once per visit and language; a failed load is forgotten so the next attempt tries again. */
export function loadLocations(locale: Locale = 'en'): Promise<Locations> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = Promise.all([
      import('@bangladeshi/bangladesh-address/build/src/json/bd-upazila.json'),
      import('@bangladeshi/bangladesh-address/build/src/json/bd-thana.json'),
      loadPlaceNames(locale),
    ]).then(([upazilas, thanas, names]) => buildLocations(upazilas.default, thanas.default, names, locale));
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}
