import { describe, expect, it } from 'vitest';
import { addToCart, lineKey, readCart, saveCart } from '@/lib/cart';
import { cartLine } from '@/test/fixtures';
import { removeItem, repriceLines } from './cart-edits';

describe('removeItem', () => {
  it('removes only the keyed line', () => {
    saveCart([cartLine(), cartLine({ color: 'blue' })]);
    removeItem(lineKey(cartLine()));
    expect(readCart()).toEqual([cartLine({ color: 'blue' })]);
  });

  it('removes one variant of a product and keeps the others', () => {
    addToCart(cartLine({ variantId: 'v1', size: '500 g', color: undefined, price: 105, subTotal: 105 }));
    addToCart(cartLine({ variantId: 'v2', size: '5 kg', color: undefined, price: 937.5, subTotal: 937.5 }));
    removeItem(lineKey({ productId: 'p1', variantId: 'v2', size: '5 kg' }));
    expect(readCart().map((line) => line.variantId)).toEqual(['v1']);
  });
});

describe('repriceLines', () => {
  it("takes the product's current price and stock into each of its lines, keeping quantities within the stock", () => {
    saveCart([cartLine({ price: 1200, quantity: 3, subTotal: 3600, maxStock: 5 }), cartLine({ productId: 'p2', price: 50, subTotal: 50 })]);
    repriceLines({ _id: 'p1', productPrice: 1080, remainingProducts: 2 });
    expect(readCart()).toEqual([
      expect.objectContaining({ productId: 'p1', price: 1080, maxStock: 2, quantity: 2, subTotal: 2160 }),
      expect.objectContaining({ productId: 'p2', price: 50, subTotal: 50 }),
    ]);
  });
});
