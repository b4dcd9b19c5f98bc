import { describe, expect, it } from 'vitest';
import { IMAGE_TOO_LARGE, IMAGE_WRONG_TYPE, MAX_IMAGE_BYTES } from '@contract/image-limits';
import {
  EMPTY_PRODUCT_FORM,
  finalImageOrder,
  formFieldOf,
  imagesProblem,
  moveItem,
  createFields,
  productFormResolver,
  productFormValues,
  updateFields,
  type ImageItem,
  type ProductFormValues,
} from './product-form';
import type { ProductCreateInput } from '@contract/catalogue';
import { emptyVariantRow, variantRowName, type VariantRow } from './variant-rows';
import { makeProduct } from '@/test/fixtures';

const resolve = productFormResolver();
const valid: ProductFormValues = { ...EMPTY_PRODUCT_FORM, name: 'Jamdani Saree', category: 'cat-1', originalPrice: '1500', colors: 'red, blue' };

/** The form's errors by field path, as react-hook-form would show them beside the fields. */
async function errorsOf(values: ProductFormValues): Promise<Record<string, string>> {
  const result = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const found: Record<string, string> = {};
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== 'object') return;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string') found[path.join('.')] = message;
    else for (const [key, child] of Object.entries(node)) walk(child, [...path, key]);
  };
  walk(result.errors, []);
  return found;
}

describe('the product form validation (the server schema, in the browser)', () => {
  it('accepts a complete form and gives the values the server would store', async () => {
    const result = await resolve(valid, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ name: 'Jamdani Saree', originalPrice: 1500, discount: 0, remainingProducts: 0, colors: ['red', 'blue'], faqs: [] });
  });

  it('shows the messages of the server for missing and bad fields', async () => {
    expect(await errorsOf(EMPTY_PRODUCT_FORM)).toEqual({
      name: 'Product name is required',
      originalPrice: 'Price is required',
      category: 'Category is required',
    });
    expect(
      await errorsOf({
        ...valid,
        originalPrice: '99.999',
        discount: '120',
        remainingProducts: '-1',
        video: 'javascript:alert(1)',
        faqs: [{ question: '', answer: 'Yes' }],
      }),
    ).toEqual({
      originalPrice: 'Price can have at most two decimals (whole poisha)',
      discount: 'Discount must be between 0 and 99',
      remainingProducts: 'Stock cannot be negative',
      video: 'Video must be an http or https link',
      'faqs.0.question': 'Each FAQ needs a question',
    });
    expect(await errorsOf({ ...valid, originalPrice: 'abc' })).toEqual({ originalPrice: 'Price must be a number' });
  });

  it('checks the images with the upload rules of the server', () => {
    const file = (name: string, type: string, size: number): ImageItem => ({
      key: name,
      name,
      src: `blob:${name}`,
      file: new File([new Uint8Array(size)], name, { type }),
    });
    expect(imagesProblem([])).toBe('At least one product image is required');
    expect(imagesProblem([file('a.png', 'image/png', 10)])).toBeUndefined();
    expect(imagesProblem([file('a.pdf', 'application/pdf', 10)])).toBe(`a.pdf: ${IMAGE_WRONG_TYPE}`);
    expect(imagesProblem([file('big.jpg', 'image/jpeg', MAX_IMAGE_BYTES + 1)])).toBe(`big.jpg: ${IMAGE_TOO_LARGE}`);
    const many = Array.from({ length: 11 }, (_, i): ImageItem => ({ key: `${i}`, name: `${i}`, src: `/media/${i}`, url: `/media/${i}` }));
    expect(imagesProblem(many)).toBe('A product can have at most 10 images');
    // In the words the screen gives: the Bangla back office gives the server's texts in Bangla.
    const bangla = { imagesRequired: 'ছবি দিন', imagesTooMany: (max: string) => `সর্বোচ্চ ${max}টি`, imageWrongType: 'ভুল ধরন', imageTooLarge: 'অনেক বড়' };
    expect(imagesProblem([file('a.pdf', 'application/pdf', 10)], bangla)).toBe('a.pdf: ভুল ধরন');
    expect(imagesProblem([file('big.jpg', 'image/jpeg', MAX_IMAGE_BYTES + 1)], bangla)).toBe('big.jpg: অনেক বড়');
  });
});

