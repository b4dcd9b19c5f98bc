import { beforeEach, describe, expect, it } from 'vitest';
import { forgetSavedDelivery } from './forget-saved-delivery';
import { readSavedDelivery, saveDelivery } from './saved-delivery';
import { CHECKOUT_DELIVERY_KEY } from './storage-keys';

const address = { phone: '01712345678', addressDetails: 'House 4, Road 2', division: 'Dhaka', district: 'Dhaka', city: 'Savar' };

beforeEach(() => localStorage.clear());

describe('the saved delivery address', () => {
  it('keeps the delivery fields for the account that typed them, never the payment number, and forgets them on sign-out', () => {
    saveDelivery('u1', { ...address, paymentNumber: '01899999999', coupon: 'EID10' });
    expect(readSavedDelivery('u1')).toEqual(address);
    expect(localStorage.getItem(CHECKOUT_DELIVERY_KEY)).not.toContain('01899999999');
    expect(readSavedDelivery('u2')).toEqual({});
    expect(readSavedDelivery(undefined)).toEqual({});
    forgetSavedDelivery();
    expect(readSavedDelivery('u1')).toEqual({});
  });

  it('reads a malformed or hostile stored value as nothing saved', () => {
    localStorage.setItem(CHECKOUT_DELIVERY_KEY, '{not json');
    expect(readSavedDelivery('u1')).toEqual({});
    localStorage.setItem(CHECKOUT_DELIVERY_KEY, JSON.stringify({ userId: 'u1', fields: { phone: 42, city: 'x'.repeat(5000), division: 'Dhaka' } }));
    expect(readSavedDelivery('u1')).toEqual({ division: 'Dhaka' });
  });
});
