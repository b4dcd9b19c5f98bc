import { apiMessage } from '../../../contract/api-messages';
import { SALE_PRICE_MIN } from '../../../contract/catalogue-constants';
import { toPoisha } from '../../../contract/money';
import type { OrderCreateData } from '../../../contract/orders';
import { variantLabel, variantWith } from '../../../contract/variants';
import { badRequest, conflict } from '../../http/errors';

/** What an order line needs to know of a product, read from the database. */
export type ProductForOrder = {
  id: string;
  name: string;
  /** Its Bangla name, if it has one. */
  nameBn: string | null;
  /** Taka, after the product's discount. */
  price: number;
  remaining: number;
  colors: string[];
  sizes: string[];
  images: string[];
  /** Its variants; empty when it has none. */
  variants: VariantForOrder[];
};

export type VariantForOrder = { id: string; size: string | null; color: string | null; price: number; remaining: number };

/** A line as the server prices it; money in poisha. */
export type PricedLine = {
  productId: string;
  variantId: string | null;
  productName: string;
  /** The product's Bangla name when bought: a Bangla order's invoice and messages name the line by it. */
  productNameBn: string | null;
  image: string | null;
  quantity: number;
  size: string | null;
  color: string | null;
  unitPoisha: number;
  subTotalPoisha: number;
};

/** A line's goods; a stored line whose product has since been deleted has no productId. */
type LineGoods = Omit<PricedLine, 'productId' | 'unitPoisha' | 'subTotalPoisha'> & { productId: string | null };

/** What a line sells, as an order keeps it and every answer names it: the product and variant as bought, how many, the options. */
export function lineGoods({ productId, variantId, productName, productNameBn, image, quantity, size, color }: LineGoods): LineGoods {
  return { productId, variantId, productName, productNameBn, image, quantity, size, color };
}

export function stockConflict(name: string, remaining: number) {
  return conflict(remaining > 0 ? apiMessage('onlyLeft', remaining, name) : apiMessage('outOfStock', name));
}

/** The product's own spelling of an option the shopper chose; products without options take none. */
function chooseOption(chosen: string | undefined, available: string[], what: 'colour' | 'size', product: string): string | null {
  if (available.length === 0) return null;
  if (!chosen) throw badRequest(apiMessage(what === 'colour' ? 'chooseColour' : 'chooseSize', product));
  const match = available.find((option) => option.trim().toLowerCase() === chosen.toLowerCase());
  if (!match) throw badRequest(apiMessage(what === 'colour' ? 'notInColour' : 'notInSize', product, chosen));
  return match;
}

/**
 * The variant a line buys: the one it names, else (a client that knows only sizes and colours) the one with its size
 * and colour. A line naming a variant of a product without variants, or one the product no longer has, is refused.
 */
function chooseVariant(item: OrderCreateData['items'][number], product: ProductForOrder): VariantForOrder | null {
  if (product.variants.length === 0) {
    if (item.variantId) throw badRequest(apiMessage('notInChoice', product.name));
    return null;
  }
  if (item.variantId) {
    const named = product.variants.find((variant) => variant.id === item.variantId);
    if (!named) throw badRequest(apiMessage('notInChoice', product.name));
    return named;
  }
  const size = chooseOption(item.size, product.sizes, 'size', product.name);
  const color = chooseOption(item.color, product.colors, 'colour', product.name);
  const matching = variantWith(
    product.variants.map((variant) => ({ ...variant, size: variant.size ?? undefined, color: variant.color ?? undefined })),
    { size, color },
  );
  if (!matching) throw badRequest(apiMessage('notInChoice', product.name));
  return product.variants.find((variant) => variant.id === matching.id)!;
}

/** How a stock message names what ran out: the product, and its variant's size and colour. */
export const stockName = (product: string, variant: { size: string | null; color: string | null } | null): string =>
  variant ? `${product} (${variantLabel(variant)})` : product;

/**
 * Prices every line from the database: unit price after the discount (the variant's own, for a product with
 * variants), the product's own name and image, options among the product's (a variant's are its size and colour),
 * and quantities within stock (summed over lines of the same product or variant). Whatever names, images or amounts
 * the browser sent are ignored.
 */
export function priceLines(items: OrderCreateData['items'], catalogue: Map<string, ProductForOrder>): PricedLine[] {
  const wanted = new Map<string, { quantity: number; remaining: number; name: string }>();
  const lines = items.map((item): PricedLine => {
    const product = catalogue.get(item.productId);
    if (!product) throw badRequest('A product in your order is no longer available');
    const variant = chooseVariant(item, product);
    const unitPoisha = toPoisha(variant ? variant.price : product.price);
    const stockKey = variant ? `variant:${variant.id}` : product.id;
    const stock = wanted.get(stockKey) ?? { quantity: 0, remaining: variant ? variant.remaining : product.remaining, name: stockName(product.name, variant) };
    wanted.set(stockKey, { ...stock, quantity: stock.quantity + item.quantity });
    return {
      productId: product.id,
      variantId: variant?.id ?? null,
      productName: product.name,
      productNameBn: product.nameBn,
      image: product.images[0] ?? null,
      quantity: item.quantity,
      color: variant ? variant.color : chooseOption(item.color, product.colors, 'colour', product.name),
      size: variant ? variant.size : chooseOption(item.size, product.sizes, 'size', product.name),
      unitPoisha,
      subTotalPoisha: unitPoisha * item.quantity,
    };
  });
  for (const { quantity, remaining, name } of wanted.values()) {
    if (quantity > remaining) throw stockConflict(name, remaining);
  }
  return lines;
}

export type CouponTerms = { kind: 'percent' | 'fixed'; value: number };

/**
 * The coupon's discount on the items (never on delivery), in poisha: the items still cost at least `SALE_PRICE_MIN`
 * after it, as a product does after its own discount, so no coupon makes an order free.
 */
export function couponDiscount(coupon: CouponTerms, subTotalPoisha: number): number {
  const off = coupon.kind === 'percent' ? Math.round((subTotalPoisha * toPoisha(coupon.value)) / 10_000) : toPoisha(coupon.value);
  return Math.max(0, Math.min(off, subTotalPoisha - toPoisha(SALE_PRICE_MIN)));
}
