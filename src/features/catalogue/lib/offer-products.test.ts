import { describe, expect, it } from 'vitest';
import { OFFER_INITIAL, offerView, seeMore, showLess } from './offer-products';

describe('Offer Products', () => {
  it('shows 5 at first with See More while more exist', () => {
    expect(offerView(OFFER_INITIAL, 12)).toEqual({ shown: 5, canSeeMore: true, canShowLess: false, total: 12 });
  });

  it('See More adds 5, then stops at the total with Show Less', () => {
    expect(offerView(seeMore(5), 12)).toEqual({ shown: 10, canSeeMore: true, canShowLess: true, total: 12 });
    expect(offerView(seeMore(10), 12)).toEqual({ shown: 12, canSeeMore: false, canShowLess: true, total: 12 });
  });

  it('Show Less goes back to 5', () => {
    expect(showLess()).toBe(5);
  });

  it('offers neither button when 5 or fewer exist', () => {
    expect(offerView(5, 3)).toEqual({ shown: 3, canSeeMore: false, canShowLess: false, total: 3 });
    expect(offerView(5, 5)).toMatchObject({ canSeeMore: false, canShowLess: false });
  });
});
