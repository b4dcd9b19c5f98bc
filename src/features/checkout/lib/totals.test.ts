import { describe, expect, it } from 'vitest';
import { deliveryFee, linesSubtotal, orderTotal } from './totals';

const fees = { shippingFee: 60, shippingFeeOutside: 120 };

describe('delivery fee', () => {
  it('is the inside-Dhaka fee for the Dhaka division', () => {
    expect(deliveryFee('Dhaka', fees)).toBe(60);
  });

  it.each(['Chittagong', 'Rajshahi', 'Khulna', 'Barisal', 'Sylhet', 'Rangpur', 'Mymensingh', ''])('is the outside fee for "%s"', (division) => {
    expect(deliveryFee(division, fees)).toBe(120);
  });

  it('is 0 while the fees are not known, or when one is missing', () => {
    expect(deliveryFee('Dhaka', undefined)).toBe(0);
    expect(deliveryFee('Sylhet', null)).toBe(0);
    expect(deliveryFee('Dhaka', { shippingFeeOutside: 120 })).toBe(0);
    expect(deliveryFee('Sylhet', { shippingFee: 60 })).toBe(0);
  });
});

describe('order total', () => {
  it('is the rounded sum of subtotal and delivery fee', () => {
    expect(orderTotal(1250, 60)).toBe(1310);
    expect(orderTotal(849.15 * 3, 120)).toBe(2667);
    expect(orderTotal(99.5, 0)).toBe(100);
    expect(orderTotal(99.49, 0)).toBe(99);
  });

  it('adds lines in whole poisha', () => {
    expect(linesSubtotal([{ price: 849.15, quantity: 3 }, { price: 0.1, quantity: 2 }])).toBe(2547.65);
    expect(linesSubtotal([])).toBe(0);
  });
});
