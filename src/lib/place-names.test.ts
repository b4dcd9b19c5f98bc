import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/messages';
import { addressLine, useAddressLine } from './place-names';

const ORDER_ADDRESS = { addressDetails: 'House 12, Road 5', city: 'Mohammadpur', district: 'Dhaka', division: 'Dhaka' };

afterEach(() => act(() => setLocale('en')));

describe('an order address as one line', () => {
  it('names its places as stored without names, and by district where a city name recurs', () => {
    expect(addressLine(ORDER_ADDRESS, null)).toBe('House 12, Road 5, Mohammadpur, Dhaka, Dhaka');
    const names = { divisions: { Dhaka: 'ঢাকা' }, districts: { Dhaka: 'ঢাকা', Magura: 'মাগুরা' }, cities: { Dhaka: { Mohammadpur: 'মোহাম্মদপুর' }, Magura: { Mohammadpur: 'মহম্মদপুর' } } };
    expect(addressLine(ORDER_ADDRESS, names)).toBe('House 12, Road 5, মোহাম্মদপুর, ঢাকা, ঢাকা');
    expect(addressLine({ ...ORDER_ADDRESS, district: 'Magura', division: 'Khulna' }, names)).toBe('House 12, Road 5, মহম্মদপুর, মাগুরা, Khulna');
  });

  it('is in English on an English screen and in Bangla once the Bangla names have loaded', async () => {
    const { result } = renderHook(() => useAddressLine(ORDER_ADDRESS));
    expect(result.current).toBe('House 12, Road 5, Mohammadpur, Dhaka, Dhaka');
    await act(() => setLocale('bn'));
    await waitFor(() => expect(result.current).toBe('House 12, Road 5, মোহাম্মদপুর, ঢাকা, ঢাকা'));
  });
});
