import { describe, expect, it } from 'vitest';
import { formatTaka } from '@contract/money';
import catalogueEn from '@/messages/catalogue/en';
import { readPriceInputs as readWith } from './price-inputs';

const readPriceInputs = (min: string, max: string, current: { min: number; max: number }) =>
  readWith(min, max, current, { ...catalogueEn, taka: (amount) => formatTaka(amount) });

const full = { min: 0, max: 10000 };

describe('Min Price and Max Price boxes', () => {
  it('apply values between 0 and 10000 as typed', () => {
    expect(readPriceInputs('250', '10000', full)).toEqual({ range: { min: 250, max: 10000 } });
    expect(readPriceInputs('0', '500', { min: 300, max: 10000 })).toEqual({ range: { min: 0, max: 500 } });
    expect(readPriceInputs('10000', '10000', full)).toEqual({ range: { min: 10000, max: 10000 } });
  });

  it('read an empty Min as 0 and an empty Max as 10000', () => {
    expect(readPriceInputs('', '  ', { min: 300, max: 500 })).toEqual({ range: { min: 0, max: 10000 } });
  });

  it('keep the current bound for a value below 0 or not a number', () => {
    expect(readPriceInputs('-5', 'abc', { min: 300, max: 500 })).toEqual({ range: { min: 300, max: 500 } });
  });

  it('read a Max above 10000 as no upper limit, and say so', () => {
    expect(readPriceInputs('100', '20000', { min: 100, max: 500 })).toEqual({
      range: { min: 100, max: 10000 },
      note: 'The highest Max Price is ৳10,000, which means no upper limit.',
    });
  });

  it('read a Min above 10000 as 10000, and say so', () => {
    expect(readPriceInputs('15000', '', full)).toEqual({ range: { min: 10000, max: 10000 }, note: 'The highest Min Price is ৳10,000.' });
  });

  it('swap a Min above the Max, and say so', () => {
    expect(readPriceInputs('5000', '1000', full)).toEqual({
      range: { min: 1000, max: 5000 },
      note: 'Min Price is above Max Price, so showing ৳1,000 – ৳5,000.',
    });
  });
});
