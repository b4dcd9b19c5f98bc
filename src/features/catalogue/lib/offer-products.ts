import { OFFER_PRODUCTS_STEP } from '@contract/catalogue-constants';

/** 'Offer Products' shows 5 at first; 'See More' adds 5. */
export const OFFER_INITIAL = OFFER_PRODUCTS_STEP;

export type OfferView = {
  /** How many cards are on screen. */
  shown: number;
  /** 'See More' is offered while some are still hidden. */
  canSeeMore: boolean;
  /** 'Show Less' is offered once more than 5 are on screen. */
  canShowLess: boolean;
  /** How many there are in all ('Showing {shown} of {total} products'). */
  total: number;
};

export function offerView(visible: number, total: number): OfferView {
  const shown = Math.min(visible, total);
  return {
    shown,
    canSeeMore: visible < total,
    canShowLess: shown > OFFER_INITIAL,
    total,
  };
}

export const seeMore = (visible: number) => visible + OFFER_PRODUCTS_STEP;
export const showLess = () => OFFER_INITIAL;
