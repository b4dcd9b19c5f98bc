import { describe, expect, it } from 'vitest';
import { formatTaka, formatTakaExact } from './money';

describe('money', () => {
  it('shows whole taka with the sign first and thousands separators', () => {
    expect(formatTaka(1250)).toBe('৳1,250');
    expect(formatTaka(1249.6)).toBe('৳1,250');
    expect(formatTaka(0)).toBe('৳0');
  });

  it('shows two decimals where asked', () => {
    expect(formatTakaExact(1250)).toBe('৳1,250.00');
    expect(formatTakaExact(99.5)).toBe('৳99.50');
  });
});
