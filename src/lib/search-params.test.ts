import { describe, expect, it } from 'vitest';
import { optionalInteger, optionalNumberIn, optionalOneOf, optionalText } from './search-params';

describe('search param readers', () => {
  it('read text from text or numbers, trimmed and cut, and drop blanks and objects', () => {
    expect(optionalText('  Groceries ')).toBe('Groceries');
    expect(optionalText(123)).toBe('123');
    expect(optionalText('   ')).toBeUndefined();
    expect(optionalText({ a: 1 })).toBeUndefined();
    expect(optionalText('x'.repeat(200))).toHaveLength(120);
  });

  it('read numbers within bounds only', () => {
    expect(optionalNumberIn('500', 0, 10000)).toBe(500);
    expect(optionalNumberIn(20000, 0, 10000)).toBeUndefined();
    expect(optionalNumberIn('lots', 0, 100)).toBeUndefined();
    expect(optionalNumberIn('', 0, 100)).toBeUndefined();
    expect(optionalNumberIn(true, 0, 100)).toBeUndefined();
  });

  it('read whole numbers and allowed values', () => {
    expect(optionalInteger('2', 1)).toBe(2);
    expect(optionalInteger(0, 1)).toBeUndefined();
    expect(optionalInteger(1.5, 1)).toBeUndefined();
    expect(optionalOneOf('sales', ['newest', 'rating', 'sales'] as const)).toBe('sales');
    expect(optionalOneOf('cheapest', ['newest', 'rating', 'sales'] as const)).toBeUndefined();
  });
});
