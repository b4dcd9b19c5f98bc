import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldPath, Resolver } from 'react-hook-form';
import { productCreateSchema, type Product, type ProductCreateInput, type ProductStatus } from '@contract/catalogue';
import { IMAGE_TOO_LARGE, IMAGE_WRONG_TYPE, MAX_IMAGE_BYTES, MAX_PRODUCT_IMAGES } from '@contract/image-limits';
import type { FormPart } from './upload';
import { emptyVariantRow, variantOptionsOf, variantRowsOf, variantsOnWire, type VariantOptions, type VariantRow } from './variant-rows';

/**
 * The editor's fields, named as `POST /products` names them, so the server's own schema (`productCreateSchema`)
 * validates the form in the browser with the same messages. Numbers and lists are typed as text.
 */
export type ProductFormValues = {
  name: string;
  productNameBn: string;
  description: string;
  productDescriptionBn: string;
  /** The unit the price is for ('1 kg'), in English and in Bangla. */
  quantity: string;
  quantityBn: string;
  /** One per line, as the server reads them. */
  productDetails: string;
  productDetailsBn: string;
  /** Comma-separated, as the server reads them. */
  searchTags: string;
  category: string;
  subCategory: string;
  subSubCategory: string;
  originalPrice: string;
  discount: string;
  remainingProducts: string;
  /** Comma-separated, as the server reads them. */
  colors: string;
  sizes: string;
  /** The product's own SKU, without variants (each variant has its own). */
  sku: string;
  video: string;
  faqs: { question: string; answer: string }[];
  status: ProductStatus;
  /** Sold as variants: the table's rows take the place of the price, discount, stock, sizes and colours. */
  hasVariants: boolean;
  variantOptions: VariantOptions;
  variants: VariantRow[];
};

/** The editor's own refusals, which no schema of the server's makes, in the language on screen. */
export type VariantChecksText = { sizeRequired: string; colourRequired: string; chooseOption: string; variantsRequired: string };

const ENGLISH_CHECKS: VariantChecksText = {
  sizeRequired: 'Size is required',
  colourRequired: 'Colour is required',
  chooseOption: 'Choose a size, a colour or both',
  variantsRequired: 'Add at least one variant',
};

/**
 * The form as `POST /products` reads it. With variants, the rows go as `variants` (the options not chosen left out),
 * the product's own price fields carry the first row's, which the server replaces with the cheapest variant's, and the
 * product has no SKU of its own.
 */
function onWire(values: ProductFormValues): ProductFormValues | Record<string, unknown> {
  if (!values.hasVariants) return { ...values, variants: [] };
  const first = values.variants[0];
  return {
    ...values,
    variants: variantsOnWire(values.variants, values.variantOptions),
    originalPrice: first?.originalPrice ?? '',
    discount: first?.discount ?? '0',
    remainingProducts: '0',
    sku: '',
  };
}

const schemaResolver = zodResolver(productCreateSchema) as unknown as Resolver<Record<string, unknown>, unknown, ProductCreateInput>;

/**
 * Validates the form with the server's own schema (`productCreateSchema`), so the browser shows the server's messages;
 * with variants, a row's problem stands beside the row's field, and the editor adds what only it can see: an option
 * chosen but left empty in a row, no option chosen, no row at all.
 */
export function productFormResolver(text: VariantChecksText = ENGLISH_CHECKS): Resolver<ProductFormValues, unknown, ProductCreateInput> {
  return async (values, context, options) => {
    const result = await schemaResolver(onWire(values), context, options as never);
    if (!values.hasVariants) return result as Awaited<ReturnType<Resolver<ProductFormValues, unknown, ProductCreateInput>>>;
    const errors: FieldErrors<ProductFormValues> = { ...result.errors } as FieldErrors<ProductFormValues>;
    // The hidden single price, discount and stock are the first row's: their problems are the row's, shown there.
    delete errors.originalPrice;
    delete errors.discount;
    delete errors.remainingProducts;
    const rows: (Partial<Record<keyof VariantRow, FieldError>> | undefined)[] = [...((errors.variants as never as []) ?? [])];
    const { size, color } = values.variantOptions;
    const missing = values.variants.map((row): Partial<Record<keyof VariantRow, FieldError>> => ({
      ...(size && row.size.trim() === '' && { size: { type: 'required', message: text.sizeRequired } }),
      ...(color && row.color.trim() === '' && { color: { type: 'required', message: text.colourRequired } }),
    }));
    if (missing.some((fields) => Object.keys(fields).length > 0)) {
      // Rows with an option left empty name fewer options than the others: the empty fields say so, not the rows.
      missing.forEach((fields, index) => {
        const { message: _message, type: _type, ref: _ref, types: _types, ...own } = (rows[index] ?? {}) as Partial<FieldError> & Record<string, FieldError>;
        const merged = { ...own, ...fields };
        rows[index] = Object.keys(merged).length > 0 ? merged : undefined;
      });
    }
    if (rows.some(Boolean)) errors.variants = rows as never;
    if (values.variants.length === 0) errors.variants = { type: 'required', message: text.variantsRequired } as never;
    if (!size && !color) errors.variantOptions = { type: 'required', message: text.chooseOption } as never;
    if (Object.keys(errors).length === 0) return result as Awaited<ReturnType<Resolver<ProductFormValues, unknown, ProductCreateInput>>>;
    return { values: {}, errors };
  };
}

