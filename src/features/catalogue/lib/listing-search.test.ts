import { describe, expect, it } from 'vitest';
import { activeFilterCount, clearAllFilters, parseListingSearch, productListParams, resolveCategoryId, withFilter, withPage, withSort } from './listing-search';

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

describe('the /products query string', () => {
  it('keeps valid values and drops malformed ones', () => {
    expect(parseListingSearch({ category: 'Groceries', page: '2', maxPrice: 500, sortBy: 'sales' })).toEqual({
      category: 'Groceries',
      page: 2,
      maxPrice: 500,
      sortBy: 'sales',
    });
    expect(parseListingSearch({ page: 0, maxPrice: 20000, sortBy: 'cheapest', discount: 'lots', category: '  ' })).toEqual({});
  });

  it('keeps every sort order the listing offers, and drops an unknown one: the list falls back to newest', () => {
    for (const sortBy of ['newest', 'priceAsc', 'priceDesc', 'rating', 'sales']) expect(parseListingSearch({ sortBy })).toEqual({ sortBy });
    for (const sortBy of ['price', 'PRICEASC', '<script>', 3]) expect(parseListingSearch({ sortBy })).toEqual({});
    expect(productListParams(parseListingSearch({ sortBy: 'price' }))).toEqual({ page: 1, limit: 10 });
  });

  it('reads a minimum price above the maximum as the range between the two', () => {
    expect(parseListingSearch({ minPrice: '5000', maxPrice: '1000' })).toEqual({ minPrice: 1000, maxPrice: 5000 });
    expect(parseListingSearch({ minPrice: '500', maxPrice: '1000' })).toEqual({ minPrice: 500, maxPrice: 1000 });
  });

  it('reads a numeric id as text', () => {
    expect(parseListingSearch({ category: 123 })).toEqual({ category: '123' });
  });
});

describe('GET /products parameters', () => {
  it('asks for 10 per page and leaves out unset values and the price bounds', () => {
    expect(productListParams({ category: 'c1', minPrice: 0, maxPrice: 10000 })).toEqual({ page: 1, limit: 10, category: 'c1' });
    expect(productListParams(full)).toEqual({
      page: 3,
      limit: 10,
      search: 'rice',
      category: 'c1',
      subCategory: 's1',
      subSubCategory: 'ss1',
      discount: 20,
      sortBy: 'rating',
      minPrice: 100,
      maxPrice: 900,
    });
  });
});

describe('category param', () => {
  const categories = [
    { _id: 'a1', categoryName: 'Groceries' },
    { _id: 'b2', categoryName: 'Fashion' },
  ];
  it('resolves an id or a name in any case to the id', () => {
    expect(resolveCategoryId('b2', categories)).toBe('b2');
    expect(resolveCategoryId('groceries', categories)).toBe('a1');
    expect(resolveCategoryId('Nope', categories)).toBeUndefined();
    expect(resolveCategoryId(undefined, categories)).toBeUndefined();
  });
});
