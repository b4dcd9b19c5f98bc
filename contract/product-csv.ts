import { z } from 'zod';
import { text } from './text';

/**
 * The products file of the back office's export and import: one row per variant (a product without variants is one
 * row), the product's own columns repeated on each of its rows. The names are stable: a file exported once can be
 * edited and imported any time later.
 */
export const PRODUCT_CSV_COLUMNS = [
  'productId',
  'productName',
  'productNameBn',
  'productDescription',
  'productDescriptionBn',
  'productDetails',
  'productDetailsBn',
  'quantity',
  'quantityBn',
  'searchTags',
  'category',
  'subCategory',
  'subSubCategory',
  'productImages',
  'variantId',
  'sku',
  'size',
  'color',
  'originalPrice',
  'discount',
  'remainingProducts',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** The largest file an import reads, in bytes, and the most rows (after the header). */
export const PRODUCT_CSV_MAX_BYTES = 16 * 1024 * 1024;
export const PRODUCT_CSV_MAX_ROWS = 10_000;

/** `POST /products/import/apply?preview=…`: the token of the preview the owner saw. */
export const productImportApplyQuerySchema = z.object({
  preview: text({ error: 'preview is required' }).regex(/^[0-9a-f]{64}$/, 'preview must be the token of a preview'),
});

const changeSchema = z.object({ field: z.string(), before: z.string(), after: z.string() });

/** One product of the file as the import would treat it: the lines it spans, and what happens to it. */
export const productImportRowSchema = z.object({
  lines: z.array(z.number()),
  outcome: z.enum(['create', 'change', 'refuse']),
  productId: z.string().nullable(),
  productName: z.string(),
  /** What would change (a change), each field before and after. */
  changes: z.array(changeSchema),
  /** Why it is refused (a refusal): a message of the API's catalogue carries its code and values, a form rule's only its text. */
  reason: z.object({ message: z.string(), code: z.string().optional(), values: z.array(z.union([z.string(), z.number()])).optional() }).nullable(),
});
export type ProductImportRow = z.output<typeof productImportRowSchema>;

/** `POST /products/import/preview`: what applying the file would do; nothing is written. */
export const productImportPreviewSchema = z.object({
  /** Names this preview: applying checks that the file and the products are still as previewed. */
  preview: z.string(),
  created: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  refused: z.number(),
  /** Products created, changed and refused, in the file's order; unchanged ones are only counted. */
  rows: z.array(productImportRowSchema),
});
export type ProductImportPreview = z.output<typeof productImportPreviewSchema>;

export const productImportResultSchema = z.object({ created: z.number(), changed: z.number() });
export type ProductImportResult = z.output<typeof productImportResultSchema>;

/** The body of both import routes: the file, as text. */
export const productCsvBodySchema = z.string().meta({ description: 'The CSV file (text/csv, UTF-8)' });
