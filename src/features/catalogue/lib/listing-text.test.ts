import { describe, expect, it } from 'vitest';
import { pageOfPages, pageSummary, resultsSummary } from './listing-text';

describe('listing header texts', () => {
  it('says how many of how many are shown', () => {
    expect(resultsSummary({ count: 10, total: 45 })).toBe('Showing 10 of 45 products');
  });

  it('adds the search term and the discount', () => {
    expect(resultsSummary({ count: 3, total: 3, search: 'rice' })).toBe('Showing 3 of 3 products for "rice"');
    expect(resultsSummary({ count: 3, total: 3, search: 'rice', discount: 20 })).toBe('Showing 3 of 3 products for "rice" with 20% or more off');
  });

  it('shows the page and the page size, and the page of pages', () => {
    expect(pageSummary(2)).toBe('Page 2 | Limit: 10');
    expect(pageOfPages(2, 5)).toBe('Page 2 of 5');
  });
});
