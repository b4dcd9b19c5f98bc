import { describe, expect, it } from 'vitest';
import { activeFilterCount, clearAllFilters, withFilter, withPage, withSort } from './listing-changes';

const full = {
  category: 'c1',
  subCategory: 's1',
  subSubCategory: 'ss1',
  discount: 20,
  search: 'rice',
  minPrice: 100,
  maxPrice: 900,
  sortBy: 'rating' as const,
  page: 3,
};

describe('filter changes', () => {
  it('reset the page to 1 whatever changes', () => {
    expect(withFilter(full, { discount: 10 })).not.toHaveProperty('page');
    const { page: _page, ...rest } = full;
    expect(withFilter(full, { maxPrice: 500 })).toEqual({ ...rest, maxPrice: 500 });
  });

  it('choosing a category clears the sub- and sub-sub-category', () => {
    expect(withFilter(full, { category: 'c2' })).toEqual({ category: 'c2', discount: 20, search: 'rice', minPrice: 100, maxPrice: 900, sortBy: 'rating' });
  });

  it('removing the category clears them too', () => {
    const next = withFilter(full, { category: undefined });
    expect(next).not.toHaveProperty('category');
    expect(next).not.toHaveProperty('subCategory');
    expect(next).not.toHaveProperty('subSubCategory');
  });

  it('choosing a sub-category keeps the category and clears the sub-sub-category', () => {
    expect(withFilter(full, { subCategory: 's2' })).toMatchObject({ category: 'c1', subCategory: 's2' });
    expect(withFilter(full, { subCategory: 's2' })).not.toHaveProperty('subSubCategory');
  });

  it('choosing a sub-sub-category keeps both parents', () => {
    expect(withFilter(full, { subSubCategory: 'ss2' })).toMatchObject({ category: 'c1', subCategory: 's1', subSubCategory: 'ss2' });
  });

  it('Clear All keeps only the search term (and the sort order)', () => {
    expect(clearAllFilters(full)).toEqual({ search: 'rice', sortBy: 'rating' });
    expect(clearAllFilters({ category: 'c1' })).toEqual({});
  });

  it('a new sort order starts from page 1 and keeps the filters; the default order (newest) leaves the URL', () => {
    const { page: _page, ...rest } = full;
    expect(withSort(full, 'priceAsc')).toEqual({ ...rest, sortBy: 'priceAsc' });
    expect(withSort(full, 'newest')).toEqual({ ...rest, sortBy: undefined });
    expect(withSort(full, 'newest')).not.toHaveProperty('sortBy');
  });

  it('page 1 is left out of the URL', () => {
    expect(withPage(full, 1)).not.toHaveProperty('page');
    expect(withPage(full, 2)).toMatchObject({ page: 2, category: 'c1' });
  });
});

describe('active filter count', () => {
  it('counts category, sub, sub-sub, discount and price (as one), not the search term', () => {
    expect(activeFilterCount(full)).toBe(5);
    expect(activeFilterCount({ search: 'rice' })).toBe(0);
    expect(activeFilterCount({ maxPrice: 10000, minPrice: 0 })).toBe(0);
    expect(activeFilterCount({ minPrice: 50 })).toBe(1);
  });
});
