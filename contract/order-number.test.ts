import { describe, expect, it } from 'vitest';
import { toLocaleDigits } from './locale';
import { orderNumber, orderNumberSearch } from './order-number';

const ID = '6748f2a1c3d4e5f60789bac930';

describe('orderNumber', () => {
  it('is the last 6 characters of the id, in ASCII', () => {
    expect(orderNumber(ID)).toBe('bac930');
    expect(orderNumber(ID)).toMatch(/^[\x20-\x7e]+$/);
  });
});

describe('orderNumberSearch', () => {
  it('reads the number with or without #, in any case', () => {
    expect(orderNumberSearch('bac930')).toBe('bac930');
    expect(orderNumberSearch('#bac930')).toBe('bac930');
    expect(orderNumberSearch('  # BAC930 ')).toBe('bac930');
  });

  it('reads a number written in Bangla digits as the ASCII one', () => {
    expect(orderNumberSearch(`#${toLocaleDigits('7f7eea', 'bn')}`)).toBe('7f7eea');
  });

  it('reads a whole id too', () => {
    expect(orderNumberSearch(ID.toUpperCase())).toBe(ID);
  });

  it('is null for text that cannot be an order number', () => {
    expect(orderNumberSearch('Rahim')).toBeNull();
    expect(orderNumberSearch('#ab')).toBeNull();
    expect(orderNumberSearch('')).toBeNull();
  });
});
