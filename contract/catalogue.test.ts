import { describe, expect, it } from 'vitest';
import { discountedPrice, mediaUrlSchema, productCreateSchema, productListQuerySchema, productUpdateSchema } from './catalogue';

const MEDIA = '/media/0123456789abcdef0123456789abcdef.jpg';

describe('discountedPrice', () => {
  it('is original × (1 − discount/100), rounded to the poisha', () => {
    expect(discountedPrice(1000, 0)).toBe(1000);
    expect(discountedPrice(1500, 10)).toBe(1350);
    expect(discountedPrice(999.99, 15)).toBe(849.99);
    expect(discountedPrice(0.1 + 0.2, 0)).toBe(0.3);
    expect(discountedPrice(250, 100)).toBe(0);
  });
});

describe('productListQuerySchema', () => {
  it('fills the defaults and treats empty values as absent; no sort asked for stays absent (the server chooses)', () => {
    expect(productListQuerySchema.parse({})).toEqual({ page: 1, limit: 10 });
    expect(productListQuerySchema.parse({ page: '', search: '  ', minPrice: '', sortBy: '' })).toEqual({ page: 1, limit: 10 });
  });

  it('coerces numbers from the query string', () => {
    expect(productListQuerySchema.parse({ page: '3', limit: '0', minPrice: '500', maxPrice: '5000', discount: '20' })).toMatchObject({
      page: 3,
      limit: 0,
      minPrice: 500,
      maxPrice: 5000,
      discount: 20,
    });
  });
});

describe('product forms', () => {
  const base = { name: 'Saree', originalPrice: '1200', category: 'Fashion' };

  it('read list fields as JSON arrays, comma lists (details: lines) or repeated fields', () => {
    const parsed = productCreateSchema.parse({
      ...base,
      colors: 'red, blue,,',
      sizes: ['S', 'M'],
      searchTags: '["eid","saree"]',
      productDetails: 'Cotton, hand woven\nDry clean only',
    });
    expect(parsed).toMatchObject({
      colors: ['red', 'blue'],
      sizes: ['S', 'M'],
      searchTags: ['eid', 'saree'],
      productDetails: ['Cotton, hand woven', 'Dry clean only'],
      discount: 0,
      remainingProducts: 0,
      productImages: [],
    });
  });

  it('store a price exactly as given in taka and poisha, or refuse it: never rounded to another amount', () => {
    expect(productCreateSchema.parse({ ...base, originalPrice: '1234.56' }).originalPrice).toBe(1234.56);
    expect(productCreateSchema.parse({ ...base, originalPrice: 1.1 + 2.2 }).originalPrice).toBe(3.3);
    for (const originalPrice of ['0.004', '12.345', 0.001]) {
      const result = productCreateSchema.safeParse({ ...base, originalPrice });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Price can have at most two decimals (whole poisha)');
    }
    expect(productUpdateSchema.safeParse({ productOriginalPrice: '0.004' }).success).toBe(false);
  });

  it('keep product images given as media URLs, without a resize query', () => {
    expect(productCreateSchema.parse({ ...base, productImages: JSON.stringify([`${MEDIA}?w=250`]) }).productImages).toEqual([MEDIA]);
    expect(mediaUrlSchema.safeParse('https://example.com/a.jpg').success).toBe(false);
  });

  it('clear optional links in an update with an empty value, and leave absent fields absent', () => {
    expect(productUpdateSchema.parse({ productSubCategory: '', video: '' })).toEqual({ productSubCategory: null, video: null });
    expect(productUpdateSchema.parse({})).toEqual({});
  });

  it('refuse a variant sold below ৳1 after its discount, or whose size or colour runs over more than one line, naming its row', () => {
    const variant = { sku: 'RICE-5KG', size: '5 kg', originalPrice: '500', discount: '10', remainingProducts: '4' };
    expect(productCreateSchema.parse({ ...base, variants: JSON.stringify([variant]) }).variants).toMatchObject([
      { sku: 'RICE-5KG', size: '5 kg', originalPrice: 500 },
    ]);
    const cheap = productCreateSchema.safeParse({
      ...base,
      variants: [variant, { ...variant, sku: 'RICE-1KG', size: '1 kg', originalPrice: '1.5', discount: '50' }],
    });
    expect(cheap.error?.issues.map((issue) => issue.message)).toEqual(['Variant 2: The price after the discount must be at least ৳1']);
    const twoLines = productCreateSchema.safeParse({ ...base, variants: [{ ...variant, size: '5 kg\nfree gift' }] });
    expect(twoLines.error?.issues[0]?.message).toMatch(/^Variant 1: /);
  });

  it('read a product’s own SKU by the variants’ rule: trimmed, optional, cleared by an empty text in an update', () => {
    expect(productCreateSchema.parse({ ...base, sku: ' TEA-500G ' }).sku).toBe('TEA-500G');
    expect(productCreateSchema.parse({ ...base, sku: '  ' }).sku).toBeUndefined();
    expect(productUpdateSchema.parse({ sku: '' })).toEqual({ sku: null });
    // Bangla letters with their vowel signs, for a product and for a variant.
    expect(productCreateSchema.parse({ ...base, sku: 'চা-৫০০' }).sku).toBe('চা-৫০০');
    expect(productCreateSchema.parse({ ...base, variants: [{ sku: 'চাল-১', size: '১ কেজি', originalPrice: 100 }] }).variants[0]?.sku).toBe('চাল-১');
    for (const [sku, message] of [
      ['TEA 500', 'SKU may hold letters, digits and . _ - / only'],
      ['\u0981A', 'SKU may hold letters, digits and . _ - / only'],
      ['A'.repeat(61), 'SKU must be at most 60 characters'],
    ]) {
      expect(productCreateSchema.safeParse({ ...base, sku }).error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['sku', message]]);
    }
  });
});