export const EMPTY_PRODUCT_FORM: ProductFormValues = {
  name: '',
  productNameBn: '',
  description: '',
  productDescriptionBn: '',
  quantity: '',
  quantityBn: '',
  productDetails: '',
  productDetailsBn: '',
  searchTags: '',
  category: '',
  subCategory: '',
  subSubCategory: '',
  originalPrice: '',
  discount: '0',
  remainingProducts: '0',
  colors: '',
  sizes: '',
  sku: '',
  video: '',
  faqs: [],
  status: 'published',
  hasVariants: false,
  variantOptions: { size: true, color: false },
  variants: [emptyVariantRow()],
};

export function productFormValues(product: Product): ProductFormValues {
  return {
    name: product.productName,
    productNameBn: product.productNameBn ?? '',
    description: product.productDescription,
    productDescriptionBn: product.productDescriptionBn ?? '',
    quantity: product.quantity,
    quantityBn: product.quantityBn ?? '',
    productDetails: product.productDetails.join('\n'),
    productDetailsBn: product.productDetailsBn.join('\n'),
    searchTags: product.searchTags.join(', '),
    category: product.productCategory._id,
    subCategory: product.productSubCategory ?? '',
    subSubCategory: product.productSubSubCategory ?? '',
    originalPrice: String(product.productOriginalPrice),
    discount: String(product.productDiscount),
    remainingProducts: String(product.remainingProducts),
    colors: product.productColors.join(', '),
    sizes: product.productSizes.join(', '),
    sku: product.sku ?? '',
    video: product.video ?? '',
    faqs: product.faqs.map(({ question, answer }) => ({ question, answer })),
    status: product.status,
    hasVariants: product.variants.length > 0,
    variantOptions: variantOptionsOf(product.variants),
    variants: product.variants.length > 0 ? variantRowsOf(product.variants) : [emptyVariantRow()],
  };
}

const json = (value: unknown) => JSON.stringify(value);

/** The text fields of `POST /products` from the validated form. */
export function createFields(input: ProductCreateInput): FormPart[] {
  const fields: [string, string | undefined][] = [
    ['name', input.name],
    ['productNameBn', input.productNameBn],
    ['description', input.description],
    ['productDescriptionBn', input.productDescriptionBn],
    ['quantity', input.quantity],
    ['quantityBn', input.quantityBn],
    ['productDetails', json(input.productDetails)],
    ['productDetailsBn', json(input.productDetailsBn)],
    ['searchTags', json(input.searchTags)],
    ['category', input.category],
    ['subCategory', input.subCategory],
    ['subSubCategory', input.subSubCategory],
    ['originalPrice', String(input.originalPrice)],
    ['discount', String(input.discount)],
    ['remainingProducts', String(input.remainingProducts)],
    ['colors', json(input.colors)],
    ['sizes', json(input.sizes)],
    ['sku', input.sku],
    ['faqs', json(input.faqs)],
    ['video', input.video],
    ['status', input.status],
    ['variants', json(input.variants)],
  ];
  return fields.flatMap(([name, value]) => (value === undefined ? [] : [{ name, value }]));
}

/**
 * `PUT /products/{id}` names some fields differently; an empty Bangla text, sub-category, sub-sub-category, SKU or video
 * clears it.
 */
const UPDATE_NAMES = {
  name: 'productName',
  productNameBn: 'productNameBn',
  description: 'productDescription',
  productDescriptionBn: 'productDescriptionBn',
  quantity: 'quantity',
  quantityBn: 'quantityBn',
  productDetails: 'productDetails',
  productDetailsBn: 'productDetailsBn',
  searchTags: 'searchTags',
  category: 'productCategory',
  subCategory: 'productSubCategory',
  subSubCategory: 'productSubSubCategory',
  originalPrice: 'productOriginalPrice',
  discount: 'productDiscount',
  remainingProducts: 'remainingProducts',
  colors: 'productColors',
  sizes: 'productSizes',
  sku: 'sku',
  faqs: 'faqs',
  video: 'video',
  status: 'status',
  variants: 'variants',
} as const satisfies Record<Exclude<keyof ProductFormValues, 'hasVariants' | 'variantOptions'>, string>;

