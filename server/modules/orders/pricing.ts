import { apiMessage } from '../../../contract/api-messages';
import { SALE_PRICE_MIN } from '../../../contract/catalogue-constants';
import { toPoisha } from '../../../contract/money';
import type { OrderCreateData } from '../../../contract/orders';
import { badRequest, conflict } from '../../http/errors';

/** What an order line needs to know of a product, read from the database. */
export type ProductForOrder = {
  id: string;
  name: string;
  /** Taka, after the product's discount. */
  price: number;
  remaining: number;
  colors: string[];
  sizes: string[];
  images: string[];
};

/** A line as the server prices it; money in poisha. */
export type PricedLine = {
  productId: string;
  productName: string;
  image: string | null;
  quantity: number;
  size: string | null;
  color: string | null;
  unitPoisha: number;
  subTotalPoisha: number;
};

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
 * Prices every line from the database: unit price after the product discount, the product's own name and image,
 * options among the product's, and quantities within stock (summed over lines of the same product). Whatever
 * names, images or amounts the browser sent are ignored.
 */
export function priceLines(items: OrderCreateData['items'], catalogue: Map<string, ProductForOrder>): PricedLine[] {
  const wanted = new Map<string, number>();
  const lines = items.map((item): PricedLine => {
    const product = catalogue.get(item.productId);
    if (!product) throw badRequest('A product in your order is no longer available');
    const unitPoisha = toPoisha(product.price);
    wanted.set(product.id, (wanted.get(product.id) ?? 0) + item.quantity);
    return {
      productId: product.id,
      productName: product.name,
      image: product.images[0] ?? null,
      quantity: item.quantity,
      color: chooseOption(item.color, product.colors, 'colour', product.name),
      size: chooseOption(item.size, product.sizes, 'size', product.name),
      unitPoisha,
      subTotalPoisha: unitPoisha * item.quantity,
    };
  });
  for (const [id, quantity] of wanted) {
    const product = catalogue.get(id)!;
    if (quantity > product.remaining) throw stockConflict(product.name, product.remaining);
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
