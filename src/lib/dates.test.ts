import { describe, expect, it } from 'vitest';
import { formatDateDmy, formatDateMdy } from './dates';

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
