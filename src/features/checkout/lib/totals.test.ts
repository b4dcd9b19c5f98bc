import { describe, expect, it } from 'vitest';
import { checkoutTotal, couponInForce } from './totals';

describe('checkout total', () => {
  it('is the items less the coupon plus delivery, rounded to whole taka', () => {
    expect(checkoutTotal(1250, 60, null)).toBe(1310);
    expect(checkoutTotal(849.15 * 3, 120, null)).toBe(2667);
    expect(checkoutTotal(99.5, 0, null)).toBe(100);
    expect(checkoutTotal(99.49, 0, null)).toBe(99);
    expect(checkoutTotal(1350, 60, { code: 'SAVE20', discount: 270 })).toBe(1140);
  });

  it('keeps a coupon only while its code is in the field', () => {
    const applied = { code: 'SAVE20', discount: 270 };
    expect(couponInForce(applied, ' save20 ')).toBe(applied);
    expect(couponInForce(applied, 'SAVE2')).toBeNull();
    expect(couponInForce(null, 'SAVE20')).toBeNull();
  });
});
