import { describe, expect, it } from 'vitest';
import { orderTotal } from './totals';

describe('order total', () => {
  it('is the sum of subtotal and delivery fee, rounded to whole taka', () => {
    expect(orderTotal(1250, 60)).toBe(1310);
    expect(orderTotal(849.15 * 3, 120)).toBe(2667);
    expect(orderTotal(99.5, 0)).toBe(100);
    expect(orderTotal(99.49, 0)).toBe(99);
  });
});