describe('sending the form', () => {
  it('names the update fields as PUT /products/{id} reads them, clearing what the form left empty', async () => {
    const result = await resolve(valid, undefined, { fields: {}, shouldUseNativeValidation: false });
    const fields = Object.fromEntries(updateFields(result.values as never).map((part) => [part.name, 'value' in part ? part.value : null]));
    expect(fields).toMatchObject({
      productName: 'Jamdani Saree',
      productOriginalPrice: '1500',
      productCategory: 'cat-1',
      productSubCategory: '',
      productColors: '["red","blue"]',
      video: '',
      faqs: '[]',
    });
  });

  it('sends the Bangla texts, the unit, the details and the search words beside the English ones, and clears an emptied Bangla text', async () => {
    const typed: ProductFormValues = {
      ...valid,
      productNameBn: 'জামদানি শাড়ি',
      productDescriptionBn: 'ঢাকাই জামদানি।',
      quantity: '1 pc',
      quantityBn: '১ পিস',
      productDetails: 'Handwoven\nCotton',
      productDetailsBn: 'হাতে বোনা\nসুতি',
      searchTags: 'jamdani, sari',
    };
    const result = await resolve(typed, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({});
    const created = Object.fromEntries(createFields(result.values as never).map((part) => [part.name, 'value' in part ? part.value : null]));
    expect(created).toMatchObject({
      productNameBn: 'জামদানি শাড়ি',
      productDescriptionBn: 'ঢাকাই জামদানি।',
      quantity: '1 pc',
      quantityBn: '১ পিস',
      productDetails: '["Handwoven","Cotton"]',
      productDetailsBn: '["হাতে বোনা","সুতি"]',
      searchTags: '["jamdani","sari"]',
    });
    const cleared = await resolve({ ...typed, productNameBn: '', quantityBn: '' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    const updated = Object.fromEntries(updateFields(cleared.values as never).map((part) => [part.name, 'value' in part ? part.value : null]));
    expect(updated).toMatchObject({ productNameBn: '', quantityBn: '', productDescriptionBn: 'ঢাকাই জামদানি।', productDetailsBn: '["হাতে বোনা","সুতি"]' });
    expect(await errorsOf({ ...valid, productNameBn: 'আ'.repeat(201) })).toEqual({ productNameBn: 'Bangla product name must be at most 200 characters' });
  });

  it('sends the product’s own SKU without variants, clears it when emptied, and none with variants', async () => {
    const given = await resolve({ ...valid, sku: ' SAREE-1 ' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(given.errors).toEqual({});
    expect(createFields(given.values as never)).toContainEqual({ name: 'sku', value: 'SAREE-1' });
    expect(updateFields(given.values as never)).toContainEqual({ name: 'sku', value: 'SAREE-1' });
    const emptied = await resolve({ ...valid, sku: '' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(createFields(emptied.values as never).some((part) => part.name === 'sku')).toBe(false);
    expect(updateFields(emptied.values as never)).toContainEqual({ name: 'sku', value: '' });
    const sized: ProductFormValues = {
      ...valid,
      sku: 'SAREE-1',
      hasVariants: true,
      variantOptions: { size: true, color: false },
      variants: [{ ...emptyVariantRow(), sku: 'SAREE-M', size: 'M', originalPrice: '1500' }],
    };
    const withVariants = await resolve(sized, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(withVariants.errors).toEqual({});
    expect(updateFields(withVariants.values as never)).toContainEqual({ name: 'sku', value: '' });
    expect(await errorsOf({ ...valid, sku: 'A'.repeat(61) })).toEqual({ sku: 'SKU must be at most 60 characters' });
    expect(productFormValues(makeProduct({ sku: 'SAREE-1' })).sku).toBe('SAREE-1');
    expect(productFormValues(makeProduct({})).sku).toBe('');
  });

  it('fills the form from a product, its Bangla texts, unit, details and search words included', () => {
    const values = productFormValues({
      productName: 'Jamdani Saree',
      productNameBn: 'জামদানি শাড়ি',
      productDescription: 'Dhakai.',
      productDescriptionBn: null,
      quantity: '1 pc',
      quantityBn: '১ পিস',
      productDetails: ['Handwoven', 'Cotton'],
      productDetailsBn: [],
      searchTags: ['jamdani', 'sari'],
      productCategory: { _id: 'cat-1', categoryName: 'Sarees', categoryNameBn: null },
      productSubCategory: null,
      productSubSubCategory: null,
      productOriginalPrice: 1500,
      productDiscount: 0,
      remainingProducts: 3,
      productColors: [],
      productSizes: [],
      video: null,
      faqs: [],
      variants: [],
      status: 'published',
    } as never);
    expect(values).toMatchObject({
      productNameBn: 'জামদানি শাড়ি',
      productDescriptionBn: '',
      quantity: '1 pc',
      quantityBn: '১ পিস',
      productDetails: 'Handwoven\nCotton',
      productDetailsBn: '',
      searchTags: 'jamdani, sari',
    });
  });

  it('places a server error on the form field either endpoint names', () => {
    expect(formFieldOf('productNameBn')).toBe('productNameBn');
    expect(formFieldOf('productOriginalPrice')).toBe('originalPrice');
    expect(formFieldOf('originalPrice')).toBe('originalPrice');
    expect(formFieldOf('faqs.0.answer')).toBe('faqs');
    expect(formFieldOf('deliveryAddress')).toBeUndefined();
    expect(formFieldOf('variants.2.sku')).toBe('variants.2.sku');
    expect(formFieldOf('variants.0.originalPrice')).toBe('variants.0.originalPrice');
    expect(formFieldOf('variants.1')).toBe('variants.1');
    expect(formFieldOf('variants.1._id')).toBe('variants.1');
    expect(formFieldOf('variants')).toBe('variants');
    expect(formFieldOf('status')).toBe('status');
    expect(formFieldOf('sku')).toBe('sku');
  });

  it('moves an item within the list, clamped to its ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('puts the uploaded URLs where the new images stood', () => {
    const images: ImageItem[] = [
      { key: 'n1', name: 'n1', src: 'blob:1', file: new File([], 'n1') },
      { key: 'k', name: 'k', src: '/media/k.jpg', url: '/media/k.jpg' },
      { key: 'n2', name: 'n2', src: 'blob:2', file: new File([], 'n2') },
    ];
    expect(finalImageOrder(images, ['/media/1.jpg', '/media/2.jpg'])).toEqual(['/media/1.jpg', '/media/k.jpg', '/media/2.jpg']);
  });
});

describe('the variants table', () => {
  const row = (fields: Partial<VariantRow>): VariantRow => ({ ...emptyVariantRow(), ...fields });
  const rice: ProductFormValues = {
    ...valid,
    colors: '',
    originalPrice: '',
    hasVariants: true,
    variantOptions: { size: true, color: false },
    variants: [
      row({ sku: 'RICE-1KG', size: '1 kg', originalPrice: '200', discount: '5', remainingProducts: '12' }),
      row({ _id: 'v500', sku: 'RICE-500G', size: '500 g', originalPrice: '105', remainingProducts: '3', color: 'left over' }),
    ],
  };

  it('sends the rows as variants with the options chosen, and keeps the ids of saved rows', async () => {
    const result = await resolve(rice, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({});
    const created = Object.fromEntries(createFields(result.values as never).map((part) => [part.name, 'value' in part ? part.value : null]));
    expect(JSON.parse(created.variants!)).toEqual([
      { sku: 'RICE-1KG', size: '1 kg', originalPrice: 200, discount: 5, remainingProducts: 12 },
      { _id: 'v500', sku: 'RICE-500G', size: '500 g', originalPrice: 105, discount: 0, remainingProducts: 3 },
    ]);
    expect(created.status).toBe('published');
    const updated = Object.fromEntries(
      updateFields({ ...(result.values as ProductCreateInput), status: 'draft' }).map((part) => [part.name, 'value' in part ? part.value : null]),
    );
    expect(JSON.parse(updated.variants!)).toHaveLength(2);
    expect(updated.status).toBe('draft');
  });

  it('sends no variants when the product has none, whatever rows were typed', async () => {
    const result = await resolve({ ...rice, hasVariants: false, originalPrice: '150' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toEqual({});
    const updated = Object.fromEntries(updateFields(result.values as never).map((part) => [part.name, 'value' in part ? part.value : null]));
    expect(updated).toMatchObject({ variants: '[]', productOriginalPrice: '150' });
  });

  it('puts each row’s problem beside its field, and leaves the hidden single price alone', async () => {
    expect(
      await errorsOf({
        ...rice,
        variants: [
          row({ sku: 'A', size: '', originalPrice: '0' }),
          row({ sku: 'a', size: '2 kg', originalPrice: '10', discount: '100' }),
          row({ sku: '<b>', size: '3 kg', originalPrice: '10' }),
        ],
      }),
    ).toEqual({
      'variants.0.size': 'Size is required',
      'variants.0.originalPrice': 'Variant 1: Price must be more than 0',
      'variants.1.discount': 'Variant 2: Discount must be between 0 and 99',
      'variants.2.sku': 'Variant 3: SKU may hold letters, digits and . _ - / only',
    });
    expect(await errorsOf({ ...rice, variants: [row({ sku: 'C', size: '3 kg', originalPrice: '1', discount: '50' })] })).toEqual({
      'variants.0.discount': 'Variant 1: The price after the discount must be at least ৳1',
    });
    // Across rows, once each row is good on its own.
    const twice = [row({ sku: 'A', size: '1 kg', originalPrice: '10' }), row({ sku: 'a', size: '1 KG', originalPrice: '10' })];
    expect(await errorsOf({ ...rice, variants: twice })).toEqual({
      'variants.1.sku': 'Variant 2: the SKU a is given twice',
      'variants.1.size': 'Variant 2: another variant has the same size and colour',
    });
  });

  it('asks for at least one row and at least one option, in the words given', async () => {
    const bangla = { sizeRequired: 'সাইজ দিন', colourRequired: 'রং দিন', chooseOption: 'অপশন বাছুন', variantsRequired: 'ভ্যারিয়েন্ট দিন' };
    const result = await productFormResolver(bangla)({ ...rice, variants: [] }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors).toMatchObject({ variants: { message: 'ভ্যারিয়েন্ট দিন' } });
    expect(await errorsOf({ ...rice, variantOptions: { size: false, color: false } })).toMatchObject({ variantOptions: 'Choose a size, a colour or both' });
    expect(await errorsOf({ ...rice, variantOptions: { size: true, color: true } })).toEqual({ 'variants.0.color': 'Colour is required' });
  });

  it('fills the table from a product’s variants, and names a row by its options', () => {
    const values = productFormValues(
      makeProduct({
        status: 'draft',
        variants: [
          { _id: 'v1', sku: 'TS-M-RED', size: 'M', color: 'Red', originalPrice: 500, discount: 10, price: 450, remainingProducts: 4 },
          { _id: 'v2', sku: 'TS-L-RED', size: 'L', color: 'Red', originalPrice: 500, discount: 0, price: 500, remainingProducts: 0 },
        ],
      }),
    );
    expect(values).toMatchObject({ status: 'draft', hasVariants: true, variantOptions: { size: true, color: true } });
    expect(values.variants[0]).toEqual({ _id: 'v1', sku: 'TS-M-RED', size: 'M', color: 'Red', originalPrice: '500', discount: '10', remainingProducts: '4' });
    expect(variantRowName(values.variants[0]!, values.variantOptions, 'Variant 1')).toBe('M, Red');
    expect(variantRowName(values.variants[0]!, { size: false, color: true }, 'Variant 1')).toBe('Red');
    expect(variantRowName(emptyVariantRow(), values.variantOptions, 'Variant 3')).toBe('Variant 3');
    expect(productFormValues(makeProduct())).toMatchObject({ hasVariants: false, status: 'published', variants: [emptyVariantRow()] });
  });
});
