import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatTaka,
  formatTakaExact,
  formatTakaPrecise,
  lineTotal,
  linesTotal,
  orderTotal,
  roundingOf,
  roundTaka,
  sumTaka,
  toPoisha,
  toTaka,
} from './money';

describe('money arithmetic in whole poisha', () => {
  it('converts taka to poisha and back, rounding to the nearest poisha', () => {
    expect(toPoisha(849.15)).toBe(84915);
    expect(toPoisha(0.105)).toBe(11);
    expect(toTaka(84915)).toBe(849.15);
  });

  it('multiplies and adds without floating-point dust', () => {
    expect(lineTotal(849.15, 3)).toBe(2547.45);
    expect(
      linesTotal([
        { price: 849.15, quantity: 3 },
        { price: 0.1, quantity: 2 },
      ]),
    ).toBe(2547.65);
    expect(linesTotal([])).toBe(0);
    expect(sumTaka([0.1, 0.2])).toBe(0.3);
    expect(sumTaka([1000.5, 1800, -0.5])).toBe(2800);
  });

  it('rounds to whole taka, halves up', () => {
    expect(roundTaka(99.5)).toBe(100);
    expect(roundTaka(99.49)).toBe(99);
    expect(roundTaka(849.15 * 3 + 120)).toBe(2667);
  });
});

describe('money formatting', () => {
  it('shows whole taka with the sign first and Bangladeshi grouping', () => {
    expect(formatTaka(142800)).toBe('৳1,42,800');
    expect(formatTaka(12345678)).toBe('৳1,23,45,678');
    expect(formatTaka(1250)).toBe('৳1,250');
    expect(formatTaka(999)).toBe('৳999');
    expect(formatTaka(1249.6)).toBe('৳1,250');
    expect(formatTaka(99.5)).toBe('৳100');
  });

  it('shows two decimals where asked, rounded to the poisha', () => {
    expect(formatTakaExact(142800)).toBe('৳1,42,800.00');
    expect(formatTakaExact(1234567.5)).toBe('৳12,34,567.50');
    expect(formatTakaExact(99.5)).toBe('৳99.50');
    expect(formatTakaExact(84.99)).toBe('৳84.99');
    expect(formatTakaExact(849.15 * 3)).toBe('৳2,547.45');
  });

  it('shows zero without a sign, and a negative amount with a minus before the taka sign', () => {
    expect(formatTaka(0)).toBe('৳0');
    expect(formatTakaExact(0)).toBe('৳0.00');
    expect(formatTaka(-0.4)).toBe('৳0');
    expect(formatTaka(-270)).toBe('−৳270');
    expect(formatTakaExact(-270)).toBe('−৳270.00');
    expect(formatTakaExact(-1500.5)).toBe('−৳1,500.50');
  });

  it('groups counts the same way', () => {
    expect(formatCount(142800)).toBe('1,42,800');
    expect(formatCount(37)).toBe('37');
  });

  it('groups as the en-IN locale does, without building its formatter', () => {
    const enIn = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    const enInExact = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (let digits = 1; digits <= 13; digits += 1) {
      for (const amount of [Number('9'.repeat(digits)), 10 ** (digits - 1), Number('1234567890123456'.slice(0, digits))]) {
        expect(formatCount(amount)).toBe(enIn.format(amount));
        expect(formatTaka(amount)).toBe(`৳${enIn.format(amount)}`);
        expect(formatTakaExact(amount + 0.05)).toBe(`৳${enInExact.format(amount + 0.05)}`);
      }
    }
    expect(formatCount(-1500)).toBe(enIn.format(-1500));
  });
});

describe('order totals', () => {
  it('rounds items less discount plus delivery to whole taka, halves up', () => {
    expect(orderTotal({ subTotal: 997.5, discount: 0, deliveryFee: 60 })).toBe(1058);
    expect(orderTotal({ subTotal: 1875.25, discount: 375.05, deliveryFee: 120 })).toBe(1620);
    expect(orderTotal({ subTotal: 1350, discount: 270, deliveryFee: 60 })).toBe(1140);
  });

  it('names the rounding so items, discount, delivery and rounding add up to the total', () => {
    const figures = { subTotal: 997.5, discount: 0, deliveryFee: 60 };
    expect(roundingOf({ ...figures, totalPrice: orderTotal(figures) })).toBe(0.5);
    const down = { subTotal: 1875.25, discount: 375.05, deliveryFee: 120 };
    expect(roundingOf({ ...down, totalPrice: orderTotal(down) })).toBe(-0.2);
  });

  it('shows a price to the poisha only when it has poisha', () => {
    expect(formatTakaPrecise(938)).toBe('৳938');
    expect(formatTakaPrecise(937.5)).toBe('৳937.50');
    expect(formatTakaPrecise(142800)).toBe('৳1,42,800');
  });
});

describe('amounts in Bangla', () => {
  it('writes Bangla digits with Bangladeshi grouping', () => {
    expect(formatTaka(142800, 'bn')).toBe('৳১,৪২,৮০০');
    expect(formatTakaExact(1234.5, 'bn')).toBe('৳১,২৩৪.৫০');
    expect(formatTakaPrecise(-937.5, 'bn')).toBe('−৳৯৩৭.৫০');
    expect(formatCount(12345678, 'bn')).toBe('১,২৩,৪৫,৬৭৮');
  });
});
