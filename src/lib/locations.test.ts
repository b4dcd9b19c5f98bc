import { describe, expect, it } from 'vitest';
import { DIVISIONS } from '@contract/delivery';
import { buildLocations, loadLocations, type PlaceOption } from './locations';

const values = (options: readonly PlaceOption[]) => options.map((option) => option.value);
const labels = (options: readonly PlaceOption[]) => options.map((option) => option.label);
const BANGLA = /^[\u0980-\u09ff][\u0980-\u09ff\s()-]*$/;

describe('locations', () => {
  it('groups and sorts, and uses the spec spelling of names', () => {
    const locations = buildLocations(
      [
        { upazila: 'Savar', district: 'Dhaka', division: 'Dhaka' },
        { upazila: 'Dhamrai', district: 'Dhaka', division: 'Dhaka' },
        { upazila: 'Laksam', district: 'Comilla', division: 'Chattogram' },
        { upazila: 'Sadar', district: 'Chattogram', division: 'Chattogram' },
      ],
      [{ thana: 'Gulshan', district: 'Dhaka', division: 'Dhaka' }],
    );
    expect(locations.divisions).toEqual([
      { value: 'Dhaka', label: 'Dhaka' },
      { value: 'Chittagong', label: 'Chittagong' },
    ]);
    expect(values(locations.districtsOf('Chittagong'))).toEqual(['Chattogram', 'Cumilla']);
    expect(labels(locations.citiesOf('Dhaka'))).toEqual(['Dhamrai', 'Gulshan', 'Savar']);
    expect(locations.districtsOf('Chattogram')).toEqual([]);
    expect(locations.citiesOf('Nowhere')).toEqual([]);
  });

  it('shows names in another language, sorted in its order, and keeps the English values the server validates', () => {
    const locations = buildLocations(
      [
        { upazila: 'Savar', district: 'Dhaka', division: 'Dhaka' },
        { upazila: 'Dhamrai', district: 'Dhaka', division: 'Dhaka' },
        { upazila: 'Mohammadpur', district: 'Magura', division: 'Khulna' },
      ],
      [{ thana: 'Mohammadpur', district: 'Dhaka', division: 'Dhaka' }],
      {
        divisions: { Dhaka: 'ঢাকা', Khulna: 'খুলনা' },
        districts: { Dhaka: 'ঢাকা', Magura: 'মাগুরা' },
        cities: { Dhaka: { Savar: 'সাভার', Dhamrai: 'ধামরাই', Mohammadpur: 'মোহাম্মদপুর' }, Magura: { Mohammadpur: 'মহম্মদপুর' } },
      },
      'bn',
    );
    expect(locations.divisions).toEqual([
      { value: 'Dhaka', label: 'ঢাকা' },
      { value: 'Khulna', label: 'খুলনা' },
    ]);
    expect(locations.citiesOf('Dhaka')).toEqual([
      { value: 'Dhamrai', label: 'ধামরাই' },
      { value: 'Mohammadpur', label: 'মোহাম্মদপুর' },
      { value: 'Savar', label: 'সাভার' },
    ]);
    // The same English name in another district is its own place.
    expect(locations.citiesOf('Magura')).toEqual([{ value: 'Mohammadpur', label: 'মহম্মদপুর' }]);
  });

  it('loads all 8 divisions and 64 districts with their upazilas from the data package', async () => {
    const locations = await loadLocations();
    expect(values(locations.divisions)).toEqual([...DIVISIONS]);
    expect(locations.divisions.flatMap((division) => locations.districtsOf(division.value))).toHaveLength(64);
    expect(values(locations.districtsOf('Dhaka'))).toEqual([
      'Dhaka',
      'Faridpur',
      'Gazipur',
      'Gopalganj',
      'Kishoreganj',
      'Madaripur',
      'Manikganj',
      'Munshiganj',
      'Narayanganj',
      'Narsingdi',
      'Rajbari',
      'Shariatpur',
      'Tangail',
    ]);
    expect(values(locations.districtsOf('Chittagong'))).toEqual(expect.arrayContaining(['Cumilla', "Cox's Bazar"]));
    expect(values(locations.districtsOf('Rajshahi'))).toContain('Bogura');
    expect(values(locations.districtsOf('Khulna'))).toContain('Jessore');
    expect(values(locations.districtsOf('Sylhet'))).toContain('Sunamganj');
    expect(values(locations.citiesOf('Dhaka'))).toEqual(expect.arrayContaining(['Savar', 'Keraniganj', 'Gulshan', 'Dhanmondi']));
  });

  it('has a Bangla name for every division, district and city of the data, with the same English values', async () => {
    const [english, bangla] = await Promise.all([loadLocations('en'), loadLocations('bn')]);
    expect(labels(bangla.divisions)).toEqual(['ঢাকা', 'চট্টগ্রাম', 'রাজশাহী', 'খুলনা', 'বরিশাল', 'সিলেট', 'রংপুর', 'ময়মনসিংহ']);
    expect(values(bangla.divisions)).toEqual(values(english.divisions));
    let cities = 0;
    for (const division of bangla.divisions) {
      const districts = bangla.districtsOf(division.value);
      expect(new Set(values(districts))).toEqual(new Set(values(english.districtsOf(division.value))));
      for (const district of districts) {
        expect(district.label, district.value).toMatch(BANGLA);
        const places = bangla.citiesOf(district.value);
        expect(new Set(values(places)), district.value).toEqual(new Set(values(english.citiesOf(district.value))));
        for (const city of places) expect(city.label, `${district.value} / ${city.value}`).toMatch(BANGLA);
        cities += places.length;
      }
    }
    expect(cities).toBeGreaterThan(500);
    expect(bangla.citiesOf('Dhaka')).toEqual(
      expect.arrayContaining([
        { value: 'Savar', label: 'সাভার' },
        { value: 'Gulshan', label: 'গুলশান' },
      ]),
    );
    // Sorted as a Bangla reader looks for them.
    const dhakaDistricts = labels(bangla.districtsOf('Dhaka'));
    expect(dhakaDistricts).toEqual([...dhakaDistricts].sort((a, b) => a.localeCompare(b, 'bn')));
  });
});
