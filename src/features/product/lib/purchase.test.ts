import { describe, expect, it } from 'vitest';
import { makeProduct } from '@/test/fixtures';
import { buildCartItem, buyNowState, clampQuantity, sizesInOrder } from './purchase';

describe('clampQuantity', () => {
  it('keeps the quantity between 1 and the stock', () => {
    expect(clampQuantity(0, 10)).toBe(1);
    expect(clampQuantity(-3, 10)).toBe(1);
    expect(clampQuantity(4, 10)).toBe(4);
    expect(clampQuantity(11, 10)).toBe(10);
    expect(clampQuantity(10, 10)).toBe(10);
  });

  it('drops fractions and treats nonsense as 1', () => {
    expect(clampQuantity(3.7, 10)).toBe(3);
    expect(clampQuantity(Number.NaN, 10)).toBe(1);
    expect(clampQuantity(Number.POSITIVE_INFINITY, 10)).toBe(1);
  });

  it('stays at 1 when the stock is 0 (buying is disabled then)', () => {
    expect(clampQuantity(5, 0)).toBe(1);
  });
});

describe('buildCartItem', () => {
  it('carries the product, the choice and the seller as the cart stores them', () => {
    const item = buildCartItem(makeProduct(), { quantity: 3, color: 'black', size: 'M' }, 'u1');
    expect(item).toEqual({
      productId: 'p1',
      productName: 'Leather Cricket Ball',
      productCategory: 'Sports',
      price: 1200,
      quantity: 3,
      subTotal: 3600,
      maxStock: 12,
      image: '/media/0123456789abcdef0123456789abcdef.jpg',
      color: 'black',
      size: 'M',
      OwnerId: 's1',
      OwnerName: 'Chattogram Traders',
    });
  });

  it('leaves colour and size out when the product has none', () => {
    const item = buildCartItem(makeProduct({ productColors: [], productSizes: [] }), { quantity: 1 }, 'u1');
    expect(item).not.toHaveProperty('color');
    expect(item).not.toHaveProperty('size');
  });

  it("fills OwnerId with the shopper's id and names an unknown seller when the product has no owner", () => {
    const item = buildCartItem(makeProduct({ OwnerId: null }), { quantity: 1 }, 'u1');
    expect(item.OwnerId).toBe('u1');
    expect(item.OwnerName).toBe('Unknown Seller');
  });

  it("says 'Unknown Category' without a category name, and has no image when there is none", () => {
    const item = buildCartItem(
      makeProduct({ productCategory: { _id: 'c1', categoryName: '', categoryNameBn: null }, productImages: [] }),
      { quantity: 1 },
      'u1',
    );
    expect(item.productCategory).toBe('Unknown Category');
    expect(item.image).toBe('');
  });

  it('never asks for more than the stock', () => {
    expect(buildCartItem(makeProduct({ remainingProducts: 2 }), { quantity: 5 }, 'u1').quantity).toBe(2);
  });
});

describe('buyNowState', () => {
  it("hands checkout the one line and from 'buy now'", () => {
    const item = buildCartItem(makeProduct({ productPrice: 199.5 }), { quantity: 3, color: 'red', size: 'S' }, 'u1');
    expect(buyNowState(item)).toEqual({ cartItems: [item], from: 'buy now' });
  });
});

describe('sizesInOrder', () => {
  it('orders number sizes from small to large', () => {
    expect(sizesInOrder(['41', '38', '42', '39'])).toEqual(['38', '39', '41', '42']);
    expect(sizesInOrder(['10.5', '9', '10'])).toEqual(['9', '10', '10.5']);
  });

  it('orders clothing sizes from small to large, in any case', () => {
    expect(sizesInOrder(['XL', 's', 'M', 'XXL', 'L'])).toEqual(['s', 'M', 'L', 'XL', 'XXL']);
  });

  it("keeps any other list in the seller's order", () => {
    expect(sizesInOrder(['Free size', 'M'])).toEqual(['Free size', 'M']);
    expect(sizesInOrder(['250 ml', '1 l', '500 ml'])).toEqual(['250 ml', '1 l', '500 ml']);
    expect(sizesInOrder([])).toEqual([]);
  });
});
