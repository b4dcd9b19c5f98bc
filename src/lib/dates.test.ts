import { describe, expect, it } from 'vitest';
import { formatDateDmy, formatDateMdy, formatShopDate } from './dates';

describe("formatDateMdy ('mmm d, yyyy')", () => {
  it.each([
    [new Date(2026, 10, 2), 'Nov 2, 2026'],
    [new Date(2026, 0, 31), 'Jan 31, 2026'],
    [new Date(2025, 11, 9, 23, 59), 'Dec 9, 2025'],
  ])('%s → %s', (date, text) => {
    expect(formatDateMdy(date)).toBe(text);
  });

  it('reads ISO strings as the local date', () => {
    const iso = new Date(2026, 4, 7, 12).toISOString();
    expect(formatDateMdy(iso)).toBe('May 7, 2026');
  });

  it('gives an empty string for an unreadable date', () => {
    expect(formatDateMdy('not a date')).toBe('');
  });
});

describe("formatDateDmy ('dd mmm yyyy')", () => {
  it.each([
    [new Date(2026, 10, 2), '02 Nov 2026'],
    [new Date(2026, 1, 28), '28 Feb 2026'],
    [new Date(2024, 6, 1), '01 Jul 2024'],
  ])('%s → %s', (date, text) => {
    expect(formatDateDmy(date)).toBe(text);
  });

  it('gives an empty string for an unreadable date', () => {
    expect(formatDateDmy('')).toBe('');
  });
});

describe("formatShopDate ('d mmm yyyy' on the shop's calendar)", () => {
  it('writes the day it is in Dhaka, in English and in Bangla', () => {
    // 20:00 UTC on 1 November is 2 November in Dhaka (UTC+6).
    expect(formatShopDate('2026-11-01T20:00:00Z')).toBe('2 Nov 2026');
    expect(formatShopDate('2026-11-01T20:00:00Z', 'bn')).toBe('২ নভেম্বর ২০২৬');
  });

  it('gives an empty string for an unreadable date', () => {
    expect(formatShopDate('nonsense', 'bn')).toBe('');
  });
});
