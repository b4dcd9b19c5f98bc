import { describe, expect, it } from 'vitest';
import { addToCart, lineKey, readCart, saveCart, type CartItem } from '@/lib/cart';
import { removeItem, repriceLines } from './cart-edits';

function item(overrides: Partial<CartItem> = {}): CartItem {
  return {
    productId: 'p1',
    productName: 'Jamdani saree',
    productCategory: 'Clothing',
    price: 1250,
    quantity: 1,
    subTotal: 1250,
    maxStock: 5,
    image: '/media/a.jpg',
    color: 'red',
    size: 'M',
    OwnerId: 'o1',
    OwnerName: 'Rahim Traders',
    ...overrides,
  };
}

describe('removeItem', () => {
  it('removes only the keyed line', () => {
    saveCart([item(), item({ color: 'blue' })]);
    removeItem(lineKey(item()));
    expect(readCart()).toEqual([item({ color: 'blue' })]);
  });

  it('removes one variant of a product and keeps the others', () => {
    addToCart(item({ variantId: 'v1', size: '500 g', color: undefined, price: 105, subTotal: 105 }));
    addToCart(item({ variantId: 'v2', size: '5 kg', color: undefined, price: 937.5, subTotal: 937.5 }));
    removeItem(lineKey({ productId: 'p1', variantId: 'v2', size: '5 kg' }));
    expect(readCart().map((line) => line.variantId)).toEqual(['v1']);
  });
});

describe('repriceLines', () => {
  it("takes the product's current price and stock into each of its lines, keeping quantities within the stock", () => {
    saveCart([item({ price: 1200, quantity: 3, subTotal: 3600, maxStock: 5 }), item({ productId: 'p2', price: 50, subTotal: 50 })]);
    repriceLines({ _id: 'p1', productPrice: 1080, remainingProducts: 2 });
    expect(readCart()).toEqual([
      expect.objectContaining({ productId: 'p1', price: 1080, maxStock: 2, quantity: 2, subTotal: 2160 }),
      expect.objectContaining({ productId: 'p2', price: 50, subTotal: 50 }),
    ]);
  });
});
