import { describe, expect, it } from 'vitest';
import { countOf } from './plural';

describe('countOf', () => {
  it('says one thing in the singular, and every other count in the plural, grouped the Bangladeshi way', () => {
    expect(countOf(1, 'item')).toBe('1 item');
    expect(countOf(0, 'item')).toBe('0 items');
    expect(countOf(2, 'review')).toBe('2 reviews');
    expect(countOf(142800, 'item')).toBe('1,42,800 items');
    expect(countOf(3, 'child', 'children')).toBe('3 children');
  });
});
