import { describe, expect, it } from 'vitest';
import { nameIn, productIn } from './bangla-names';
import { colourIn } from './colour-names-bn';

const mango = {
  productName: 'Himsagar Mango',
  productNameBn: 'হিমসাগর আম',
  productDescription: 'Sweet.',
  productDescriptionBn: null,
  productDetails: ['Picked ripe'],
  productDetailsBn: ['পাকা অবস্থায় পাড়া'],
  quantity: '1 kg',
  quantityBn: '১ কেজি',
  productColors: ['green'],
  productCategory: { _id: 'c1', categoryName: 'Fruits', categoryNameBn: 'ফল' },
};

describe('Bangla names', () => {
  it('shows the Bangla name on a Bangla page and the English one otherwise, or where there is no Bangla', () => {
    expect(nameIn('bn', 'Fruits', 'ফল')).toBe('ফল');
    expect(nameIn('en', 'Fruits', 'ফল')).toBe('Fruits');
    expect(nameIn('bn', 'Fruits', null)).toBe('Fruits');
    expect(nameIn('bn', 'Fruits', '')).toBe('Fruits');
    expect(nameIn('bn', 'Fruits', undefined)).toBe('Fruits');
  });

  it('gives a product its Bangla words one by one, each falling back to the English, and leaves its options as they are', () => {
    expect(productIn('bn', mango)).toEqual({
      ...mango,
      productName: 'হিমসাগর আম',
      productDescription: 'Sweet.',
      productDetails: ['পাকা অবস্থায় পাড়া'],
      quantity: '১ কেজি',
      productCategory: { _id: 'c1', categoryName: 'ফল', categoryNameBn: 'ফল' },
    });
    expect(productIn('en', mango)).toBe(mango);
    expect(productIn('bn', { ...mango, productDetailsBn: [] }).productDetails).toEqual(['Picked ripe']);
    // An answer cached before Bangla names existed has none.
    expect(productIn('bn', { productName: 'Old answer' })).toEqual({ productName: 'Old answer' });
  });

  it('names the common colours in Bangla whatever their case, and any other as the owner wrote it', () => {
    expect(colourIn('bn', ' Green ')).toBe('সবুজ');
    expect(colourIn('bn', 'Mango yellow')).toBe('Mango yellow');
    expect(colourIn('en', 'green')).toBe('green');
  });
});