/** The text fields of `PUT /products/{id}`: every field of the form, so the product becomes what the form shows. */
export function updateFields(input: ProductCreateInput): FormPart[] {
  const values: Record<keyof typeof UPDATE_NAMES, string> = {
    name: input.name,
    productNameBn: input.productNameBn ?? '',
    description: input.description,
    productDescriptionBn: input.productDescriptionBn ?? '',
    quantity: input.quantity,
    quantityBn: input.quantityBn ?? '',
    productDetails: json(input.productDetails),
    productDetailsBn: json(input.productDetailsBn),
    searchTags: json(input.searchTags),
    category: input.category,
    subCategory: input.subCategory ?? '',
    subSubCategory: input.subSubCategory ?? '',
    originalPrice: String(input.originalPrice),
    discount: String(input.discount),
    remainingProducts: String(input.remainingProducts),
    colors: json(input.colors),
    sizes: json(input.sizes),
    sku: input.sku ?? '',
    faqs: json(input.faqs),
    video: input.video ?? '',
    status: input.status,
    variants: json(input.variants),
  };
  return (Object.keys(UPDATE_NAMES) as (keyof typeof UPDATE_NAMES)[]).map((field) => ({ name: UPDATE_NAMES[field], value: values[field] }));
}

/**
 * The form field a server error's path names (either endpoint's spelling), if any: a variant's field
 * (`variants.2.sku`) is that row's input, a problem of a whole row (`variants.2`) the row's.
 */
export function formFieldOf(path: string): FieldPath<ProductFormValues> | undefined {
  const [head, row, field] = path.split('.');
  if (!head) return undefined;
  if (head === 'variants' && row !== undefined && /^\d+$/.test(row)) {
    if (field === undefined) return `variants.${Number(row)}`;
    return ['sku', 'size', 'color', 'originalPrice', 'discount', 'remainingProducts'].includes(field)
      ? (`variants.${Number(row)}.${field}` as FieldPath<ProductFormValues>)
      : `variants.${Number(row)}`;
  }
  if (head in UPDATE_NAMES) return head as keyof typeof UPDATE_NAMES;
  const entry = Object.entries(UPDATE_NAMES).find(([, wire]) => wire === head);
  return entry?.[0] as keyof typeof UPDATE_NAMES | undefined;
}

/* ---------- images ---------- */

/** An image of the editor: one the product has (its media URL), or a file chosen here and not yet uploaded. */
export type ImageItem = { key: string; name: string; src: string } & ({ url: string; file?: never } | { file: File; url?: never });

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** The words of the images' problems, in the language on screen; a file's own are the server's (the api namespace). */
export type ImagesProblemText = { imagesRequired: string; imagesTooMany: (max: string) => string; imageWrongType: string; imageTooLarge: string };

const ENGLISH_PROBLEMS: ImagesProblemText = {
  imagesRequired: 'At least one product image is required',
  imagesTooMany: (max) => `A product can have at most ${max} images`,
  imageWrongType: IMAGE_WRONG_TYPE,
  imageTooLarge: IMAGE_TOO_LARGE,
};

/**
 * What is wrong with the images as they stand, with the server's own messages, or undefined; `max` is the greatest
 * number of images as the screen writes it.
 */
export function imagesProblem(images: readonly ImageItem[], text: ImagesProblemText = ENGLISH_PROBLEMS, max = String(MAX_PRODUCT_IMAGES)): string | undefined {
  if (images.length === 0) return text.imagesRequired;
  if (images.length > MAX_PRODUCT_IMAGES) return text.imagesTooMany(max);
  for (const image of images) {
    if (!image.file) continue;
    if (!IMAGE_TYPES.includes(image.file.type)) return `${image.name}: ${text.imageWrongType}`;
    if (image.file.size > MAX_IMAGE_BYTES) return `${image.name}: ${text.imageTooLarge}`;
  }
  return undefined;
}

/** The list with the item at `from` moved to `to` (clamped to the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from === target || from < 0 || from >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/**
 * The product's images in the editor's order, once the server has stored the new files: `uploaded` are their URLs in
 * the order the files were sent (the editor's order among new files).
 */
export function finalImageOrder(images: readonly ImageItem[], uploaded: readonly string[]): string[] {
  let next = 0;
  return images.map((image) => image.url ?? uploaded[next++] ?? '');
}
