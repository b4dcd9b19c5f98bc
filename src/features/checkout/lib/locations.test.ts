import { describe, expect, it } from 'vitest';
import { DIVISIONS } from '@contract/delivery';
import { buildLocations, loadLocations } from './locations';

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
    expect(locations.divisions).toEqual(['Dhaka', 'Chittagong']);
    expect(locations.districtsOf('Chittagong')).toEqual(['Chattogram', 'Cumilla']);
    expect(locations.citiesOf('Dhaka')).toEqual(['Dhamrai', 'Gulshan', 'Savar']);
    expect(locations.districtsOf('Chattogram')).toEqual([]);
    expect(locations.citiesOf('Nowhere')).toEqual([]);
  });

  it('loads all 8 divisions and 64 districts with their upazilas from the data package', async () => {
    const locations = await loadLocations();
    expect(locations.divisions).toEqual([...DIVISIONS]);
    expect(locations.divisions.flatMap((division) => locations.districtsOf(division))).toHaveLength(64);
    expect(locations.districtsOf('Dhaka')).toEqual([
      'Dhaka', 'Faridpur', 'Gazipur', 'Gopalganj', 'Kishoreganj', 'Madaripur', 'Manikganj', 'Munshiganj', 'Narayanganj', 'Narsingdi', 'Rajbari', 'Shariatpur', 'Tangail',
    ]);
    expect(locations.districtsOf('Chittagong')).toEqual(expect.arrayContaining(['Cumilla', "Cox's Bazar"]));
    expect(locations.districtsOf('Rajshahi')).toContain('Bogura');
    expect(locations.districtsOf('Khulna')).toContain('Jessore');
    expect(locations.districtsOf('Sylhet')).toContain('Sunamganj');
    expect(locations.citiesOf('Dhaka')).toEqual(expect.arrayContaining(['Savar', 'Keraniganj', 'Gulshan', 'Dhanmondi']));
  });
});
