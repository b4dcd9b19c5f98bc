import { z } from 'zod';
import { idSchema } from './envelope';
import { numberOfText } from './locale';
import { CONTROL_MESSAGE, hasNoControls, hasNoNul, isOneLine, line, LINE_MESSAGE, NUL_MESSAGE, text } from './text';

export * from './catalogue-constants';
export * from './image-limits';
export * from './variants';
import {
  isSalePriceAllowed,
  LIST_LIMIT_MAX,
  MEDIA_URL_PATTERN,
  PAGE_SIZE,
  productStatuses,
  SALE_PRICE_TOO_LOW,
  SHARE_IMAGE,
  sortOptions,
} from './catalogue-constants';
import { isWholePoisha, toPoisha, toTaka } from './money';
import { pageQueryFields } from './pages';
import { MAX_VARIANTS } from './variants';

/* ---------- answers ---------- */

/** Every name has an optional Bangla one (`…Bn`, null when none is given): the Bangla storefront shows it, else the English one. */
export const categorySchema = z.object({ _id: z.string(), categoryName: z.string(), categoryNameBn: z.string().nullable(), categoryImage: z.string() });
export type Category = z.infer<typeof categorySchema>;

export const categoryNameSchema = z.object({ _id: z.string(), categoryName: z.string(), categoryNameBn: z.string().nullable() });
export type CategoryName = z.infer<typeof categoryNameSchema>;

export const subCategorySchema = z.object({
  _id: z.string(),
  subCategoryName: z.string(),
  subCategoryNameBn: z.string().nullable(),
  categoryId: z.string(),
  subCategoryImage: z.string().nullable(),
});
export type SubCategory = z.infer<typeof subCategorySchema>;

export const subSubCategorySchema = z.object({
  _id: z.string(),
  subSubCategoryName: z.string(),
  subSubCategoryNameBn: z.string().nullable(),
  categoryId: z.string(),
  subCategoryId: z.string(),
  subSubCategoryImage: z.string().nullable(),
});
export type SubSubCategory = z.infer<typeof subSubCategorySchema>;

