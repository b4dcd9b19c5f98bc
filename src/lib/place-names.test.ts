import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/messages';
import { useAddressLine } from './place-names';

const ORDER_ADDRESS = { addressDetails: 'House 12, Road 5', city: 'Mohammadpur', district: 'Dhaka', division: 'Dhaka' };

afterEach(() => act(() => setLocale('en')));

describe('an order address as one line on screen', () => {
  it('is in English on an English screen and in Bangla once the Bangla names have loaded', async () => {
    const { result } = renderHook(() => useAddressLine(ORDER_ADDRESS));
    expect(result.current).toBe('House 12, Road 5, Mohammadpur, Dhaka, Dhaka');
    await act(() => setLocale('bn'));
    await waitFor(() => expect(result.current).toBe('House 12, Road 5, মোহাম্মদপুর, ঢাকা, ঢাকা'));
  });
});
