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

describe("formatShopDate ('d mmm yyyy' in Dhaka)", () => {
  it.each([
    ['2026-11-02T05:00:00Z', '2 Nov 2026'],
    // 18:00 UTC is already the next day in Dhaka.
    ['2026-12-31T18:00:00Z', '1 Jan 2027'],
    ['2026-09-14T17:59:59Z', '14 Sep 2026'],
  ])('%s → %s', (iso, text) => {
    expect(formatShopDate(iso)).toBe(text);
  });

  it('writes the day in Bangla too', () => {
    expect(formatShopDate('2026-11-01T20:00:00Z', 'bn')).toBe('২ নভেম্বর ২০২৬');
  });

  it('gives an empty string for an unreadable date', () => {
    expect(formatShopDate('not a date')).toBe('');
    expect(formatShopDate('nonsense', 'bn')).toBe('');
  });
});
