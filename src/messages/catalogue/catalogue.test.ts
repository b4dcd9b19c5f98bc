import { describe, expect, it } from 'vitest';
import { formatCount } from '@contract/money';
import bn from './bn';
import en from './en';

describe('the listing header texts', () => {
  it('says how many of how many are shown, then the search term and the discount', () => {
    expect(en.resultsSummary('10', '45')).toBe('Showing 10 of 45 products');
    expect(en.resultsSummary('3', '3', 'rice')).toBe('Showing 3 of 3 products for "rice"');
    expect(en.resultsSummary('3', '3', 'rice', '20')).toBe('Showing 3 of 3 products for "rice" with 20% or more off');
  });

  it('shows the page and the page size, and the page of pages', () => {
    expect(en.pageSummary('2', '10')).toBe('Page 2 | Limit: 10');
    expect(en.pageOfPages('2', '5')).toBe('Page 2 of 5');
  });

  it('says the same in Bangla with Bangla digits', () => {
    const count = (n: number) => formatCount(n, 'bn');
    expect(bn.resultsSummary(count(5), count(69))).toBe('৬৯টি পণ্যের মধ্যে ৫টি দেখানো হচ্ছে');
    expect(bn.resultsSummary(count(3), count(3), 'চাল', count(20))).toBe('"চাল" খুঁজে ২০% বা বেশি ছাড়ের ৩টি পণ্যের মধ্যে ৩টি দেখানো হচ্ছে');
    expect(bn.pageOfPages(count(2), count(5))).toBe('পাতা ২ / ৫');
  });
});
