/** The places' names in a language other than English, by their English names (cities by district: a name recurs). */
export type PlaceNames = {
  divisions: Record<string, string>;
  districts: Record<string, string>;
  cities: Record<string, Record<string, string>>;
};

export type AddressPlaces = { addressDetails?: string; city?: string; district?: string; division?: string };

/**
 * An address as one line, its places by their names in `names`. An order keeps its places by their English names (the
 * ones the server validates), so without names they are shown as stored.
 */
export function addressLine({ addressDetails, city, district, division }: AddressPlaces, names: PlaceNames | null): string {
  const cityName = city && district ? (names?.cities[district]?.[city] ?? city) : city;
  const districtName = district ? (names?.districts[district] ?? district) : district;
  const divisionName = division ? (names?.divisions[division] ?? division) : division;
  return [addressDetails, cityName, districtName, divisionName].filter(Boolean).join(', ');
}
