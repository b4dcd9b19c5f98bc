import { describe, expect, it } from 'vitest';
import { filterQuery, filtersFromSearch, formatDhakaTime, searchOfFilters } from './order-filters';

describe("the order queue's filters", () => {
  it('reads what the address holds with the server schema, numbers as text, and leaves out what the server would refuse', () => {
    const { filters, requested, rangeError } = filtersFromSearch({
      status: 'shipped',
      paymentStatus: 'lost',
      paymentMethod: 'cash',
      from: '2026-11-01',
      to: '2026-13-40',
      search: 123456,
      page: '3',
    });
    expect(filters).toEqual({ status: 'shipped', paymentMethod: 'cash', from: '2026-11-01', search: '123456', page: 3 });
    expect(requested).toBe(filters);
    expect(rangeError).toBeUndefined();
  });

  it("keeps days that run backwards in the form, with the server's message, and asks the list without them", () => {
    const { filters, requested, rangeError } = filtersFromSearch({ from: '2026-11-30', to: '2026-11-01', status: 'pending' });
    expect(filters).toMatchObject({ from: '2026-11-30', to: '2026-11-01' });
    expect(requested).toEqual({ status: 'pending', page: 1 });
    expect(rangeError).toBe('from must not be after to');
  });

  it('writes short addresses and queries: no empty filters, no first page, no page in an export', () => {
    const filters = { status: 'pending', search: '01712', page: 2 } as const;
    expect(searchOfFilters(filters)).toEqual({ status: 'pending', search: '01712', page: 2 });
    expect(searchOfFilters({ page: 1 })).toEqual({});
    expect(filterQuery(filters)).toEqual({ status: 'pending', search: '01712' });
  });

  it("shows times in Dhaka's clock (UTC+6), whatever the browser's", () => {
    expect(formatDhakaTime('2026-11-01T20:05:00.000Z')).toBe('02 Nov 2026, 02:05');
    expect(formatDhakaTime('not a date')).toBe('');
  });
});
