/**
 * Variants: a product sold in several sizes and/or colours, each combination with its own SKU, price and stock. Free of
 * zod: the browser's first visit shows "from ৳…" with these.
 */

/** At most this many variants per product. */
export const MAX_VARIANTS = 100;

/** A variant's options: a size, a colour or both (the owner's own words: '500 g', 'XL', 'Navy'). */
export type VariantOptions = { size?: string; color?: string };

/** What a variant is called beside its product: its size and colour ('500 g', 'M, Red'). */
export function variantLabel(options: { size?: string | null; color?: string | null }): string {
  return [options.size, options.color].filter((option): option is string => Boolean(option)).join(', ');
}

/** Options match whatever their case or surrounding spaces. */
const sameOption = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** The variant with exactly these options, if any. */
export function variantWith<V extends VariantOptions>(variants: readonly V[], options: { size?: string | null; color?: string | null }): V | undefined {
  return variants.find((variant) => sameOption(variant.size, options.size) && sameOption(variant.color, options.color));
}

/** The distinct values of one option across the variants, in the variants' order. */
export function optionValues(variants: readonly VariantOptions[], option: keyof VariantOptions): string[] {
  const values: string[] = [];
  for (const variant of variants) {
    const value = variant[option];
    if (value && !values.some((known) => sameOption(known, value))) values.push(value);
  }
  return values;
}

/**
 * Whether the variants' prices differ, so a product card says "from" the lowest. An answer cached before products had
 * variants has none.
 */
export const pricesDiffer = (variants: readonly { price: number }[] | undefined): boolean =>
  (variants ?? []).some((variant) => variant.price !== variants?.[0]?.price);