export const bannerSchema = z.object({
  _id: z.string(),
  bannerImage: z.string(),
  bannerOffer: z.number(),
  bannerCategory: categoryNameSchema.nullable(),
  /** Its place on the home page, 1 first; the banners' positions run 1..n without gaps. */
  position: z.number(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const logoSchema = z.object({ _id: z.string(), url: z.string(), alt: z.string() });
export type Logo = z.infer<typeof logoSchema>;

export const faqSchema = z.object({ question: z.string(), answer: z.string() });
export type Faq = z.infer<typeof faqSchema>;

export const reviewSchema = z.object({
  _id: z.string(),
  userId: z.object({ _id: z.string(), name: z.string(), profileImg: z.string().nullable() }),
  /** ISO 8601. */
  date: z.string(),
  stars: z.number(),
  text: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** One combination of a product's options with its own SKU, price (after its own discount) and stock. */
export const productVariantSchema = z.object({
  _id: z.string(),
  sku: z.string(),
  size: z.string().optional(),
  color: z.string().optional(),
  originalPrice: z.number(),
  discount: z.number(),
  /** Taka, after the discount. */
  price: z.number(),
  remainingProducts: z.number(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

/** A product as every product call answers it; `reviews` is filled on the detail call only (lists carry `reviewCount`). */
export const productSchema = z.object({
  _id: z.string(),
  productName: z.string(),
  productDescription: z.string(),
  /** The name, description, details and unit in Bangla: null (empty details) where the owner gave none. */
  productNameBn: z.string().nullable(),
  productDescriptionBn: z.string().nullable(),
  productDetailsBn: z.array(z.string()),
  quantityBn: z.string().nullable(),
  productImages: z.array(z.string()),
  /** Taka, after the discount. */
  productPrice: z.number(),
  productOriginalPrice: z.number(),
  productDiscount: z.number(),
  productRating: z.number(),
  reviewCount: z.number(),
  reviews: z.array(reviewSchema),
  sales: z.number(),
  remainingProducts: z.number(),
  /** The unit the price is for, e.g. '1 kg'. */
  quantity: z.string(),
  productColors: z.array(z.string()),
  productSizes: z.array(z.string()),
  productDetails: z.array(z.string()),
  searchTags: z.array(z.string()),
  faqs: z.array(faqSchema),
  video: z.string().nullable(),
  productCategory: categoryNameSchema,
  productSubCategory: z.string().nullable(),
  productSubSubCategory: z.string().nullable(),
  OwnerId: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
  /**
   * Its variants in the owner's order, empty when it has none. A product with variants answers the price, discount and
   * original price of its cheapest variant, the variants' sizes and colours, and their stock summed.
   */
  variants: z.array(productVariantSchema),
  /** 'draft': answered to its owner and admins only, in the back office. */
  status: z.enum(productStatuses),
  /** The SKU of a product without variants, null when it has none (a product with variants: each variant's `sku`). */
  sku: z.string().nullable().optional(),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.object({
  count: z.number(),
  total: z.number(),
  page: z.number(),
  pages: z.number(),
  data: z.array(productSchema),
  /** When the search asked for matches nothing: the closest query that matches, whose products these are. */
  correctedSearch: z.string().optional(),
});
export type ProductList = z.infer<typeof productListSchema>;

/** Products and categories the search box offers as the shopper types, a few of each. */
export const SUGGESTED_PRODUCTS = 6;
export const SUGGESTED_CATEGORIES = 3;

/** `GET /products/suggest`: what the shopper has typed so far. */
export const suggestQuerySchema = z.object({
  q: text({ error: 'q is required' }).trim().min(1, 'q is required').max(100, 'q must be at most 100 characters'),
});

export const suggestionsSchema = z.object({
  products: z.array(z.object({ _id: z.string(), productName: z.string(), productImage: z.string().nullable(), productPrice: z.number() })),
  categories: z.array(z.object({ _id: z.string(), categoryName: z.string() })),
});
export type Suggestions = z.infer<typeof suggestionsSchema>;

export const categoryWithProductsSchema = categorySchema.extend({ products: z.array(productSchema) });
export type CategoryWithProducts = z.infer<typeof categoryWithProductsSchema>;

export const wishlistSchema = z.object({ products: z.array(productSchema) });
export type Wishlist = z.infer<typeof wishlistSchema>;

/* ---------- input helpers: query strings and multipart fields arrive as text, JSON bodies as values ---------- */

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
/** An optional input where an empty text counts as absent. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
/** In an update, an empty text clears the field. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable().optional());

/** A required input: absent or empty text gives `message`, anything else goes through `schema`. */
const required = <T extends z.ZodType>(schema: T, message: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .any()
      .refine((value) => value !== undefined, message)
      .pipe(schema),
  );

/**
 * A number, or the clean text of one in either digit set (forms and query strings send text; ১২০ is 120); never junk
 * text ('5abc', '0x10'), an array or a boolean coerced into one.
 */
const number = (label: string) => z.preprocess(numberOfText, z.number({ error: `${label} must be a number` }));
const wholeNumber = (label: string) => number(label).pipe(z.number().int(`${label} must be a whole number`));

/**
 * A list field: a JSON array, or text split by `separator` (commas for colours, sizes and tags; new lines for
 * details, which often contain commas), or a field repeated in the form. Empty items are dropped.
 */
function listOf(label: string, separator: RegExp, maxItems: number, maxLength: number) {
  const split = (text: string): unknown[] => {
    const trimmed = text.trim();
    if (trimmed.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(trimmed);
        return Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        return [{ unparsable: trimmed }];
      }
    }
    return trimmed.split(separator);
  };
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null) return value;
      const items = (Array.isArray(value) ? value : [value]).flatMap((item) => (typeof item === 'string' ? split(item) : [item]));
      return items.filter((item) => !(typeof item === 'string' && item.trim() === ''));
    },
    z
      .array(
        z
          .string({ error: `${label} must be a JSON array of text or a ${separator.source === ',' ? 'comma' : 'line'}-separated list` })
          .refine(hasNoNul, NUL_MESSAGE)
          .refine(hasNoControls, CONTROL_MESSAGE)
          .refine(isOneLine, LINE_MESSAGE)
          .trim()
          .max(maxLength, `Each item of ${label} must be at most ${maxLength} characters`),
      )
      .max(maxItems, `${label} can have at most ${maxItems} items`),
  );
}

/** A list a form field carries as JSON text (a JSON body carries the array itself); text that is no JSON is left for the schema to refuse. */
function fromJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

const faqList = z.preprocess(
  fromJsonText,
  z
    .array(
      z.object({
        question: line().trim().min(1, 'Each FAQ needs a question').max(300, 'An FAQ question must be at most 300 characters'),
        answer: text().trim().min(1, 'Each FAQ needs an answer').max(2000, 'An FAQ answer must be at most 2000 characters'),
      }),
      { error: 'faqs must be a JSON array of { question, answer }' },
    )
    .max(30, 'A product can have at most 30 FAQs'),
);

/**
 * Images are our own uploads (the browser's Content-Security-Policy allows images from this origin only); a
 * resized URL (`?w=250`) given back by a form is stored without its query.
 */
export const mediaUrlSchema = text()
  .trim()
  .max(200, 'Images must be uploaded files or /media/ URLs of uploaded files')
  .transform((url) => url.split('?')[0] ?? '')
  .pipe(z.string().regex(MEDIA_URL_PATTERN, 'Images must be uploaded files or /media/ URLs of uploaded files'));
/**
 * In a product form, `upload:N` stands for the form's N-th `productImages` file (from 0), so new pictures take their
 * place among the kept ones in one request; files no item names follow the listed images, in the order they came.
 */
export const UPLOAD_REF_PATTERN = /^upload:(\d{1,2})$/;
export const uploadRef = (fileIndex: number) => `upload:${fileIndex}`;
const PRODUCT_IMAGE_MESSAGE = 'Images must be uploaded files, upload:N for the N-th file of the form, or /media/ URLs of uploaded files';
const productImageSchema = text()
  .trim()
  .max(200, PRODUCT_IMAGE_MESSAGE)
  .transform((image) => (UPLOAD_REF_PATTERN.test(image) ? image : (image.split('?')[0] ?? '')))
  .pipe(z.string().refine((image) => UPLOAD_REF_PATTERN.test(image) || MEDIA_URL_PATTERN.test(image), PRODUCT_IMAGE_MESSAGE));
const imageList = z.preprocess(
  (value) => (value === undefined || value === null ? value : Array.isArray(value) ? value : [value]),
  z.array(productImageSchema),
);
/** Accepts a JSON array of media URLs too (the form sends the images a product keeps this way). */
const imageUrls = z.preprocess((value) => {
  const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return items.flatMap((item) => {
    if (typeof item !== 'string' || !item.trim().startsWith('[')) return [item];
    try {
      const parsed: unknown = JSON.parse(item);
      return Array.isArray(parsed) ? parsed : [item];
    } catch {
      return [item];
    }
  });
}, imageList);

const name = (label: string, max = 120) =>
  line({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const price = number('Price')
  .pipe(
    z
      .number()
      .positive('Price must be more than 0')
      .max(10_000_000, 'Price must be at most ৳10,000,000')
      .refine(isWholePoisha, 'Price can have at most two decimals (whole poisha)'),
  )
  .transform((taka) => toTaka(toPoisha(taka)));
/** Below 100 %: a discount never gives a product away (and the price after it is at least `SALE_PRICE_MIN`). */
const discount = wholeNumber('Discount').pipe(z.number().min(0, 'Discount must be between 0 and 99').max(99, 'Discount must be between 0 and 99'));
const stock = wholeNumber('Stock').pipe(z.number().min(0, 'Stock cannot be negative').max(1_000_000, 'Stock must be at most 1,000,000'));
const video = text('Video must be an http or https link')
  .max(500, 'Video link is too long')
  .pipe(z.url({ protocol: /^https?$/, error: 'Video must be an http or https link' }));
const description = text().trim().max(10_000, 'Description must be at most 10,000 characters');
const unit = line().trim().max(40, 'Quantity (unit) must be at most 40 characters');
const offer = wholeNumber('Offer').pipe(z.number().min(0, 'Offer must be between 0 and 100').max(100, 'Offer must be between 0 and 100'));
const categoryRef = line().trim().min(1, 'Category is required').max(120, 'Category is too long');
const STATUS_MESSAGE = 'Status must be published or draft';
const status = z.enum(productStatuses, { error: STATUS_MESSAGE });

/**
 * An SKU, a variant's or a product's without variants: the owner's own code for what is sold. One SKU names one thing
 * in the whole catalogue, whatever its case (the server checks both). Letters of any script count with their marks
 * (a Bangla vowel sign is one: চা).
 */
const skuSchema = text({ error: 'SKU is required' })
  .trim()
  .min(1, 'SKU is required')
  .max(60, 'SKU must be at most 60 characters')
  .regex(/^[\p{L}\p{N}][\p{L}\p{M}\p{N}._\-/]*$/u, 'SKU may hold letters, digits and . _ - / only');

/** A variant as a product form gives it: `_id` keeps an existing variant (its orders and carts name it), none adds one. */
export const variantInputSchema = z
  .strictObject(
    {
      _id: idSchema.optional(),
      sku: skuSchema,
      size: optional(line().trim().max(40, 'Size must be at most 40 characters')),
      color: optional(line().trim().max(40, 'Colour must be at most 40 characters')),
      originalPrice: required(price, 'Price is required'),
      discount: optional(discount).transform((v) => v ?? 0),
      remainingProducts: optional(stock).transform((v) => v ?? 0),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? `Unknown field ${issue.keys.map((key) => `"${key}"`).join(', ')}` : 'Each variant must be an object',
    },
  )
  .refine(({ originalPrice, discount }) => isSalePriceAllowed(originalPrice, discount), {
    message: SALE_PRICE_TOO_LOW,
    path: ['discount'],
    // Once the price and the discount are each valid: a missing or bad one has its own message.
    when: ({ issues }) => issues.length === 0,
  });
export type VariantInput = z.output<typeof variantInputSchema>;

/**
 * `variants`: a JSON array (a form field's text, or a JSON body's array). Each row is checked on its own, and a
 * problem names its row from 1 ("Variant 2: Price must be more than 0"); then across rows: every variant names the
 * same options (a size, a colour or both), no two share their options or their SKU. Each problem's path names the
 * row's field it is about (the row, when it is about the row as a whole).
 */
const variantList = z.preprocess(
  fromJsonText,
  z
    .array(z.unknown(), { error: 'variants must be a JSON array of { sku, size, color, originalPrice, discount, remainingProducts }' })
    .max(MAX_VARIANTS, `A product can have at most ${MAX_VARIANTS} variants`)
    .transform((rows, ctx) => {
      const parsed: VariantInput[] = [];
      rows.forEach((row, index) => {
        const result = variantInputSchema.safeParse(row);
        if (!result.success) {
          for (const issue of result.error.issues)
            ctx.addIssue({ code: 'custom', message: `Variant ${index + 1}: ${issue.message}`, path: [index, ...issue.path] });
          return;
        }
        parsed.push(result.data);
      });
      if (parsed.length !== rows.length) return z.NEVER;
      const first = parsed[0];
      const skus = new Set<string>();
      const combinations = new Set<string>();
      parsed.forEach((variant, index) => {
        const problem = (message: string, field?: keyof VariantInput) =>
          ctx.addIssue({ code: 'custom', message: `Variant ${index + 1}: ${message}`, path: field ? [index, field] : [index] });
        if (!variant.size && !variant.color) problem('give it a size, a colour or both');
        else if (first && (Boolean(variant.size) !== Boolean(first.size) || Boolean(variant.color) !== Boolean(first.color))) {
          problem('every variant must name the same options (a size, a colour or both)');
        }
        const sku = variant.sku.toLowerCase();
        if (skus.has(sku)) problem(`the SKU ${variant.sku} is given twice`, 'sku');
        skus.add(sku);
        const combination = JSON.stringify([variant.size?.toLowerCase() ?? '', variant.color?.toLowerCase() ?? '']);
        if (combinations.has(combination)) problem('another variant has the same size and colour', variant.size ? 'size' : 'color');
        combinations.add(combination);
      });
      return parsed;
    }),
);

/* ---------- requests ---------- */

/** `GET /products`. Unknown parameters are ignored; bad values answer 400. */
export const productListQuerySchema = z.object({
  page: optional(wholeNumber('page').pipe(z.number().min(1, 'page must be 1 or more').max(1_000_000, 'page must be at most 1,000,000'))).transform(
    (v) => v ?? 1,
  ),
  limit: optional(
    wholeNumber('limit').pipe(
      z.number().min(0, `limit must be between 0 and ${LIST_LIMIT_MAX}`).max(LIST_LIMIT_MAX, `limit must be between 0 and ${LIST_LIMIT_MAX}`),
    ),
  ).transform((v) => v ?? PAGE_SIZE),
  search: optional(text().trim().max(100, 'search must be at most 100 characters')),
  /** `1`: a search that matches nothing answers nothing, not the closest query that matches. */
  asTyped: optional(z.literal('1', { error: 'asTyped must be 1' })),
  /** A category id or a category name (any case). */
  category: optional(categoryRef),
  subCategory: optional(idSchema),
  subSubCategory: optional(idSchema),
  /** Bounds on the discounted price, in taka. */
  minPrice: optional(number('minPrice').pipe(z.number().min(0, 'minPrice cannot be negative'))),
  maxPrice: optional(number('maxPrice').pipe(z.number().min(0, 'maxPrice cannot be negative'))),
  /** The smallest discount, in percent. */
  discount: optional(number('discount').pipe(z.number().min(0, 'discount must be between 0 and 100').max(100, 'discount must be between 0 and 100'))),
  /** Absent: the newest first, or with a search the most relevant first. */
  sortBy: optional(z.enum(sortOptions, { error: `sortBy must be one of ${sortOptions.join(', ')}` })),
  /** `offer`: discounted products only, the biggest discount first. */
  popularProducts: optional(z.literal('offer', { error: 'popularProducts must be offer' })),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

export const MANAGED_PRODUCTS_PAGE_SIZE = 20;
export const managedProductSorts = ['newest', 'stock'] as const;
/** `GET /products/manage`: a seller's own products (an admin's: every product); `stock` sorts the lowest stock first. */
export const managedProductsQuerySchema = z.object({
  search: optional(text().trim().max(100, 'search must be at most 100 characters')),
  sortBy: optional(z.enum(managedProductSorts, { error: `sortBy must be one of ${managedProductSorts.join(', ')}` })).transform((v) => v ?? 'newest'),
  /** Only the published products, or only the drafts; absent: both. */
  status: optional(status),
  ...pageQueryFields(MANAGED_PRODUCTS_PAGE_SIZE, LIST_LIMIT_MAX),
});
export type ManagedProductsQuery = z.output<typeof managedProductsQuerySchema>;

export const productIdParamsSchema = z.object({ productId: idSchema });

/** A Bangla name: optional, so limited like the English one but never required. */
const banglaName = (label: string, max: number) => line().trim().max(max, `${label} must be at most ${max} characters`);

/** `POST /products` (multipart). Images come as `productImages` files and/or media URLs and `upload:N` places. */
export const productCreateSchema = z
  .object({
    name: name('Product name', 200),
    productNameBn: optional(banglaName('Bangla product name', 200)),
    productDescriptionBn: optional(description),
    productDetailsBn: optional(listOf('productDetailsBn', /\r?\n/, 50, 500)).transform((v) => v ?? []),
    quantityBn: optional(unit),
    originalPrice: required(price, 'Price is required'),
    discount: optional(discount).transform((v) => v ?? 0),
    description: optional(description).transform((v) => v ?? ''),
    quantity: optional(unit).transform((v) => v ?? ''),
    productDetails: optional(listOf('productDetails', /\r?\n/, 50, 500)).transform((v) => v ?? []),
    colors: optional(listOf('colors', /,/, 30, 40)).transform((v) => v ?? []),
    sizes: optional(listOf('sizes', /,/, 30, 40)).transform((v) => v ?? []),
    searchTags: optional(listOf('searchTags', /,/, 50, 60)).transform((v) => v ?? []),
    category: required(categoryRef, 'Category is required'),
    subCategory: optional(idSchema),
    subSubCategory: optional(idSchema),
    faqs: optional(faqList).transform((v) => v ?? []),
    remainingProducts: optional(stock).transform((v) => v ?? 0),
    /** Admins may create a product for a seller; a seller's products are always their own. */
    OwnerId: optional(idSchema),
    /** Accepted for compatibility and ignored: the owner's name comes from the owner's account. */
    OwnerName: z.unknown().optional(),
    video: optional(video),
    productImages: imageUrls,
    /** With variants, the product's price, discount, sizes, colours and stock follow from them and those fields are ignored. */
    variants: optional(variantList).transform((v) => v ?? []),
    /** A draft is kept from shoppers until it is published. */
    status: optional(status).transform((v) => v ?? 'published'),
    /** The SKU of a product without variants (a product with variants has none of its own: each variant has its SKU). */
    sku: optional(skuSchema),
  })
  .refine(({ originalPrice, discount }) => isSalePriceAllowed(originalPrice, discount), {
    message: SALE_PRICE_TOO_LOW,
    path: ['discount'],
    // Once the price and the discount are each valid: a missing or bad one has its own message.
    when: ({ issues }) => issues.length === 0,
  });
export type ProductCreateInput = z.output<typeof productCreateSchema>;

/** `PUT /products/{id}`: only the fields given change; an empty sub-category, sub-sub-category or video clears it. */
export const productUpdateSchema = z.object({
  productName: optional(name('Product name', 200)),
  productNameBn: clearable(banglaName('Bangla product name', 200)),
  productDescriptionBn: clearable(description),
  productDetailsBn: listOf('productDetailsBn', /\r?\n/, 50, 500).optional(),
  quantityBn: clearable(unit),
  productOriginalPrice: optional(price),
  productDiscount: optional(discount),
  productDescription: description.optional(),
  quantity: unit.optional(),
  productDetails: listOf('productDetails', /\r?\n/, 50, 500).optional(),
  productColors: listOf('productColors', /,/, 30, 40).optional(),
  productSizes: listOf('productSizes', /,/, 30, 40).optional(),
  searchTags: listOf('searchTags', /,/, 50, 60).optional(),
  productCategory: optional(categoryRef),
  productSubCategory: clearable(idSchema),
  productSubSubCategory: clearable(idSchema),
  faqs: faqList.optional(),
  remainingProducts: optional(stock),
  OwnerName: z.unknown().optional(),
  video: clearable(video),
  /** When given (as files and/or media URLs and `upload:N` places), the product's images become exactly these, in this order. */
  productImages: imageUrls.optional(),
  /** When given, the product's variants become exactly these, in this order (an empty list: none). */
  variants: variantList.optional(),
  status: optional(status),
  /** A product without variants: its SKU; an empty text clears it. A product given variants loses its own SKU. */
  sku: clearable(skuSchema),
});
export type ProductUpdateInput = z.output<typeof productUpdateSchema>;

export const categoryCreateSchema = z.object({
  categoryName: name('Category name', 60),
  categoryNameBn: optional(banglaName('Bangla category name', 60)),
  categoryImage: optional(mediaUrlSchema),
});
/** An empty Bangla name clears it (the English one shows). */
export const categoryUpdateSchema = z.object({
  categoryName: optional(name('Category name', 60)),
  categoryNameBn: clearable(banglaName('Bangla category name', 60)),
  categoryImage: optional(mediaUrlSchema),
});

export const subCategoryQuerySchema = z.object({ categoryId: optional(idSchema) });
export const subCategoryCreateSchema = z.object({
  subCategoryName: name('Sub-category name', 60),
  subCategoryNameBn: optional(banglaName('Bangla sub-category name', 60)),
  categoryId: required(idSchema, 'categoryId is required'),
  subCategoryImage: optional(mediaUrlSchema),
});
export const subCategoryUpdateSchema = z.object({
  subCategoryName: optional(name('Sub-category name', 60)),
  subCategoryNameBn: clearable(banglaName('Bangla sub-category name', 60)),
  categoryId: optional(idSchema),
  subCategoryImage: optional(mediaUrlSchema),
});

export const subSubCategoryQuerySchema = z.object({ subCategoryId: optional(idSchema), categoryId: optional(idSchema) });
export const subSubCategoryCreateSchema = z.object({
  subSubCategoryName: name('Sub-sub-category name', 60),
  subSubCategoryNameBn: optional(banglaName('Bangla sub-sub-category name', 60)),
  /** Optional: it follows from the sub-category; when given it must match. */
  categoryId: optional(idSchema),
  subCategoryId: required(idSchema, 'subCategoryId is required'),
  subSubCategoryImage: optional(mediaUrlSchema),
});
export const subSubCategoryUpdateSchema = z.object({
  subSubCategoryName: optional(name('Sub-sub-category name', 60)),
  subSubCategoryNameBn: clearable(banglaName('Bangla sub-sub-category name', 60)),
  categoryId: optional(idSchema),
  subCategoryId: optional(idSchema),
  subSubCategoryImage: optional(mediaUrlSchema),
});

/** A banner's place asked for; one past the last (or beyond) puts it last. Bounded so a hostile number is refused. */
export const BANNER_POSITION_MAX = 1000;
const bannerPosition = wholeNumber('Position').pipe(
  z.number().min(1, `Position must be between 1 and ${BANNER_POSITION_MAX}`).max(BANNER_POSITION_MAX, `Position must be between 1 and ${BANNER_POSITION_MAX}`),
);

export const bannerCreateSchema = z.object({
  bannerImage: optional(mediaUrlSchema),
  bannerOffer: optional(offer).transform((v) => v ?? 0),
  /** A category id or name; none for a banner that leads to all products. */
  bannerCategory: optional(categoryRef),
  /** Where it goes among the banners; absent puts it last. */
  position: optional(bannerPosition),
});
export const bannerUpdateSchema = z.object({
  bannerImage: optional(mediaUrlSchema),
  bannerOffer: optional(offer),
  bannerCategory: clearable(categoryRef),
  /** Moves it there; the banners between its old and new place shift by one. */
  position: optional(bannerPosition),
});

/** `POST /logo`: `url` is an uploaded file or the media URL of one; `alt` its text alternative. */
export const logoCreateSchema = z.object({
  url: optional(mediaUrlSchema),
  alt: optional(name('alt', 120)).transform((v) => v ?? 'haat'),
});

/** A review is written by a customer who received the product: one of their orders holding it was delivered. */
export const REVIEW_AFTER_DELIVERY = 'You can review a product once an order of it has been delivered to you';

export const reviewCreateSchema = z.object({
  review: z.object(
    {
      userId: idSchema,
      /** A JSON number: `[5]`, `"5"` or `true` is refused, not coerced. */
      stars: z
        .number({ error: 'Stars must be a whole number from 1 to 5' })
        .int('Stars must be a whole number from 1 to 5')
        .min(1, 'Stars must be a whole number from 1 to 5')
        .max(5, 'Stars must be a whole number from 1 to 5'),
      text: text({ error: 'Review text is required' }).trim().min(1, 'Review text is required').max(2000, 'Review text must be at most 2000 characters'),
    },
    { error: 'review is required' },
  ),
});
export type ReviewCreateInput = z.output<typeof reviewCreateSchema>['review'];

const SHARE_CROP = `w=${SHARE_IMAGE.width}&h=${SHARE_IMAGE.height}`;

/** `GET /media/{file}?w=`: without `w`, the original; `h` only in the one allowed crop, the share picture. */
export const mediaQuerySchema = z
  .object({
    w: optional(wholeNumber('w').pipe(z.number().min(1, 'w must be 1 or more').max(10_000, 'w must be at most 10000'))),
    h: optional(wholeNumber('h')),
  })
  .refine(({ w, h }) => h === undefined || (w === SHARE_IMAGE.width && h === SHARE_IMAGE.height), {
    message: `h is allowed only as ${SHARE_CROP}`,
    path: ['h'],
  });

export const wishlistParamsSchema = z.object({ customerId: idSchema });
export const wishlistItemParamsSchema = z.object({ customerId: idSchema, productId: idSchema });
export const wishlistAddSchema = z.object({ productId: required(idSchema, 'productId is required') });
