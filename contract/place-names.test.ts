import { describe, expect, it } from 'vitest';
import { DIVISIONS } from './delivery';
import { addressLine } from './place-names';
import BANGLA_PLACE_NAMES from './place-names-bn';

const ORDER_ADDRESS = { addressDetails: 'House 12, Road 5', city: 'Mohammadpur', district: 'Dhaka', division: 'Dhaka' };

describe('an order address as one line', () => {
  it('names its places as stored without names, and by district where a city name recurs', () => {
    expect(addressLine(ORDER_ADDRESS, null)).toBe('House 12, Road 5, Mohammadpur, Dhaka, Dhaka');
    const names = {
      divisions: { Dhaka: 'ঢাকা' },
      districts: { Dhaka: 'ঢাকা', Magura: 'মাগুরা' },
      cities: { Dhaka: { Mohammadpur: 'মোহাম্মদপুর' }, Magura: { Mohammadpur: 'মহম্মদপুর' } },
    };
    expect(addressLine(ORDER_ADDRESS, names)).toBe('House 12, Road 5, মোহাম্মদপুর, ঢাকা, ঢাকা');
    expect(addressLine({ ...ORDER_ADDRESS, district: 'Magura', division: 'Khulna' }, names)).toBe('House 12, Road 5, মহম্মদপুর, মাগুরা, Khulna');
  });

  it('has a Bangla name for every division the shop delivers to', () => {
    expect(DIVISIONS.filter((division) => !BANGLA_PLACE_NAMES.divisions[division])).toEqual([]);
    expect(addressLine({ ...ORDER_ADDRESS, city: 'Savar' }, BANGLA_PLACE_NAMES)).toBe('House 12, Road 5, সাভার, ঢাকা, ঢাকা');
  });
});
