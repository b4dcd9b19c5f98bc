import { describe, expect, it } from 'vitest';
import type { ProductVariant } from '@contract/catalogue';
import { makeProduct as product } from '@/test/fixtures';
import { buildCartItem } from './purchase';
import { chosenVariant, colourOptions, initialChoice, sizeOptions, withColour } from './variant-choice';

const variant = (sku: string, fields: Partial<ProductVariant>): ProductVariant => ({
  _id: `v-${sku}`,
  sku,
  originalPrice: 100,
  discount: 0,
  price: 100,
  remainingProducts: 5,
  ...fields,
});

const rice = product({
  productName: 'Najirshail Rice',
  productPrice: 105,
  productSizes: ['5 kg', '2 kg', '1 kg', '500 g'],
  productColors: [],
  remainingProducts: 45,
  variants: [
    variant('R5', { size: '5 kg', originalPrice: 937.5, price: 937.5, remainingProducts: 0 }),
    variant('R2', { size: '2 kg', originalPrice: 390, price: 390, remainingProducts: 15 }),
    variant('R1', { size: '1 kg', originalPrice: 200, discount: 5, price: 190, remainingProducts: 0 }),
    variant('R05', { size: '500 g', originalPrice: 105, price: 105, remainingProducts: 30 }),
  ],
});

const shirt = product({
  productColors: ['Red', 'Blue'],
  productSizes: ['M', 'S', 'L'],
  variants: [
    variant('RS', { size: 'S', color: 'Red', remainingProducts: 2 }),
    variant('RM', { size: 'M', color: 'Red', remainingProducts: 0 }),
    variant('BM', { size: 'M', color: 'Blue', remainingProducts: 4 }),
    variant('BL', { size: 'L', color: 'Blue', remainingProducts: 1 }),
  ],
});

describe('choosing a variant on the product page', () => {
  it('starts with the first variant in stock', () => {
    expect(initialChoice(rice)).toEqual({ size: '2 kg', color: undefined });
    expect(chosenVariant(rice, initialChoice(rice))?.sku).toBe('R2');
  });

  it('picks the variant of the size chosen, with its own price and stock', () => {
    const chosen = chosenVariant(rice, { size: '500 g' });
    expect(chosen).toMatchObject({ sku: 'R05', price: 105, remainingProducts: 30 });
  });

  it('disables sold-out sizes, and sizes the colour chosen does not come in, saying why', () => {
    // Weights stay in the owner's order.
    expect(sizeOptions(rice, { size: '2 kg' })).toEqual([
      { value: '5 kg', unavailable: 'soldOut' },
      { value: '2 kg' },
      { value: '1 kg', unavailable: 'soldOut' },
      { value: '500 g' },
    ]);
    expect(sizeOptions(shirt, { color: 'Red', size: 'S' })).toEqual([
      { value: 'S' },
      { value: 'M', unavailable: 'soldOut' },
      { value: 'L', unavailable: 'notInColour' },
    ]);
  });

  it('keeps every colour with stock choosable, and moves to a size that colour has', () => {
    expect(colourOptions(shirt)).toEqual([{ value: 'Red' }, { value: 'Blue' }]);
    expect(withColour(shirt, { color: 'Red', size: 'S' }, 'Blue')).toEqual({ color: 'Blue', size: 'M' });
    expect(withColour(shirt, { color: 'Blue', size: 'M' }, 'Red')).toEqual({ color: 'Red', size: 'S' });
  });

  it('leaves a product without variants as it was: its own sizes and colours, nothing disabled', () => {
    const plain = product({ variants: [], productSizes: ['M', 'S'], productColors: ['red'] });
    expect(initialChoice(plain)).toEqual({ color: 'red', size: 'S' });
    expect(chosenVariant(plain, { size: 'S' })).toBeUndefined();
    expect(sizeOptions(plain, {})).toEqual([{ value: 'S' }, { value: 'M' }]);
  });

  it('puts the variant, its price and its stock in the cart line', () => {
    const line = buildCartItem(rice, { quantity: 50, variant: chosenVariant(rice, { size: '500 g' }) }, 'u1');
    expect(line).toMatchObject({ productId: rice._id, variantId: 'v-R05', size: '500 g', price: 105, quantity: 30, maxStock: 30, subTotal: 3150 });
    expect(line).not.toHaveProperty('color');
  });
});
