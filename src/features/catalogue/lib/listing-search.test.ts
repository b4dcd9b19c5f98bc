import { describe, expect, it } from 'vitest';
import { parseListingSearch, productListParams, resolveCategoryId } from './listing-search';

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
