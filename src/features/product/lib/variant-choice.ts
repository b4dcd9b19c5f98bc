import type { Product, ProductVariant } from '@contract/catalogue';
import { optionValues, variantWith } from '@contract/variants';
import { sizesInOrder } from './purchase';

/** The shopper's choice of options on the product page. */
export type OptionChoice = { size?: string; color?: string };

/** Why an option cannot be chosen now: its variant is sold out, or it does not come with the colour chosen. */
export type Unavailable = 'soldOut' | 'notInColour';
export type OptionState = { value: string; unavailable?: Unavailable };

/** What the page starts with: the first variant in stock (else the first), or a product's first colour and size. */
export function initialChoice(product: Pick<Product, 'variants' | 'productColors' | 'productSizes'>): OptionChoice {
  const first = product.variants.find((variant) => variant.remainingProducts > 0) ?? product.variants[0];
  if (first) return { size: first.size, color: first.color };
  return { color: product.productColors[0], size: sizesInOrder(product.productSizes)[0] };
}

/** The variant the choice picks; undefined for a product without variants, or a combination it is not sold in. */
export function chosenVariant(product: Pick<Product, 'variants'>, choice: OptionChoice): ProductVariant | undefined {
  return product.variants.length > 0 ? variantWith(product.variants, choice) : undefined;
}

/**
 * The colours to show: a colour is unavailable only when every variant of it is sold out, so any colour can be
 * reached whatever size is chosen.
 */
export function colourOptions(product: Pick<Product, 'variants' | 'productColors'>): OptionState[] {
  if (product.variants.length === 0) return product.productColors.map((value) => ({ value }));
  return optionValues(product.variants, 'color').map((value) => {
    const inStock = product.variants.some((variant) => variant.color === value && variant.remainingProducts > 0);
    return inStock ? { value } : { value, unavailable: 'soldOut' };
  });
}

/** The sizes to show, smallest first: with variants, each as it stands in the colour chosen. */
export function sizeOptions(product: Pick<Product, 'variants' | 'productSizes'>, choice: OptionChoice): OptionState[] {
  if (product.variants.length === 0) return sizesInOrder(product.productSizes).map((value) => ({ value }));
  const hasColours = product.variants.some((variant) => variant.color);
  return sizesInOrder(optionValues(product.variants, 'size')).map((value) => {
    const variant = variantWith(product.variants, { size: value, color: hasColours ? choice.color : undefined });
    if (!variant) return { value, unavailable: 'notInColour' };
    return variant.remainingProducts > 0 ? { value } : { value, unavailable: 'soldOut' };
  });
}

/**
 * The choice after picking a colour: the size stays when it comes in that colour and is in stock, else the first
 * size that does (else the first it comes in at all).
 */
export function withColour(product: Pick<Product, 'variants'>, choice: OptionChoice, color: string): OptionChoice {
  if (product.variants.length === 0 || !product.variants.some((variant) => variant.size)) return { ...choice, color };
  const ofColour = product.variants.filter((variant) => variant.color === color);
  const keep = ofColour.find((variant) => variant.size === choice.size && variant.remainingProducts > 0);
  const next = keep ?? ofColour.find((variant) => variant.remainingProducts > 0) ?? ofColour[0];
  return { color, size: next?.size ?? choice.size };
}
