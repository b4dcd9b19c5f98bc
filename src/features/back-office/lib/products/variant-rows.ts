import type { ProductVariant } from '@contract/catalogue';

/** The options a product's variants name: the wire carries a size and a colour. */
export type VariantOptions = { size: boolean; color: boolean };

/** A row of the variants table as typed: numbers as text, `_id` empty for a row not saved yet. */
export type VariantRow = { _id: string; sku: string; size: string; color: string; originalPrice: string; discount: string; remainingProducts: string };

export const emptyVariantRow = (): VariantRow => ({ _id: '', sku: '', size: '', color: '', originalPrice: '', discount: '0', remainingProducts: '0' });

export function variantRowsOf(variants: readonly ProductVariant[]): VariantRow[] {
  return variants.map((variant) => ({
    _id: variant._id,
    sku: variant.sku,
    size: variant.size ?? '',
    color: variant.color ?? '',
    originalPrice: String(variant.originalPrice),
    discount: String(variant.discount),
    remainingProducts: String(variant.remainingProducts),
  }));
}

/** The options the saved variants name; a product without variants starts with sizes. */
export function variantOptionsOf(variants: readonly ProductVariant[]): VariantOptions {
  if (variants.length === 0) return { size: true, color: false };
  return { size: variants.some((variant) => variant.size !== undefined), color: variants.some((variant) => variant.color !== undefined) };
}

/** The rows as `variants` of the product calls: only the options chosen, and `_id` only for saved rows. */
export function variantsOnWire(rows: readonly VariantRow[], options: VariantOptions) {
  return rows.map((row) => ({
    ...(row._id !== '' && { _id: row._id }),
    sku: row.sku,
    ...(options.size && { size: row.size }),
    ...(options.color && { color: row.color }),
    originalPrice: row.originalPrice,
    discount: row.discount,
    remainingProducts: row.remainingProducts,
  }));
}

/** What a row is called on screen and in its fields' names: its options ("500 g", "M, Red"), or its place when it has none yet. */
export function variantRowName(row: Pick<VariantRow, 'size' | 'color'>, options: VariantOptions, numbered: string): string {
  const values = [options.size ? row.size.trim() : '', options.color ? row.color.trim() : ''].filter(Boolean);
  return values.length > 0 ? values.join(', ') : numbered;
}
